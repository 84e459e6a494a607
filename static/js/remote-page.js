// What the page of every table at a distance does, whatever its game (docs/remote-protocol.md):
// the connection to the server (join with the seat's key, a heartbeat, reconnection with the
// exact state back), the invitation and the seat list, the rounds played and their replays,
// the status line and the news of a round over. Each game's script draws the table itself:
//
//   const page = remotePage(live, { show(state, before) { ... } });
//
// ``show`` is called with each state the server sends (and the one before it); the page's
// ``send(move)`` sends a move numbered with the state's ``seq``.
//
// The page sends a heartbeat (ping) every few seconds, which keeps its seat present; when
// nothing comes back for two and a half heartbeats, the connection is taken as dead and made
// again.
window.remotePage = function (live, hooks) {
  "use strict";
  const L = live.labels;
  const HEARTBEAT = live.heartbeat * 1000;
  let socket = null;
  let heard = 0; // when the server was last heard from
  let timer = null; // the next connection, when waiting for one
  let state = null;
  let delay = 500;

  const $ = (id) => document.getElementById(id);
  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function button(label, attrs, onClick) {
    const node = el("button", Object.assign({ type: "button" }, attrs), label);
    node.addEventListener("click", onClick);
    return node;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + live.socket);
    socket = ws;
    heard = Date.now();
    ws.onopen = () => {
      if (socket !== ws) return;
      delay = 500;
      heard = Date.now();
      ws.send(JSON.stringify({ type: "join", key: live.key }));
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      heard = Date.now();
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        show(message);
        const me = state.you && state.seats[state.you];
        if (me && !me.connected) ping(); // a page of this seat closed: this one is still here
      } else if (message.type === "refused" || message.type === "error") {
        status(message.message, true);
      }
    };
    ws.onclose = () => {
      if (socket === ws) reconnect();
    };
  }

  // The connection is lost (or dead): a new one after a growing delay.
  function reconnect(now) {
    const old = socket;
    socket = null;
    if (old) old.close();
    status(L.reconnecting, true);
    clearTimeout(timer);
    timer = setTimeout(connect, now ? 0 : delay);
    if (!now) delay = Math.min(delay * 2, 8000);
  }

  function ping() {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping" }));
  }

  function show(message) {
    const before = state;
    state = message;
    $("live").dataset.seq = state.seq;
    drawSeating();
    drawReplays();
    $("sheet-link").hidden = !state.sheet_url;
    if (state.sheet_url) $("sheet-link").querySelector("a").href = state.sheet_url;
    hooks.show(state, before);
  }

  function send(move) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: "move", seq: state.seq, move: move }));
    }
  }

  function status(text, warn) {
    const node = $("status");
    node.textContent = text || "";
    node.className = "status" + (warn ? " warn" : "");
  }

  // The seats in the table's order.
  function seats() {
    return Object.keys(state.seats);
  }
  // A seat in words, as the game names it (North …, Player 2: ``live_seat_words``).
  function seatLabel(seat) {
    return L[seat];
  }

  // A seat's presence, one word for the seat list and the table alike: "you", "present",
  // "away", "abandoned" (away for long: the seat may be given to a simulated player),
  // "robot" or "empty".
  function presence(seat) {
    const info = state.seats[seat];
    if (info.kind !== "human") return info.kind;
    if (seat === state.you) return "you";
    return info.connected ? "present" : info.abandoned ? "abandoned" : "away";
  }
  const PRESENCE_WORDS = { you: "you", present: "present", away: "away", abandoned: "away",
    robot: "robot", empty: "empty" };
  function presenceWord(seat) {
    return L[PRESENCE_WORDS[presence(seat)]];
  }

  function seatName(seat) {
    const info = state.seats[seat];
    return info.kind === "empty" ? (info.name ? info.name + " — " : "") : info.name;
  }

  // The invitation and the seat list, while a seat is to be taken or given, or to a page
  // without a seat: each seat's name and presence in the table's words, and the creator's
  // button giving an empty or abandoned seat to a simulated player.
  function drawSeating() {
    const all = seats();
    const empty = all.filter((seat) => state.seats[seat].kind === "empty");
    const given = all.filter((seat) => empty.includes(seat) || presence(seat) === "abandoned");
    const list = $("seat-list");
    list.replaceChildren();
    for (const seat of all) {
      const item = el("li", { "data-seat": seat, "data-presence": presence(seat) });
      item.append(el("b", {}, seatLabel(seat)), el("span", { class: "name" }, " : " + seatName(seat)),
        el("span", { class: "presence" }, " (" + presenceWord(seat) + ")"));
      if (live.creator && given.includes(seat)) {
        const form = $("robot-form").content.firstElementChild.cloneNode(true);
        form.elements.seat.value = seat;
        item.append(" ", form);
      }
      list.append(item);
    }
    const form = document.querySelector("form.take-seat");
    const choices = form.elements.seat;
    for (const option of choices.options) option.hidden = option.disabled = !empty.includes(option.value);
    if (choices.selectedOptions[0] && choices.selectedOptions[0].disabled) choices.value = empty[0] || "";
    form.hidden = !!state.you || !empty.length;
    $("watching").hidden = !!state.you;
    $("invite-box").hidden = !empty.length;
    $("seating").hidden = !!state.you && !empty.length && !(live.creator && given.length);
  }

  function drawReplays() {
    const section = $("replays");
    const list = section.querySelector("ul");
    list.replaceChildren();
    for (const round of state.replays || []) {
      const item = el("li");
      item.append(el("a", { href: round.url }, round.name));
      if (round.void) item.append(" (" + L.voidDeal + ")");
      list.append(item);
    }
    section.hidden = !list.childElementCount;
  }

  // The phone vibrates, where it can (and the player has touched the page).
  function buzz(pattern) {
    const touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (navigator.vibrate && touched) {
      navigator.vibrate(pattern);
    }
  }

  // The play bar at the bottom of the screen, shown when it holds anything; the page keeps
  // room below its last line for it.
  function fitBar() {
    const bar = $("play-bar");
    bar.hidden = !$("hand").childElementCount && !$("choice").childElementCount;
    const height = bar.hidden ? 0 : bar.offsetHeight;
    document.body.style.paddingBottom = height ? height + "px" : "";
  }

  // A round over, said above the table until the player closes it.
  function news(text) {
    $("news-text").textContent = text;
    $("news").hidden = false;
    buzz([100, 60, 100]);
  }

  // The invitation link: copied (Clipboard API), shared (Web Share API, where the phone has it).
  const link = $("invite").href;
  $("copy-link").addEventListener("click", () => {
    const copied = () => { $("copy-status").textContent = L.copied; };
    const byHand = () => {
      getSelection().selectAllChildren($("invite"));
      $("copy-status").textContent = L.copyFailed;
    };
    if (navigator.clipboard) navigator.clipboard.writeText(link).then(copied, byHand);
    else byHand();
  });
  const share = { title: document.title, text: L.invite, url: link };
  if (navigator.share && (!navigator.canShare || navigator.canShare(share))) {
    $("share-link").hidden = false;
    $("share-link").addEventListener("click", () => navigator.share(share).catch(() => {}));
  }
  $("news-close").addEventListener("click", () => { $("news").hidden = true; });

  // The heartbeat: a ping, or a new connection when the server has not answered for long.
  setInterval(() => {
    if (socket && Date.now() - heard > 2.5 * HEARTBEAT) reconnect();
    else ping();
  }, HEARTBEAT);
  window.addEventListener("online", () => {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      delay = 500;
      reconnect(true);
    }
  });

  return {
    el, button, send, status, seats, seatLabel, presence, presenceWord, seatName, buzz, news, fitBar,
    start() {
      show(live.state);
      connect();
    },
  };
};
