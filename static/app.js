// A little help on top of pages that work without it: steppers, the card filter, auto-submit.
(function () {
  "use strict";
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ł/g, "l").toLowerCase();
  }
  // The steppers and picks stop where the rules stop (tokens per kind and in all):
  // a button or number past its limit looks disabled and the field says why.
  function held(member) {  // what one field of a shared limit holds
    if (member.tagName === "FIELDSET") {  // picks: the number picked
      var picked = member.querySelector("input:checked");
      return picked ? parseInt(picked.value, 10) || 0 : 0;
    }
    // typed victory tokens ("1 3 5") count as many tokens as they hold
    var count = member.hasAttribute("data-tokens") ? Number(member.getAttribute("data-tokens"))
      : parseInt(member.value, 10);
    return Math.max(0, count || 0);
  }
  function othersHold(element) {
    var others = 0;
    document.querySelectorAll('[data-sum="' + element.getAttribute("data-sum") + '"]').forEach(function (other) {
      if (other !== element) { others += held(other); }
    });
    return others;
  }
  function limit(input) {
    var max = input.hasAttribute("data-max") ? Number(input.getAttribute("data-max")) : Infinity;
    var why = input.getAttribute("data-why") || "";
    if (input.hasAttribute("data-sum")) {  // e.g. conflict tokens: two battles per age, six tokens in all
      var left = Math.max(0, Number(input.getAttribute("data-sum-max")) - othersHold(input));
      if (left < max) { max = left; why = input.getAttribute("data-sum-why") || why; }
    }
    return { max: max, why: why };
  }
  function refresh(box) {
    var input = box.querySelector("input");
    var value = parseInt(input.value, 10);
    var min = input.hasAttribute("data-min") ? Number(input.getAttribute("data-min")) : -Infinity;
    var top = limit(input);
    var plus = box.querySelector('[data-step="1"]'), minus = box.querySelector('[data-step="-1"]');
    var atTop = !isNaN(value) && value >= top.max, atBottom = isNaN(value) || value <= min;
    plus.setAttribute("aria-disabled", atTop ? "true" : "false");
    minus.setAttribute("aria-disabled", atBottom ? "true" : "false");
    var note = box.parentNode.querySelector("[data-limit]");
    if (note) { note.textContent = atTop ? top.why : ""; }
  }
  var steppers = Array.prototype.slice.call(document.querySelectorAll(".stepper"));
  // Picks sharing a limit (the defeat tokens): the numbers past what the other fields leave
  // look disabled; a tap on one keeps the count and says why.
  var shared = Array.prototype.slice.call(document.querySelectorAll("fieldset.picks[data-sum]"));
  function room(box) { return Math.max(0, Number(box.getAttribute("data-sum-max")) - othersHold(box)); }
  function refreshPicks(box) {
    var left = room(box);
    box.querySelectorAll("input[type=radio]").forEach(function (radio) {
      var over = Number(radio.value) > left && !radio.checked;
      radio.setAttribute("aria-disabled", over ? "true" : "false");
      radio.closest(".pick").classList.toggle("over", over);
    });
  }
  shared.forEach(function (box) {
    var note = box.querySelector("[data-limit]");
    box.addEventListener("click", function (event) {
      var radio = event.target.closest && event.target.closest("input[type=radio]");
      if (!radio) { return; }
      if (radio.getAttribute("aria-disabled") === "true") {
        event.preventDefault();  // the count stays as it was
        note.textContent = box.getAttribute("data-sum-why");
      } else {
        note.textContent = "";
      }
    });
    box.addEventListener("change", refreshAll);
  });
  function refreshAll() { steppers.forEach(refresh); shared.forEach(refreshPicks); }
  steppers.forEach(function (box) {
    var input = box.querySelector("input");
    box.querySelectorAll("[data-step]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var value = parseInt(input.value, 10);
        if (isNaN(value)) { value = 0; }
        value += parseInt(button.getAttribute("data-step"), 10);
        var min = input.hasAttribute("data-min") ? Number(input.getAttribute("data-min")) : -Infinity;
        input.value = String(Math.min(limit(input).max, Math.max(min, value)));
        input.dispatchEvent(new Event("input", { bubbles: true }));
        // focus stays on the button: its output (a polite live region) says the new value
        var said = box.parentNode.querySelector("[data-announce]");
        if (said && input.labels.length) { said.textContent = input.labels[0].textContent.trim() + ": " + input.value; }
      });
    });
    input.addEventListener("input", refreshAll);
  });
  refreshAll();
  // Victory tokens typed as their values ("1 3 5 5"): their sum beside the field as they are
  // typed, nothing while the text is not (yet) only token values; they count towards the
  // tokens in all that the defeat stepper stops at.
  document.querySelectorAll("[data-token-total]").forEach(function (total) {
    var input = document.getElementById(total.getAttribute("for"));
    var values = (input.getAttribute("placeholder") || "").split(" ");
    var single = values.every(function (value) { return value.length === 1; });
    function show() {
      var runs = input.value.split(/[\s,+]+/).filter(Boolean), sum = 0, count = 0, ok = runs.length > 0;
      runs.forEach(function (run) {
        (single ? run.split("") : [run]).forEach(function (value) {
          if (values.indexOf(value) === -1) { ok = false; } else { sum += Number(value); count += 1; }
        });
      });
      total.textContent = ok ? "= " + sum : "";
      input.setAttribute("data-tokens", ok ? String(count) : "0");
      refreshAll();  // the other tokens' steppers: six battles in all
    }
    input.addEventListener("input", show);
    show();
  });
  // Each filter box filters the chips of its own section (buildings; leaders).
  document.querySelectorAll("[data-filter]").forEach(function (filter) {
    var scope = filter.closest("section") || document;
    filter.hidden = false;
    var box = filter.querySelector("input");
    var chips = Array.prototype.slice.call(scope.querySelectorAll(".chip[data-name]"));
    chips.forEach(function (chip) { chip.dataset.folded = fold(chip.dataset.name); });
    var empty = null;  // "nothing matches", said where the chips were
    if (filter.hasAttribute("data-filter-empty")) {
      empty = document.createElement("p");
      empty.className = "hint";
      empty.setAttribute("role", "status");
      empty.textContent = filter.getAttribute("data-filter-empty");
      empty.hidden = true;
      filter.parentNode.insertBefore(empty, filter.nextSibling);
    }
    box.addEventListener("input", function () {
      var query = fold(box.value.trim());
      var shown = 0;
      chips.forEach(function (chip) {
        chip.hidden = query !== "" && chip.dataset.folded.indexOf(query) === -1;
        shown += chip.hidden ? 0 : 1;
      });
      scope.querySelectorAll("[data-group]").forEach(function (group) {
        group.hidden = !group.querySelector(".chip:not([hidden])");
      });
      if (empty) { empty.hidden = shown > 0; }
    });
  });
  // The blank pad's chooser: no more players than the edition and expansions chosen allow
  // (the table is the rulesets'); a count left at the most allowed follows the most.
  document.querySelectorAll("[data-most-players]").forEach(function (select) {
    var form = select.form, most = JSON.parse(select.getAttribute("data-most-players"));
    function allowed() {
      var played = Array.prototype.filter.call(form.querySelectorAll("input[type=checkbox]"),
        function (box) { return box.checked; }).map(function (box) { return box.name; });
      var counts = most[form.elements.edition.value] || {};
      return counts[played.sort().join(" ")] || Number(select.options[select.options.length - 1].value);
    }
    var top = allowed();
    function sync() {
      var next = allowed(), value = Number(select.value);
      Array.prototype.forEach.call(select.options, function (option) {
        option.disabled = Number(option.value) > next;
      });
      if (value > next || value === top) { select.value = String(next); }
      top = next;
    }
    form.addEventListener("change", function (event) { if (event.target !== select) { sync(); } });
    sync();
  });
  document.querySelectorAll("[data-autosubmit]").forEach(function (select) {
    var button = select.form.querySelector("[data-autosubmit-button]");
    if (!button) { return; }
    button.hidden = true;
    select.addEventListener("change", function () { button.hidden = false; button.click(); });
  });
})();
(function () {
  "use strict";
  var radios = document.querySelectorAll("input[name=what]");
  if (!radios.length) { return; }
  function sync() {
    var checked = document.querySelector("input[name=what]:checked");
    var value = checked ? checked.value : "card";
    document.querySelectorAll("[data-when]").forEach(function (part) {
      part.hidden = part.getAttribute("data-when") !== value;
    });
  }
  radios.forEach(function (radio) { radio.addEventListener("change", sync); });
  sync();
})();
(function () {
  "use strict";
  // "Save an empty city?": the question has the focus on arrival, as the error summary has.
  var question = document.getElementById("ask-empty");
  if (question) { question.focus(); }
})();
(function () {
  "use strict";
  // The error summary: announced and focused on arrival; each link focuses its field.
  var summary = document.getElementById("error-summary");
  if (!summary) { return; }
  summary.focus();
  summary.querySelectorAll("a[href^='#']").forEach(function (link) {
    link.addEventListener("click", function (event) {
      var field = document.getElementById(link.getAttribute("href").slice(1));
      if (!field) { return; }
      event.preventDefault();
      (field.closest(".field, .chip, fieldset") || field).scrollIntoView({ block: "center" });
      field.focus({ preventScroll: true });
    });
  });
})();
(function () {
  "use strict";
  // Enter never sends a form from a field where it would surprise: the building filter
  // (it only filters) and name fields (it moves on to the next field, as on paper).
  function fields(form) {
    return Array.prototype.filter.call(form.elements, function (el) {
      return (el.tagName === "SELECT" || (el.tagName === "INPUT" && !/^(hidden|submit|button|checkbox|radio)$/.test(el.type))) &&
        !el.disabled && !el.closest("[hidden]") && el.getClientRects().length > 0;
    });
  }
  document.addEventListener("keydown", function (event) {
    var el = event.target;
    if (event.key !== "Enter" || event.isComposing || !el.matches) { return; }
    if (el.matches("[data-filter] input")) {
      event.preventDefault();
    } else if (el.matches("input[data-enter-next]") && el.form) {
      event.preventDefault();
      var list = fields(el.form);
      var next = list[list.indexOf(el) + 1];
      if (next) { next.focus(); if (next.select && next.tagName === "INPUT") { next.select(); } }
    }
  });
})();
(function () {
  "use strict";
  // Leaving a form with unsaved changes asks first; the form's own buttons save, so they don't.
  var form = document.querySelector("form[data-guard]");
  if (!form) { return; }
  function state() { return new URLSearchParams(new FormData(form)).toString(); }
  var initial = state(), sending = false, confirmed = false;
  function dirty() { return !sending && state() !== initial; }
  form.addEventListener("submit", function () { sending = true; });
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href]");
    // a link opening a new tab (a card's page beside a chip) leaves the form as it is
    if (!link || event.defaultPrevented || link.getAttribute("href").charAt(0) === "#" ||
        link.target === "_blank" || !dirty()) { return; }
    if (window.confirm(form.getAttribute("data-guard"))) {
      confirmed = true;
    } else {
      event.preventDefault();
    }
  });
  window.addEventListener("beforeunload", function (event) {
    if (confirmed || !dirty()) { return; }
    event.preventDefault();
    event.returnValue = "";
  });
  window.addEventListener("pageshow", function () { sending = false; confirmed = false; });
})();
(function () {
  "use strict";
  // Buttons that re-show the same page (move a seat, the science helper) keep the scroll
  // position. Without the script they carry an anchor to what they changed instead.
  var key = "scroll:" + location.pathname;
  var saved = sessionStorage.getItem(key);
  if (saved !== null) {
    sessionStorage.removeItem(key);
    window.scrollTo(0, Number(saved));
  }
  document.querySelectorAll("[data-keep-scroll]").forEach(function (button) {
    button.removeAttribute("formaction");
    button.addEventListener("click", function () {
      sessionStorage.setItem(key, String(window.scrollY));
    });
  });
})();
(function () {
  "use strict";
  // The quick pad: the science helper and the coins held fill their rows as they are typed.
  var grid = document.querySelector(".quick");
  if (!grid) { return; }
  function number(input) {
    var text = input.value.trim();
    return /^\d+$/.test(text) ? parseInt(text, 10) : (text === "" ? null : NaN);
  }
  function points(c, g, t) { return c * c + g * g + t * t + 7 * Math.min(c, g, t); }
  function best(c, g, t, wild) {  // every placement of the wild symbols, as the server does
    var top = points(c, g, t);
    for (var a = 0; a <= wild; a++) {
      for (var b = 0; a + b <= wild; b++) { top = Math.max(top, points(c + a, g + b, t + wild - a - b)); }
    }
    return top;
  }
  function cell(column, row) { return grid.querySelector('[name="columns-' + column + "-" + row + '"]'); }
  function fill(target, value) {
    if (!target) { return; }
    if (value === null) {
      if (target.dataset.auto) { target.value = ""; delete target.dataset.auto; }
      return;
    }
    target.value = String(value);
    target.dataset.auto = "1";
  }
  grid.addEventListener("input", function (event) {
    var input = event.target, match = /^columns-(\d+)-(\w+)$/.exec(input.name || "");
    if (!match) { return; }
    var column = match[1], row = match[2];
    if (row === "science" || row === "coins") { delete input.dataset.auto; return; }
    if (input.hasAttribute("data-science")) {
      var values = ["compass", "gear", "tablet", "free_symbols"].map(function (name) { return number(cell(column, name)); });
      if (values.some(function (v) { return v !== null && isNaN(v); })) { return; }
      var empty = values.every(function (v) { return v === null; });
      values = values.map(function (v) { return v || 0; });
      fill(cell(column, "science"), empty ? null : best(values[0], values[1], values[2], values[3]));
    } else if (row === "coins_held") {
      var held = number(input), treasury = cell(column, "coins");
      if (isNaN(held) || (treasury.value !== "" && !treasury.dataset.auto)) { return; }
      fill(treasury, held === null ? null : Math.floor(held / 3));
    }
  });
  grid.querySelectorAll("[data-science-button]").forEach(function (button) { button.hidden = true; });
})();
(function () {
  "use strict";
  // Back never asks to send a form again: a page answering a post (a refused save, a form
  // re-shown) becomes a plain visit of its address in the history. The new-game page keeps
  // its one-time value in its address, so Back to it after the game is saved opens the game's
  // set-up (the server looks the value up) rather than a blank form.
  if (!window.history.replaceState) { return; }
  var url = new URL(window.location.href);
  var nonce = document.querySelector("form.setup input[name=nonce]");
  if (nonce && nonce.value && url.pathname.slice(-10) === "/games/new") {
    url.searchParams.set("page", nonce.value);
    window.history.replaceState(null, "", url.toString());
  } else if (document.body.hasAttribute("data-posted")) {
    window.history.replaceState(null, "", url.toString());
  }
})();
(function () {
  "use strict";
  // Unsaved work survives a reload, a killed background tab or another app: each change of a
  // form with data-draft is kept on the phone (per game and seat) until it is sent, and offered
  // back when the page opens again. A restored draft carries the version it was made from, so a
  // city saved elsewhere since is shown as a conflict rather than overwritten.
  var form = document.querySelector("form[data-draft]");
  var offer = document.querySelector("[data-draft-offer]");
  if (!form || !offer || !window.localStorage) { return; }
  var key = "draft:" + form.getAttribute("data-draft");
  function entries() {
    var list = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrf_token" && typeof value === "string") { list.push([name, value]); }
    });
    return list;
  }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
  function read() {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }
  function keep() {
    try {
      localStorage.setItem(key, JSON.stringify({ entries: entries(), at: Date.now() }));
    } catch (e) { /* storage full or refused: the page still works */ }
  }
  function drop() { try { localStorage.removeItem(key); } catch (e) { /* ignore */ } }
  function apply(list) {
    var values = {};
    list.forEach(function (pair) { (values[pair[0]] = values[pair[0]] || []).push(pair[1]); });
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.name === "csrf_token" || el.type === "submit" || el.type === "button") { return; }
      var sent = values[el.name] || [];
      if (el.type === "checkbox" || el.type === "radio") {
        if (!el.disabled) { el.checked = sent.indexOf(el.value) !== -1; }
      } else if (el.tagName === "SELECT" && el.multiple) {
        Array.prototype.forEach.call(el.options, function (o) { o.selected = sent.indexOf(o.value) !== -1; });
      } else if (sent.length) {
        el.value = sent.shift();
        values[el.name] = sent;
      }
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
  var initial = entries();
  var draft = read();
  if (document.body.hasAttribute("data-posted")) {
    keep();  // a refused save: what was typed is still unsaved work
  } else if (draft && draft.entries && !same(draft.entries, initial)) {
    var time = offer.querySelector("[data-draft-time]");
    if (time && draft.at) {
      time.textContent = "(" + new Date(draft.at).toLocaleTimeString(document.documentElement.lang,
        { hour: "2-digit", minute: "2-digit" }) + ")";
    }
    offer.hidden = false;
    offer.querySelector("[data-draft-restore]").addEventListener("click", function () {
      apply(draft.entries);
      offer.hidden = true;
      keep();
    });
    offer.querySelector("[data-draft-discard]").addEventListener("click", function () {
      drop();
      offer.hidden = true;
    });
  } else if (draft) {
    drop();
  }
  function changed() {
    if (same(entries(), initial)) { if (offer.hidden) { drop(); } } else { keep(); }
  }
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", drop);
})();
(function () {
  "use strict";
  // Installing on a phone: the browser's own prompt behind a button where it offers one, and
  // where it cannot (plain http on the local network is not a secure origin), why, and what
  // works instead.
  var box = document.querySelector("[data-install]");
  if (!box) { return; }
  var button = box.querySelector("[data-install-button]");
  if (!window.isSecureContext) {
    box.hidden = false;
    box.querySelector("[data-install-insecure]").hidden = false;
    return;
  }
  var prompt = null;
  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault();
    prompt = event;
    box.hidden = false;
    button.hidden = false;
  });
  button.addEventListener("click", function () {
    if (!prompt) { return; }
    prompt.prompt();
    prompt = null;
    box.hidden = true;
  });
})();
(function () {
  "use strict";
  // A buried-leader row (Abu Simbel) opens once the stage that buries is built; one holding a
  // leader stays open whatever the stages say, so nothing chosen is hidden.
  var rows = document.querySelectorAll("[data-needs-stage]");
  if (!rows.length || !document.querySelector("input[name=stages]")) { return; }
  function sync() {  // the stages are picked with a radio per number
    var picked = document.querySelector("input[name=stages]:checked");
    var built = picked ? parseInt(picked.value, 10) || 0 : 0;
    rows.forEach(function (row) {
      var select = row.querySelector("select");
      var open = built >= Number(row.getAttribute("data-needs-stage")) || (select && select.value !== "");
      row.querySelector("[data-buried-fields]").hidden = !open;
      var note = row.querySelector("[data-needs-note]");
      if (note) { note.hidden = open; }
    });
  }
  document.addEventListener("input", function (event) {
    if (event.target.name === "stages") { sync(); }
  });
})();
(function () {
  "use strict";
  // The leaders picker: its summary names the leaders chosen, and it folds once a city's
  // leaders are all chosen (a tap on the summary opens it again).
  var picker = document.querySelector("details.leader-picker");
  if (!picker) { return; }
  var names = picker.querySelector("[data-chosen-names]");
  var foldAt = Number(picker.getAttribute("data-fold-at")) || 3;
  picker.addEventListener("change", function (event) {
    if (!event.target.matches("input[name=leaders]")) { return; }
    var chosen = Array.prototype.map.call(picker.querySelectorAll("input[name=leaders]:checked"), function (box) {
      return box.closest(".chip").querySelector(".chip-name").textContent;
    });
    names.textContent = chosen.length ? chosen.join(", ") : names.getAttribute("data-none");
    if (event.target.checked && chosen.length >= foldAt) {
      picker.open = false;
      picker.querySelector("summary").focus();
    }
  });
})();
