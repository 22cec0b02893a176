() => {
    function rgb(text) { const m = text.match(/[\d.]+/g).map(Number); return m.length > 3 ? m : [...m, 1]; }
    function lum(c) {
        const [r, g, b] = c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    }
    function background(el) {
        for (; el; el = el.parentElement) {
            const c = rgb(getComputedStyle(el).backgroundColor);
            if (c[3] > 0.5) return c;
        }
        return [255, 255, 255, 1];
    }
    const low = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode, el = node.parentElement;
        if (!node.textContent.trim() || !el.getClientRects().length) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || el.closest('.visually-hidden, .default-action, [hidden]')) continue;
        const a = lum(rgb(style.color)), b = lum(background(el));
        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        const large = parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.66 && Number(style.fontWeight) >= 700);
        if (ratio < (large ? 3 : 4.5)) low.push(node.textContent.trim().slice(0, 30) + ' ' + ratio.toFixed(2));
    }
    return low;
}
