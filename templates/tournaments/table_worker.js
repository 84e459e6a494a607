/* The table's phone app (scope /t/): the table's pages open without network once loaded.
 * - A page or a file (style sheet, script) is fetched from the network first and kept; without
 *   network the kept copy is shown, marked data-cached so that its script knows it may be
 *   older than what the phone sent since.
 * - Nothing is sent from here: a donne's POST goes to the network as it is (the page queues
 *   it when that fails, and sends it again itself).
 * - The page tells which addresses to keep ({keep: [...]}) once this worker controls it.
 */
"use strict";
var CACHE = "roimat-table-1";  // a new name drops the copies kept by an older worker

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("roimat-table-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  var urls = event.data && event.data.keep;
  if (!Array.isArray(urls)) { return; }
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.filter(function (url) {
      return new URL(url, location.href).origin === location.origin;
    }).map(function (url) { return cache.add(url).catch(function () { /* next time */ }); }));
  }));
});

function fromCache(request) {
  return caches.match(request, { ignoreVary: true }).then(function (kept) {
    if (!kept) { return Response.error(); }
    if (request.mode !== "navigate") { return kept; }
    return kept.text().then(function (html) {
      return new Response(html.replace("<html", "<html data-cached"), {
        status: 200, headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) { return; }
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function () { return fromCache(request); }));
});
