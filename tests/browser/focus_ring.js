() => {
    // Every control the keyboard reaches, focused in turn: the outline that focus adds (on the
    // control or an ancestor, e.g. a chip around its checkbox) must be solid and contrast at least
    // 3:1 with what is behind it (WCAG 1.4.11). Call after a key press, so that focus is visible.
    /* colours.js */
    // behind a ring on nothing opaque: the document's own background
    function background(el) {
        return backgroundOr(el, rgb(getComputedStyle(document.documentElement).backgroundColor));
    }
    function outline(el) {
        const s = getComputedStyle(el);
        return [s.outlineStyle, s.outlineWidth, s.outlineColor].join(' ');
    }
    function describe(el) { return el.outerHTML.slice(0, 90); }
    const found = [];
    let checked = 0;
    const reachable = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
        .filter(el => el.tabIndex >= 0 && !el.disabled && el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden');
    for (const el of reachable) {
        const chain = [];
        for (let up = el; up && up !== document.body; up = up.parentElement) chain.push(up);
        const before = chain.map(outline);
        el.focus();
        if (document.activeElement !== el) continue;
        if (!el.matches(':focus-visible')) { found.push('focus not visible: ' + describe(el)); continue; }
        checked += 1;
        const rings = chain.filter((up, i) => outline(up) !== before[i]);
        if (!rings.length) { found.push('no focus ring: ' + describe(el)); continue; }
        const best = Math.max(...rings.map(ring => {
            const s = getComputedStyle(ring);
            if (s.outlineStyle !== 'solid' || parseFloat(s.outlineWidth) < 2) return 0;
            return ratio(rgb(s.outlineColor), background(ring.parentElement));
        }));
        if (best < 3) found.push('focus ring ' + best.toFixed(2) + ':1 ' + describe(el));
    }
    document.activeElement.blur();
    return { checked, found };
}
