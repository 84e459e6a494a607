/* A table's page as an app on the phone: registers the service worker named by the page
 * (<meta name="service-worker">, served under /t/ so that it controls every table's page),
 * then asks it to keep this page and its files, so that the page opens without network. */
(function () {
  "use strict";
  var worker = document.querySelector("meta[name=service-worker]");
  if (!worker || !navigator.serviceWorker) { return; }
  function keepPage() {
    var controller = navigator.serviceWorker.controller;
    if (!controller) { return; }
    var urls = [location.href];
    document.querySelectorAll("link[rel=stylesheet], link[rel=manifest], script[src]")
      .forEach(function (node) { urls.push(node.href || node.src); });
    controller.postMessage({ keep: urls });
  }
  navigator.serviceWorker.register(worker.content)
    .then(function () { return navigator.serviceWorker.ready; })
    .then(function () {
      keepPage();
      navigator.serviceWorker.addEventListener("controllerchange", keepPage);
    })
    .catch(function () { /* the page works without it, online */ });
}());
