(behind) => {
    /* colours.js */
    // In a chart's SVG document as Chromium draws it: each series in its order (the stacking
    // order of bars) with the colour its bars are filled with (the colour under a pattern's
    // hatching) or its line is drawn in, and its pattern (the hatching's id, a line's dashes);
    // and for each two neighbours their contrast ratio and whether their patterns are alike;
    // each series' contrast with ``behind``, the colour of the page the chart is shown on.
    const fillOf = (el) => {
        const fill = getComputedStyle(el).fill;
        const id = (fill.match(/url\("?#([^")]+)"?\)/) || [])[1];
        if (!id) return { colour: fill, pattern: 'plain' };
        const base = document.getElementById(id).querySelector('rect');
        return { colour: getComputedStyle(base).fill, pattern: id };
    };
    // a line's pattern is its dashes
    const strokeOf = (el) => {
        const style = getComputedStyle(el);
        return { colour: style.stroke, pattern: 'dashes ' + style.strokeDasharray };
    };
    const series = [...document.querySelectorAll('g.series')].filter((g) => g.querySelector('rect, path.line')).map((g) => {
        const bar = g.querySelector('rect');
        return bar ? fillOf(bar) : strokeOf(g.querySelector('path.line'));
    });
    const pairs = [];
    for (let i = 1; i < series.length; i++) {
        pairs.push({ ratio: ratio(rgb(series[i - 1].colour), rgb(series[i].colour)),
                     samePattern: series[i - 1].pattern === series[i].pattern,
                     colours: [series[i - 1].colour, series[i].colour] });
    }
    for (const one of series) one.offPage = ratio(rgb(one.colour), rgb(behind));
    return { series, pairs };
}
