// The live table of Roimat à distance: shows the state the server sends (docs/remote-protocol.md)
// and sends the moves clicked. The server holds the state and checks every move; this page only
// draws it, and reconnects (then gets the exact state back) when the connection drops.
//
// A seated player's hand and the questions he answers (trump, contres, who plays after a Dame
// or Tour) sit in a bar kept at the bottom of the screen; when his turn comes the felt is
// brought into view above it, so that the trick and his cards are seen together.
(function () {
  "use strict";
  const live = JSON.parse(document.getElementById("remote-live").textContent);
  const L = live.labels;
  const SEATS = ["N", "E", "S", "O"];
  const RANKS = { D: "Dame", T: "Tour", C: "Cavalier", F: "Fou", R: "Roi", P: "Pion" };
  let socket = null;
  let state = null;
  let pending = null; // a Dame or Tour chosen, waiting for the seat it sends to (nothing sent yet)
  let wasMyTurn = false;
  let delay = 500;

  const $ = (id) => document.getElementById(id);
  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function cardName(code) {
    return RANKS[code[0]] + " " + L[code[1]];
  }
  // A card as the notation writes it (rank letter, ROIMAT.md §1) over its colour's name, so
  // that neither needs the colour of its background to be read.
  function cardNode(code, tag) {
    const node = el(tag || "span", { class: "pc c-" + code[1], "data-card": code,
      title: cardName(code), "aria-label": cardName(code) });
    node.append(el("span", { class: "rank", "aria-hidden": "true" }, code[0]),
      el("span", { class: "colour", "aria-hidden": "true" }, L[code[1]]));
    return node;
  }
  // Seats drawn around the table from the player's own (at the bottom).
  function position(seat) {
    const me = state && state.you ? SEATS.indexOf(state.you) : 2;
    return ["bottom", "left", "top", "right"][(SEATS.indexOf(seat) - me + 4) % 4];
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + live.socket);
    socket.onopen = () => {
      delay = 500;
      socket.send(JSON.stringify({ type: "join", key: live.key }));
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        // A card chosen stays chosen when the table did not move (a page opened or closed).
        if (!state || message.seq !== state.seq) pending = null;
        state = message;
        draw();
      } else if (message.type === "refused" || message.type === "error") {
        status(message.message, true);
      }
    };
    socket.onclose = () => {
      status(L.reconnecting, true);
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 8000);
    };
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

  function draw() {
    const donne = state.donne;
    $("live").dataset.seq = state.seq;
    for (const seat of SEATS) {
      const box = document.querySelector('.seat[data-pos="' + position(seat) + '"]');
      const info = state.seats[seat];
      box.replaceChildren();
      box.dataset.seat = seat;
      let name = info.name || L.empty;
      if (info.kind === "robot") name += " (" + L.robot + ")";
      else if (info.kind === "human" && !info.connected && seat !== state.you) name += " (" + L.away + ")";
      box.append(el("b", {}, L[seat]), el("span", {}, " " + name));
      if (donne) {
        box.append(el("span", { class: "count" }, " · " + donne.hand_sizes[seat]));
        if (donne.dealer === seat) box.append(el("span", { class: "dealer" }, " · " + L.dealer));
      }
      box.classList.toggle("to-move", !!donne && donne.to_move === seat);
    }
    $("trick").replaceChildren();
    drawSheet();
    drawReplays();
    if (!donne) {
      drawBar();
      return;
    }
    for (const play of donne.trick) {
      const node = cardNode(play.card);
      node.classList.add("at-" + position(play.seat));
      $("trick").append(node);
    }
    $("info").replaceChildren(
      el("div", {}, L.donne + " " + state.number + " · " + L.dealer + " " + L[donne.dealer]),
      el("div", {}, donne.trump ? L.trump + " : " + L[donne.trump] + " (" + L[donne.announcer] + ")" : ""),
      el("div", {}, bidsText(donne.bids)),
      el("div", { class: "ns" }, "N/S : " + donne.plis.ns + " " + L.plis + ", " + donne.points.ns + " " + L.points),
      el("div", { class: "oe" }, "O/E : " + donne.plis.oe + " " + L.plis + ", " + donne.points.oe + " " + L.points),
    );
    const last = $("last");
    last.replaceChildren();
    if (donne.last_trick) {
      last.append(el("div", {}, L.lastTrick + " — " + L[donne.last_trick.winner] + " " + L.winner));
      for (const play of donne.last_trick.plays) {
        last.append(el("span", {}, L[play.seat][0] + " "), cardNode(play.card), el("span", {}, " "));
      }
    }
    const myTurn = !state.finished && !!state.you && donne.to_move === state.you;
    if (state.finished) status(L.over + " " + winnerText());
    else if (!state.you) status(L.spectator);
    else if (myTurn) status(L.yourTurn);
    else if (donne.to_move) status(L.waiting.replace("%(seat)s", L[donne.to_move]));
    else status("");
    drawBar();
    if (myTurn && !wasMyTurn) bringIntoView();
    wasMyTurn = myTurn;
  }

  // The bar at the bottom: the question asked (if any) above the hand.
  function drawBar() {
    const donne = state.donne;
    const hand = $("hand");
    const choice = $("choice");
    hand.replaceChildren();
    choice.replaceChildren();
    const legal = donne ? donne.legal : [];
    const playable = new Map(legal.filter((m) => m.kind === "card").map((m) => [m.card, m]));
    if (pending && !playable.has(pending.card)) pending = null;
    hand.classList.toggle("my-turn", playable.size > 0 && !pending);
    for (const code of donne ? donne.hand : []) {
      const button = cardNode(code, "button");
      button.type = "button";
      const move = playable.get(code);
      if (pending) {
        // The card chosen waits for its seat: it alone can be tapped (to choose again).
        const chosen = code === pending.card;
        button.disabled = !chosen;
        button.setAttribute("aria-pressed", String(chosen));
        if (chosen) {
          button.classList.add("chosen");
          button.addEventListener("click", cancelCard);
        }
      } else {
        button.disabled = !move;
        if (move) {
          button.classList.add("legal");
          button.addEventListener("click", () => playCard(move));
        }
      }
      hand.append(button);
    }
    if (pending) {
      choice.append(el("p", {}, L.sendToCard.replace("%(card)s", cardName(pending.card))));
      const row = el("div", { class: "answers" });
      for (const seat of pending.to) {
        row.append(button(L[seat], { "data-to": seat, class: "primary" },
          () => send({ kind: "card", card: pending.card, to: seat })));
      }
      row.append(button(L.changeCard, { "data-cancel": "", class: "cancel" }, cancelCard));
      choice.append(row);
    }
    const announces = legal.filter((m) => m.kind === "announce");
    if (announces.length) {
      choice.append(el("p", {}, L.announce));
      const row = el("div", { class: "answers" });
      for (const move of announces) {
        const label = L[move.trump] + (move.annul ? " — " + L.annul : "");
        row.append(button(label, { "data-trump": move.trump, "data-annul": move.annul }, () => send(move)));
      }
      choice.append(row);
    }
    const bids = legal.filter((m) => m.kind === "bid");
    if (bids.length) {
      choice.append(el("p", {}, L[bids[0].name]));
      const row = el("div", { class: "answers" });
      for (const move of bids) {
        row.append(button(move.value ? L.yes : L.no, { "data-bid": String(move.value) }, () => send(move)));
      }
      choice.append(row);
    }
    choice.hidden = !choice.childElementCount;
    const bar = $("play-bar");
    bar.hidden = !hand.childElementCount && !choice.childElementCount;
    // The page keeps room below its last line for the bar, and the felt above it.
    const height = bar.hidden ? 0 : bar.offsetHeight;
    document.body.style.paddingBottom = height ? height + "px" : "";
  }

  // The felt (the trick) in view above the bar: the page scrolls only when it is not.
  function bringIntoView() {
    const bar = $("play-bar");
    const room = window.innerHeight - (bar.hidden ? 0 : bar.offsetHeight);
    const felt = $("felt").getBoundingClientRect();
    if (felt.top < 0 || felt.bottom > room) $("status").scrollIntoView({ block: "start" });
  }

  function button(label, attrs, onClick) {
    const node = el("button", Object.assign({ type: "button" }, attrs), label);
    node.addEventListener("click", onClick);
    return node;
  }

  function playCard(move) {
    if (!move.to.length) {
      send({ kind: "card", card: move.card });
      return;
    }
    pending = move;
    drawBar();
    const first = document.querySelector("#choice [data-to]");
    if (first) first.focus({ preventScroll: true });
  }

  function cancelCard() {
    pending = null;
    drawBar();
  }

  function bidsText(bids) {
    const made = [];
    for (const name of ["contre_plis", "contre_roi", "surcontre_plis", "surcontre_roi"]) {
      if (bids[name]) made.push(L["bid_" + name]);
    }
    return made.join(" · ");
  }

  function winnerText() {
    const sheet = state.sheet;
    return sheet.winner ? (sheet.winner === "ns" ? "N/S" : "O/E") + " ✔" : "";
  }

  function drawReplays() {
    const section = $("replays");
    const list = section.querySelector("ul");
    list.replaceChildren();
    for (const donne of state.replays || []) {
      const item = el("li");
      item.append(el("a", { href: donne.url }, L.donne + " " + donne.number));
      if (donne.void) item.append(" (" + L.voidDeal + ")");
      list.append(item);
    }
    section.hidden = !list.childElementCount;
  }

  function drawSheet() {
    const body = document.querySelector("#sheet tbody");
    body.replaceChildren();
    let counted = 0;
    for (const row of state.sheet.donnes) {
      const tr = el("tr");
      if (row.annulled) {
        tr.append(el("td", {}, "–"), el("td", { colspan: "4" }, L.annulled));
      } else {
        counted += 1;
        tr.append(el("td", {}, String(counted)),
          el("td", { class: "ns" }, String(row.ns.total)), el("td", { class: "total ns" }, String(row.ns.cumul)),
          el("td", { class: "oe" }, String(row.oe.total)), el("td", { class: "total oe" }, String(row.oe.cumul)));
      }
      body.append(tr);
    }
    const total = el("tr", { class: "totals" });
    total.append(el("th", {}, L.total), el("td"), el("th", { class: "ns", "data-total": "ns" }, String(state.sheet.total_ns)),
      el("td"), el("th", { class: "oe", "data-total": "oe" }, String(state.sheet.total_oe)));
    body.append(total);
  }

  connect();
})();
