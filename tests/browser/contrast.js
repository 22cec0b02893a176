() => {
    /* colours.js */
    // text on nothing opaque: white behind it
    function background(el) { return backgroundOr(el, [255, 255, 255, 1]); }
    const low = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode, el = node.parentElement;
        if (!node.textContent.trim() || !el.getClientRects().length) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || el.closest('.visually-hidden, .default-action, [hidden]')) continue;
        const found = ratio(rgb(style.color), background(el));
        const large = parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.66 && Number(style.fontWeight) >= 700);
        if (found < (large ? 3 : 4.5)) low.push(node.textContent.trim().slice(0, 30) + ' ' + found.toFixed(2));
    }
    return low;
}
