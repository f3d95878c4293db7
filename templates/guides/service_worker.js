// Rulesage's service worker: a page a reader kept for the table (a setup checklist, its
// game and guides, put in the "rulesage-offline" cache by checklist.js) is served from
// that cache when the network is gone. Online, every request goes to the network as if
// there were no worker; the admin and anything but a GET are never touched.
const CACHE = "rulesage-offline";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/admin/")) return;
  event.respondWith(
    fetch(request).catch(() =>
      caches
        .open(CACHE)
        .then((cache) => cache.match(request, { ignoreVary: true }))
        .then((kept) => kept || Response.error()),
    ),
  );
});
