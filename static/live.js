// The live score pad: while the page is visible, ask every second whether the game changed
// (ETag / 304, one database read) and swap in the new pad when it did. Without this script the
// page is the same pad, as of when it was loaded.
(function () {
  "use strict";
  var live = document.querySelector("[data-live-url]");
  if (!live || !window.fetch) { return; }
  var url = live.getAttribute("data-live-url");
  var etag = live.getAttribute("data-etag");
  var PERIOD = 1000;
  var timer = null;
  var busy = false;

  function schedule() {
    clearTimeout(timer);
    if (!document.hidden) { timer = setTimeout(poll, PERIOD); }
  }

  function poll() {
    if (busy) { return; }
    busy = true;
    fetch(url, { headers: { "If-None-Match": etag }, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status !== 200) { return null; }
        var next = response.headers.get("ETag");
        return response.text().then(function (html) {
          if (next) { etag = next; }
          live.innerHTML = html;
          live.dispatchEvent(new CustomEvent("pad:updated", { bubbles: true }));
        });
      })
      .catch(function () { /* offline for a moment: try again at the next tick */ })
      .then(function () { busy = false; schedule(); });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { clearTimeout(timer); } else { poll(); }
  });
  schedule();
})();
