/* A table's page kept as the table is, on every phone of the table (tournaments/live.py):
 * a WebSocket (<meta name="table-socket">) says when the table changed (another phone's
 * entry, a decision, the director's correction, the close, the next round); the page then
 * reads itself again and shows it without losing what is being typed (entry-form.js's
 * tablePage.show). Once connected, the server sends the table's state token: a page drawn
 * with another one (a change came between its drawing and its connection, or while it had
 * no connection) reads itself at once. A heartbeat notices a connection that died without
 * closing. Without a connection the page says so (#live-status), reads itself every POLL
 * seconds, and tries to connect again. */
(function () {
  "use strict";
  var meta = document.querySelector("meta[name=table-socket]");
  if (!meta || !window.WebSocket || !window.fetch) { return; }
  var POLL = 10, BEAT = 15, ANSWER = 5;  // seconds
  var socket = null, connected = false, retry = 1, beat = null, answer = null, poll = null;
  var reading = false, again = false, pending = null, settle = null;
  var SETTLE = 120;  // milliseconds a push waits for another of the same change

  function status() {
    var node = document.getElementById("live-status");
    if (!node) { return; }
    node.hidden = false;
    node.textContent = node.dataset[connected ? "online" : "offline"] || "";
    node.classList.toggle("problem", !connected);
  }
  function read() {  // the page again; one read at a time, one more if asked meanwhile
    if (reading) { again = true; return; }
    reading = true;
    fetch(location.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        if (window.tablePage) { window.tablePage.show(html); }
      })
      .catch(function () { /* no network: the next poll */ })
      .then(function () {
        reading = false;
        status();
        if (again) { again = false; read(); }
      });
  }
  function stopBeat() { clearInterval(beat); clearTimeout(answer); }
  function connect() {
    var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + meta.content;
    try { socket = new WebSocket(url); } catch (e) { later(); return; }
    socket.onopen = function () {
      connected = true;
      retry = 1;
      clearInterval(poll);
      poll = null;
      status();
      beat = setInterval(function () {
        try { socket.send(JSON.stringify({ type: "ping" })); } catch (e) { return; }
        clearTimeout(answer);
        answer = setTimeout(function () { socket.close(); }, ANSWER * 1000);
      }, BEAT * 1000);
    };
    socket.onmessage = function (event) {
      clearTimeout(answer);
      var message = {};
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (message.type === "hello") {  // a change may have come before this connection
        var shown = document.getElementById("live-status");
        if (!shown || shown.dataset.stamp !== message.stamp) { read(); }
      } else if (message.type === "changed") {  // one change may be told twice: read once
        clearTimeout(settle);
        settle = setTimeout(read, SETTLE);
      }
    };
    socket.onclose = function () {
      stopBeat();
      connected = false;
      socket = null;
      status();
      if (!poll) { poll = setInterval(read, POLL * 1000); }
      later();
    };
  }
  function later() {
    clearTimeout(pending);
    pending = setTimeout(connect, retry * 1000);
    retry = Math.min(retry * 2, POLL);
  }
  window.addEventListener("online", function () {
    if (!connected && socket === null) { clearTimeout(pending); connect(); }
  });
  connect();
}());
