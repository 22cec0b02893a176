// The card search shows its results as the player types: the same results the form's page
// shows (/cards/found), fetched a moment after the last key, the newest answer winning.
// Without this script the form is a plain GET form.
(function () {
  "use strict";
  var form = document.querySelector("form[data-card-search]");
  if (!form) { return; }
  var url = form.getAttribute("data-card-search");
  var timer = null;
  var asked = 0;
  function query() { return new URLSearchParams(new FormData(form)).toString(); }
  function show() {
    var mine = ++asked;
    var wanted = query();
    fetch(url + "?" + wanted, { headers: { "Accept": "text/html" } }).then(function (response) {
      return response.ok ? response.text() : null;
    }).then(function (html) {
      if (html === null || mine !== asked) { return; }
      var old = document.getElementById("card-results");
      var holder = document.createElement("div");
      holder.innerHTML = html;
      var fresh = holder.querySelector("#card-results");
      if (old && fresh) { old.replaceWith(fresh); }
      history.replaceState(null, "", form.getAttribute("action") + "?" + wanted);
    }).catch(function () { /* the form still works: Search sends it */ });
  }
  form.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(show, 150);
  });
  form.addEventListener("change", function (event) {
    if (event.target.tagName === "SELECT") { clearTimeout(timer); show(); }
  });
})();
