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
  document.addEventListener("DOMContentLoaded", function () {
    var toc = document.querySelector("[data-toc]");
    if (toc) { markToc(toc); }
  });
})();
