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
// The page sends a heartbeat (ping) every ``heartbeat`` seconds (2), which keeps its seat
// present; when nothing comes back for two heartbeats, the connection is taken as dead and made
// again (the server closes it on its side too). A move tapped meanwhile is kept, shown as
// waiting to be sent, and sent once the page has joined again, with the number of the state
// it was tapped on: the server makes it, answers that it was made already, or refuses it with
// the reason when the table moved on.
window.remotePage = function (live, hooks) {
  "use strict";
  const L = live.labels;
  const HEARTBEAT = live.heartbeat * 1000;
  const DEAD = 2 * HEARTBEAT; // silent this long: the connection is dead
  let socket = null;
  let heard = 0; // when the server was last heard from
  let pinged = 0; // when the last ping was sent
  let timer = null; // the next connection, when waiting for one
  let state = null;
  let delay = 500;
  let unsent = null; // the move tapped and not yet answered: { seq, move, at }
  let unsentTimer = null;
  let refused = null; // the refusal of a move sent late, shown a while: { text, until }
  let said = null; // the status line the table asks for: [text, warn]
  let lost = false; // the connection is lost, a new one being made

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
      lost = false;
      heard = pinged = Date.now();
      ws.send(JSON.stringify({ type: "join", key: live.key }));
      if (unsent) {
        // The move tapped while the connection was lost, sent once: its answer comes after
        // the state that answers the join.
        unsent.rejoined = true;
        transmit();
      }
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      heard = Date.now();
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        // The table moved on from the state the move was tapped on: made (this page's move,
        // or answered as made already), else its refusal follows.
        if (unsent && unsent.rejoined) unsent.rejoined = false;
        else if (unsent && message.seq !== unsent.seq) answered(null);
        show(message);
        const me = state.you && state.seats[state.you];
        if (me && !me.connected) ping(); // a page of this seat closed: this one is still here
      } else if (message.type === "refused") {
        answered(message.message);
      } else if (message.type === "error") {
        showStatus(message.message, true);
      }
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      if (event.code === 4404) {
        socket = null;
        showStatus(L.noTable, true);
      } else {
        reconnect();
      }
    };
  }

  // The connection is lost (or dead): a new one after a growing delay.
  function reconnect(now) {
    const old = socket;
    socket = null;
    lost = true;
    if (old) old.close();
    drawSending();
    clearTimeout(timer);
    timer = setTimeout(connect, now ? 0 : delay);
    if (!now) delay = Math.min(delay * 2, 4000);
  }

  function ping() {
    if (socket && socket.readyState === WebSocket.OPEN) {
      pinged = Date.now();
      socket.send(JSON.stringify({ type: "ping" }));
    }
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

  // A move tapped: sent, and kept until the server answers it (one at a time: a tap made
  // while one waits is not taken). Not answered soon (no connection), it is shown as waiting
  // to be sent.
  function send(move) {
    if (unsent) return;
    unsent = { seq: state.seq, move: move, at: Date.now() };
    transmit();
    clearTimeout(unsentTimer);
    unsentTimer = setTimeout(drawSending, 1000);
    if (!connected()) drawSending();
  }

  function transmit() {
    if (connected()) {
      socket.send(JSON.stringify({ type: "move", seq: unsent.seq, move: unsent.move }));
    }
  }

  function connected() {
    return !!socket && socket.readyState === WebSocket.OPEN;
  }

  function moveWords(move) {
    return hooks.moveText ? hooks.moveText(move) : move;
  }

  // The move waiting has its answer: made, or refused (``refusal``: the server's reason,
  // shown for a few seconds over the hand and in the status line).
  function answered(refusal) {
    const move = unsent ? moveWords(unsent.move) + " \u2014 " : "";
    unsent = null;
    clearTimeout(unsentTimer);
    refused = refusal ? { text: move + refusal, until: Date.now() + 6000 } : null;
    if (refused) setTimeout(drawSending, 6000);
    drawSending();
  }

  // The line over the hand: the move tapped that waits to be sent, or the refusal of a move
  // sent late; the status line says it too, else what the table says.
  function drawSending() {
    const waiting = !!unsent && (Date.now() - unsent.at >= 1000 || !connected());
    if (refused && Date.now() >= refused.until) refused = null;
    const line = $("sending");
    line.textContent = waiting ? L.unsent + " : " + moveWords(unsent.move) : refused ? refused.text : "";
    line.hidden = !line.textContent;
    $("play-bar").classList.toggle("waiting", !!unsent);
    if (waiting) showStatus(L.unsent + (lost ? " \u2014 " + L.reconnecting : ""), true);
    else if (refused) showStatus(refused.text, true);
    else if (lost) showStatus(L.reconnecting, true);
    else if (said) showStatus(...said);
    fitBar();
  }

  // The status line: what the table says (``status``, from each state), unless the
  // connection is lost, a move waits to be sent or was just refused.
  function status(text, warn) {
    said = [text, warn];
    drawSending();
  }

  function showStatus(text, warn) {
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
  const PRESENCE_WORDS = { you: "you", present: "online", away: "away", abandoned: "away",
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
    // A page without a seat: what it may do (the status line says that it watches).
    $("watching").hidden = !!state.you || !empty.length;
    $("table-full").hidden = !!state.you || !!empty.length;
    $("invite-box").hidden = !empty.length;
    $("seating").hidden = !!state.you && !empty.length && !(live.creator && given.length);
    drawOffers();
  }

  // To the table's creator, over his hand where he looks: each seat whose player has been
  // away for the abandon delay, with the button giving it to a simulated player; withdrawn
  // as soon as the player is back.
  function drawOffers() {
    const box = $("offers");
    box.replaceChildren();
    const started = !!state.partie;
    for (const seat of seats()) {
      if (!live.creator || !started || presence(seat) !== "abandoned") continue;
      const offer = el("div", { class: "offer", "data-seat": seat });
      offer.append(el("p", {}, L.abandoned.replace("%(name)s", seatName(seat))));
      const form = $("robot-form").content.firstElementChild.cloneNode(true);
      form.elements.seat.value = seat;
      offer.append(form);
      box.append(offer);
    }
    box.hidden = !box.childElementCount;
    fitBar();
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
    bar.hidden = !$("hand").childElementCount && !$("choice").childElementCount &&
      $("offers").hidden && $("sending").hidden;
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

  // The heartbeat: a ping every HEARTBEAT, or a new connection when the server has not been
  // heard from for DEAD (looked at four times a heartbeat).
  setInterval(() => {
    if (socket && Date.now() - heard > DEAD) reconnect();
    else if (Date.now() - pinged >= HEARTBEAT) ping();
  }, HEARTBEAT / 4);
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
