// The page's service worker (written by mjref page next to index.html): it keeps every file of the
// page, the engine included, so the page opens, scores, settles and keeps the ledger with no
// network at all once it has been loaded. A new mjref page writes a new version, which replaces the
// files kept.
"use strict";

const VERSION = "mjref-{{version}}";
const FILES = {{files}};

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(VERSION).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("mjref-") && k !== VERSION).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  e.respondWith(caches.open(VERSION)
    .then((c) => c.match(e.request, { ignoreSearch: true }))
    .then((hit) => hit || fetch(e.request)));
});
