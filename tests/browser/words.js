(selector) => {
    // Words split over two lines inside the elements matching selector: a word whose text
    // range draws more than one box was broken inside itself.
    const broken = [];
    for (const root of document.querySelectorAll(selector)) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
            const node = walker.currentNode;
            if (!node.parentElement.getClientRects().length) continue;
            const re = /\S+/g;
            let match;
            while ((match = re.exec(node.textContent))) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                const lines = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0)
                    .map(r => Math.round(getComputedStyle(node.parentElement).writingMode.startsWith('vertical') ? r.left : r.top)));
                if (lines.size > 1) broken.push(match[0]);
            }
        }
    }
    return broken;
}
