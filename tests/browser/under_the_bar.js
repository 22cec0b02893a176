// The focused control and how much of it (0 to 1) the sticky save bar covers; null when
// nothing is focused, footer: true once focus reached the footer (past the bar).
() => {
    const el = document.activeElement, bar = document.querySelector('.actions.sticky');
    if (!el || el === document.body) return null;
    const what = el.outerHTML.slice(0, 80), footer = !!el.closest('footer');
    if (bar.contains(el) || footer) return {what, covered: 0, footer};
    const a = el.getBoundingClientRect(), b = bar.getBoundingClientRect();
    const overlap = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
    return {what, covered: a.height ? overlap / a.height : 0, footer};
}
