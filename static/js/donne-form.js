/* The donne entry form on a phone with poor wifi.
 * - O/E's plis and points are 9 − and 128 − N/S's: shown as N/S's are typed.
 * - What is typed is kept in the phone (localStorage) until the donne is stored.
 * - A donne that could not be sent waits in the phone and is sent again every few seconds;
 *   the page says how many wait. Each carries its idempotency key, so a donne sent twice is
 *   stored once.
 */
(function () {
  "use strict";
  document.querySelectorAll("output.other").forEach(function (out) {
    var input = document.getElementById(out.dataset.from);
    var total = parseInt(out.dataset.total, 10);
    function update() {
      var value = parseInt(input.value, 10);
      out.querySelector("b").textContent =
        (isNaN(value) || value < 0 || value > total) ? "–" : String(total - value);
    }
    input.addEventListener("input", update);
    update();
  });

  var form = document.querySelector("form.donne-form");
  if (!form || !window.fetch || !window.localStorage) { return; }
  var draftKey = "draft:" + location.pathname;
  var queueKey = "queue:" + location.pathname;
  var status = document.createElement("p");
  status.className = "queue-status";
  form.prepend(status);

  function load(key, fallback) {
    try { return JSON.parse(localStorage.getItem(key)) || fallback; } catch (e) { return fallback; }
  }
  function fields() {
    var data = [];
    new FormData(form).forEach(function (value, name) { data.push([name, value]); });
    return data;
  }
  function showQueue() {
    var waiting = load(queueKey, []).length;
    status.textContent = waiting ? waiting + " donne(s) en attente d'envoi… nouvel essai automatique." : "";
  }

  // Restore what was typed, unless the server shows this form with its own errors.
  var draft = load(draftKey, null);
  if (draft && !form.querySelector(".errorlist")) {
    draft.forEach(function (pair) {
      if (pair[0] === "csrfmiddlewaretoken" || pair[0] === "key") { return; }
      form.querySelectorAll("[name='" + pair[0] + "']").forEach(function (input) {
        if (input.type === "radio" || input.type === "checkbox") {
          input.checked = input.type === "checkbox" ? true : input.value === pair[1];
        } else { input.value = pair[1]; }
      });
    });
  }
  form.addEventListener("input", function () { localStorage.setItem(draftKey, JSON.stringify(fields())); });

  function send(entry) {
    var body = new FormData();
    entry.forEach(function (pair) { body.append(pair[0], pair[1]); });
    var target = form.getAttribute("action") || location.href;  // form.action may be an input
    return fetch(target, { method: "POST", body: body, credentials: "same-origin" });
  }
  function flush() {
    var queue = load(queueKey, []);
    if (!queue.length) { showQueue(); return; }
    send(queue[0]).then(function (response) {
      localStorage.setItem(queueKey, JSON.stringify(load(queueKey, []).slice(1)));
      if (response.redirected) { localStorage.removeItem(draftKey); location.href = response.url; return; }
      return response.text().then(function (html) { document.open(); document.write(html); document.close(); });
    }).catch(showQueue);
  }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var queue = load(queueKey, []);
    queue.push(fields());
    localStorage.setItem(queueKey, JSON.stringify(queue));
    showQueue();
    flush();
  });
  window.addEventListener("online", flush);
  setInterval(flush, 5000);
  flush();
}());
