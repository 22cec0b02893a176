() => {
        const found = [];
        for (const el of document.querySelectorAll('main a, main button, main select, main input:not([type=checkbox]):not([type=radio]):not([type=hidden]), .chip, footer a')) {
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0 || el.closest('.default-action')) continue;
            if (r.height < 43.5 || r.width < 43.5) found.push(el.outerHTML.slice(0, 80) + ' ' + r.width + 'x' + r.height);
        }
        return found;
    }
