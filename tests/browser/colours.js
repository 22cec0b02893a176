    // Colour helpers of the contrast checks (WCAG 2.x relative luminance and contrast ratio),
    // put into each check where it says /* colours.js */ (tests/browser/page_scripts.py).
    function rgb(text) { const m = text.match(/[\d.]+/g).map(Number); return m.length > 3 ? m : [...m, 1]; }
    function lum(c) {
        const [r, g, b] = c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    }
    function ratio(one, other) {
        const a = lum(one), b = lum(other);
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }
    // The first mostly opaque background from el up; ``fallback`` when none is.
    function backgroundOr(el, fallback) {
        for (; el; el = el.parentElement) {
            const c = rgb(getComputedStyle(el).backgroundColor);
            if (c[3] > 0.5) return c;
        }
        return fallback;
    }
