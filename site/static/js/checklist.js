// A setup checklist at the table: ticks are kept in this browser (localStorage, under the
// game and player count), and the page, its game and guides are kept for use offline.
(function () {
  "use strict";
  const list = document.querySelector("[data-checklist]");
  if (!list) return;
  const key = list.dataset.checklist;
  const status = document.querySelector("[data-offline-status]");

  function read() {
    try {
      return JSON.parse(window.localStorage.getItem(key) || "{}");
    } catch (error) {
      return {};
    }
  }

  function write(ticked) {
    try {
      window.localStorage.setItem(key, JSON.stringify(ticked));
    } catch (error) {
      // Private browsing or a full store: the ticks still work for this visit.
    }
  }

  const ticked = read();
  const boxes = list.querySelectorAll("input[type=checkbox][data-key]");
  boxes.forEach((box) => {
    box.checked = Boolean(ticked[box.dataset.key]);
    box.addEventListener("change", () => {
      if (box.checked) ticked[box.dataset.key] = true;
      else delete ticked[box.dataset.key];
      write(ticked);
    });
  });

  document.querySelectorAll("[data-checklist-clear]").forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", () => {
      boxes.forEach((box) => {
        box.checked = false;
        delete ticked[box.dataset.key];
      });
      write(ticked);
    });
  });
  document.querySelectorAll("[data-checklist-print]").forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  });

  // Offline, what is kept is being read: nothing to register or fetch again.
  if (!("serviceWorker" in navigator) || !("caches" in window) || !navigator.onLine) return;
  const assets = Array.from(
    document.querySelectorAll("link[rel=stylesheet][href], script[src]"),
    (element) => element.getAttribute("href") || element.getAttribute("src"),
  );
  const pages = JSON.parse(list.dataset.offline || "[]");
  navigator.serviceWorker
    .register(list.dataset.worker, { scope: "/" })
    .then(() => caches.open("rulesage-offline"))
    .then((cache) => cache.addAll([...new Set([...pages, ...assets])]))
    .then(() => {
      if (status) status.hidden = false;
    })
    .catch(() => {
      // Without a cache the checklist still works online.
    });
})();
