// Every invalid field says so (aria-invalid) and names a message (aria-describedby), and every
// message under a field is named by one: the problems found, and how many fields and messages.
() => {
    const found = [];
    const fields = new Set(document.querySelectorAll(
        '.field.invalid input:not([type=hidden]):not([type=search]), .field.invalid select, .chip.invalid input,'
        + ' td.invalid input, .pair.invalid select, [aria-invalid=true]'));
    for (const el of fields) {
        const ids = (el.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
        const said = ids.map(id => document.getElementById(id)).filter(Boolean)
            .map(e => e.textContent.trim()).join(' ');
        if (el.getAttribute('aria-invalid') !== 'true') found.push('not aria-invalid: ' + el.outerHTML.slice(0, 90));
        else if (!said) found.push('names no message: ' + el.outerHTML.slice(0, 90));
    }
    const named = new Set([...document.querySelectorAll('[aria-describedby]')]
        .flatMap(el => el.getAttribute('aria-describedby').split(/\s+/)));
    const lists = document.querySelectorAll('form ul.errors');
    for (const list of lists) {
        if (!named.has(list.id)) found.push('a message no field names: ' + list.outerHTML.slice(0, 90));
    }
    return {shown: fields.size + lists.length, found};
}
