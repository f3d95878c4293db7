/* Progressive enhancement only: every page works without this file.

   A guide's table of contents marks the section being read (aria-current="location"),
   updated as the reader scrolls or follows a link. */
(function () {
  "use strict";
  function markToc(toc) {
    var links = Array.prototype.slice.call(toc.querySelectorAll('a[href^="#"]'));
    var targets = links
      .map(function (link) { return document.getElementById(decodeURIComponent(link.hash.slice(1))); })
      .filter(Boolean);
    if (!targets.length) { return; }
    function mark() {
      var current = targets[0];
      var line = Math.min(120, window.innerHeight * 0.2);
      targets.forEach(function (target) {
        if (target.getBoundingClientRect().top <= line) { current = target; }
      });
      // A section just followed from a link stays current while its heading is at the
      // top, however short the section (the next heading may show below it).
      var followed = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
      if (followed && targets.indexOf(followed) !== -1) {
        var top = followed.getBoundingClientRect().top;
        if (top >= -5 && top <= line) { current = followed; }
      }
      links.forEach(function (link) {
        if (link.hash.slice(1) === current.id) {
          link.setAttribute("aria-current", "location");
        } else {
          link.removeAttribute("aria-current");
        }
      });
    }
    var queued = false;
    window.addEventListener("scroll", function () {
      if (!queued) {
        queued = true;
        window.requestAnimationFrame(function () { queued = false; mark(); });
      }
    }, { passive: true });
    window.addEventListener("hashchange", mark);
    mark();
  }
  /* An edition field (a plain text field without this file) offers the editions whose
     game's name, label or code holds what the reader types, as its <datalist>. */
  function suggestEditions(input) {
    var list = document.getElementById(input.getAttribute("list"));
    var url = input.getAttribute("data-edition-suggestions");
    if (!list || !url) { return; }
    var timer = null;
    var asked = "";
    function fill(editions) {
      while (list.firstChild) { list.removeChild(list.firstChild); }
      editions.forEach(function (edition) {
        var option = document.createElement("option");
        option.value = edition.label;
        list.appendChild(option);
      });
    }
    function ask() {
      var text = input.value.trim();
      if (text.length < 2 || text === asked || /\)\s*$/.test(text)) { return; }
      asked = text;
      fetch(url + "?q=" + encodeURIComponent(text), { headers: { Accept: "application/json" } })
        .then(function (response) { return response.ok ? response.json() : { editions: [] }; })
        .then(function (data) { if (asked === text) { fill(data.editions); } })
        .catch(function () {});
    }
    input.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(ask, 150);
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    var toc = document.querySelector("[data-toc]");
    if (toc) { markToc(toc); }
    Array.prototype.forEach.call(document.querySelectorAll("input[data-edition-suggestions]"), suggestEditions);
  });
})();
