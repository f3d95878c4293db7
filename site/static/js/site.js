/* Progressive enhancement only: every page works without this file.

   A guide's table of contents marks the section being read (aria-current="location"),
   updated as the reader scrolls or follows a link. A text box with a suggestions address
   (a game or an edition) offers, in its <datalist>, the few that match what is typed: a
   catalogue has thousands, too many to list in the page. */
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
  /* A text field with suggestions (an edition on the ask page and the rulings lists, a
     game on the search page) offers what the site's JSON address finds for what the
     reader types, as its <datalist>; without this file it is a plain text field. */
  function suggest(input) {
    var list = document.getElementById(input.getAttribute("list"));
    var url = input.getAttribute("data-suggestions");
    if (!list || !url) { return; }
    var timer = null;
    var asked = input.value.trim();
    function fill(items) {
      while (list.firstChild) { list.removeChild(list.firstChild); }
      items.forEach(function (item) {
        var option = document.createElement("option");
        option.value = item;
        list.appendChild(option);
      });
    }
    function ask() {
      var typed = input.value.trim();
      // A chosen edition ends with its code in brackets: nothing more to suggest.
      if (typed === asked || /\)\s*$/.test(typed)) { return; }
      asked = typed;
      if (typed.length < 2) { fill([]); return; }
      var address = url + (url.indexOf("?") === -1 ? "?" : "&") + "q=" + encodeURIComponent(typed);
      fetch(address, { headers: { Accept: "application/json" } })
        .then(function (response) { return response.ok ? response.json() : {}; })
        .then(function (data) {
          if (input.value.trim() === typed) { fill(data.suggestions || []); }
        })
        .catch(function () { /* the field still takes what is typed */ });
    }
    input.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(ask, 150);
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    var toc = document.querySelector("[data-toc]");
    if (toc) { markToc(toc); }
    Array.prototype.forEach.call(document.querySelectorAll("input[data-suggestions][list]"), suggest);
  });
})();
