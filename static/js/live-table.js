// The live table of every game (docs/remote-protocol.md): draws the round as the server's state
// gives it (``round``: what this seat may see, ``legal``: the texts of the moves the rules allow
// it now, ``sheet``: the sheet's lines when the totals do not say all) and sends the move
// tapped, as its text. The connection, the seats and the rounds played are remote-page.js's;
// nothing here knows the rules of a game: its words and its cards' faces come with the page.
//
// A move whose text is a card of the hand is played by tapping the card; a card sent on to a
// seat (``DJ>E``: Roimat's Dame or Tour) by tapping the card, then the seat; the others (an
// estimate, a trump announced, a contre, a bid …) are buttons above the hand, or a list to
// choose from when they are many.
(function () {
  "use strict";
  const live = JSON.parse(document.getElementById("remote-live").textContent);
  const L = live.labels;
  const page = remotePage(live, { show, moveText });
  const { el, button, send, status, seatLabel, presence, presenceWord, seatName, buzz } = page;
  const FACES = L.faces || {};
  const TOKENS = L.tokens || {};
  const $ = (id) => document.getElementById(id);
  // The facts of a round given for each seat (one value a seat), shown in the players' table.
  const PER_SEAT = ["hand_sizes", "side", "teams", "plis", "points", "estimates", "collected", "penalty", "bids", "sale"];
  // The facts of a round that name a seat by its index.
  const SEAT_FACTS = ["dealer", "leader", "announcer"];
  // The facts that say the round's number or name, which its title shows.
  const TITLE_FACTS = ["manche", "round", "coup", "contract"];
  const MANY = 8; // more moves of one kind than this: a list to choose from
  const SUITS = { C: "\u2665", K: "\u2666", P: "\u2660", T: "\u2663" };
  const title = document.title;
  let state = null;
  let wasMyTurn = false;
  let pending = null; // a card chosen that is sent on to a seat, waiting for the seat
  // Whether the game's cards are the French pack's, drawn with the suits' signs.
  const frenchPack = L.frenchPack;

  function seatOf(index) {
    return state.seats_order[index];
  }
  const FRENCH = /^(10|[2-9AVDRK])([CKPT])$/;
  // A card code as the French pack writes it (rank and suit), a suit alone (a trump) by its
  // sign, else as the game writes it.
  function cardText(code) {
    const face = FACES[code];
    if (face) return face.rank + " " + (TOKENS[face.tint] || face.tint);
    if (SUITS[code] && frenchPack) return SUITS[code];
    const match = frenchPack && FRENCH.exec(code);
    return match ? match[1] + SUITS[match[2]] : code;
  }
  function cardNode(code, tag) {
    const face = FACES[code];
    if (face) return faceNode(code, face, tag);
    const match = frenchPack && FRENCH.exec(code);
    const red = !!match && (match[2] === "C" || match[2] === "K");
    return el(tag || "span", { class: "gc" + (red ? " red" : ""), "data-card": code }, cardText(code));
  }
  // A card of the game's own pack (``card_faces``): its symbol, its rank's name and its
  // colour's name, on its colour, so that none needs the colour of its background to be read.
  function faceNode(code, face, tag) {
    const name = cardText(code);
    const node = el(tag || "span", { class: "pc c-" + face.tint, "data-card": code, title: name,
      "aria-label": name });
    node.append(el("span", { class: "piece", "aria-hidden": "true" }, face.symbol + "\uFE0E"),
      el("span", { class: "rank", "aria-hidden": "true" }, face.rank),
      el("span", { class: "colour", "aria-hidden": "true" }, TOKENS[face.tint] || face.tint));
    return node;
  }
  // A word of a move's text in words: the game's word for it, a card sent on to a seat
  // (``DJ>E``), else a card.
  function wordText(word) {
    if (TOKENS[word]) return TOKENS[word];
    const [card, to] = word.split(">");
    if (to !== undefined) return cardText(card) + " \u2192 " + seatLabel(to);
    return cardText(word);
  }
  function restText(rest) {
    return rest.split(" ").map(wordText).join(" ");
  }
  // A move in words: its word's phrase with the rest of its text (a card, a number); a move
  // of another seat that the rules keep secret (its text without the rest, as an estimate
  // not yet shown) in the words of a move kept secret; a move of one word (the dead hand
  // kept, the manche ended) in its phrase, which has no rest.
  function moveText(text) {
    const space = text.indexOf(" ");
    if (space < 0 && L.hiddenMoves[text]) return L.hiddenMoves[text];
    const words = L.moveWords[text.split(" ")[0]];
    if (!words) return restText(text);
    if (space < 0) return words.includes("%(rest)s") ? wordText(text) : words;
    return words.replace("%(rest)s", restText(text.slice(space + 1)));
  }
  function value(v) {
    if (v === null || v === undefined) return "";
    if (v === true) return "\u2714";
    if (v === false) return "";
    if (Array.isArray(v)) return v.map(value).join(" ");
    return typeof v === "string" ? moveText(v) : String(v);
  }

  function show(message, before) {
    // A card chosen stays chosen when the table did not move (a page opened or closed).
    if (!state || message.seq !== state.seq) pending = null;
    state = message;
    state.seats_order = Object.keys(state.seats);
    draw();
    announce(before);
  }

  function draw() {
    const round = state.round;
    const toMove = state.to_move;
    $("round-title").textContent = round ? state.title : "";
    drawFacts(round);
    drawPlayers(round);
    drawPlays($("trick"), round ? round.trick || (round.last ? [round.last] : []) : []);
    drawLastTrick(round);
    drawSheet();
    const history = $("history");
    history.replaceChildren();
    for (const [seat, text] of round ? round.history : []) {
      history.append(el("li", {}, seatName(seatOf(seat)) + " : " + moveText(text)));
    }
    const myTurn = !state.finished && !!state.you && toMove === state.you;
    if (state.finished) status(L.over);
    else if (!state.you) status(L.spectator);
    else if (myTurn) status(L.yourTurn);
    else if (toMove) status(L.waiting.replace("%(seat)s", seatName(toMove)));
    else status("");
    $("status").classList.toggle("my-turn", myTurn);
    document.title = (myTurn ? "\u25B6 " : "") + title;
    drawBar(round);
    if (myTurn && !wasMyTurn) {
      bringIntoView();
      buzz(200);
    }
    wasMyTurn = myTurn;
  }

  // Cards played, ``[seat, code]`` each, under the names of their players.
  function drawPlays(box, plays) {
    box.replaceChildren();
    for (const [seat, code] of plays) {
      const play = el("span", { class: "play", "data-seat": seatOf(seat) });
      play.append(el("small", {}, seatName(seatOf(seat)) + " "), cardNode(code));
      box.append(play);
    }
  }

  // The last trick over: this round's, else the one before's until a trick of this one ends.
  function drawLastTrick(round) {
    const last = (round && round.last_trick) || (state.before && state.before.last_trick);
    $("last-box").hidden = !last;
    if (!last) return;
    $("last-title").textContent = L.lastTrick + " \u2014 " + seatName(seatOf(last.winner)) + " " + L.winner;
    drawPlays($("last"), last.plays);
  }

  // The sheet's lines (``sheet``: its head, its rounds, its totals), when the game's sheet
  // says more than each player's total (Roimat's Table de marque, by team).
  function drawSheet() {
    const sheet = state.sheet;
    $("sheet-box").hidden = !sheet;
    if (!sheet) return;
    const cells = (tag, values, attrs) => values.map((v, i) =>
      el(tag, Object.assign({ class: sheet.groups[i] || "" }, attrs ? attrs(i) : {}), v === null ? "" : String(v)));
    const head = el("tr");
    head.append(...cells("th", sheet.head));
    const body = el("tbody");
    for (const row of sheet.rows) {
      const tr = el("tr", { "data-kind": row.kind });
      tr.append(...cells("td", row.cells));
      body.append(tr);
    }
    const foot = el("tr", { class: "totals" });
    // A team's total is the cell of its tint that holds a figure.
    const total = (i) => (sheet.groups[i] && sheet.foot[i] !== "" ? { "data-total": sheet.groups[i] } : {});
    foot.append(...cells("th", sheet.foot, total));
    body.append(foot);
    const thead = el("thead");
    thead.append(head);
    $("sheet").replaceChildren(thead, body);
  }

  // The trick in view above the bar when the player's turn comes: the page scrolls only when
  // it is not.
  function bringIntoView() {
    const bar = $("play-bar");
    const room = window.innerHeight - (bar.hidden ? 0 : bar.offsetHeight);
    const trick = $("trick").getBoundingClientRect();
    if (trick.top < 0 || trick.bottom > room) $("status").scrollIntoView({ block: "start" });
  }

  // A total as the sheet writes it: +35, -4, 0; as it is where the game counts penalty points.
  function signed(total) {
    return L.signedTotals && total > 0 ? "+" + total : String(total);
  }

  // The round's public facts (trump, contract, dealer …), each under its name; its number and
  // name, which the title says, are not repeated.
  function drawFacts(round) {
    const facts = $("facts");
    facts.replaceChildren();
    if (!round) return;
    for (const [key, label] of Object.entries(L.facts)) {
      if (!(key in round) || PER_SEAT.includes(key) || round[key] === null) continue;
      if (TITLE_FACTS.includes(key) && [state.number, state.name].includes(round[key])) continue;
      const shown = SEAT_FACTS.includes(key) ? seatName(seatOf(round[key])) : value(round[key]);
      if (shown === "") continue;
      facts.append(el("dt", {}, label), el("dd", { "data-fact": key }, shown));
    }
  }

  // One line a seat: its name and presence, the round's facts of each seat, its total.
  function drawPlayers(round) {
    const table = $("players");
    const columns = round ? PER_SEAT.filter((key) => Array.isArray(round[key])) : [];
    const head = el("tr");
    head.append(el("th", {}, L.playerWord));
    for (const key of columns) head.append(el("th", {}, L.facts[key]));
    head.append(el("th", {}, L.total));
    const body = el("tbody");
    state.seats_order.forEach((seat, index) => {
      const row = el("tr", { "data-seat": seat, "data-presence": presence(seat) });
      row.classList.toggle("to-move", state.to_move === seat);
      const name = el("th", { scope: "row" });
      // The player's name (as the seat list writes it), or the seat's while it is empty.
      const who = seatName(seat);
      name.append(el("b", { class: "name" }, who));
      if (!who) name.append(el("b", {}, seatLabel(seat)));
      name.append(el("small", { class: "presence" }, " (" + presenceWord(seat) + ")"));
      row.append(name);
      for (const key of columns) row.append(el("td", {}, value(round[key][index])));
      row.append(el("td", { class: "total", "data-total": seat }, signed(state.totals[seat])));
      body.append(row);
    });
    const thead = el("thead");
    thead.append(head);
    table.replaceChildren(thead, body);
  }

  // The moves allowed, read from their texts: each card of the hand with the seats it may be
  // sent on to (``DJ>E``), and the other moves by kind (their first word).
  function legalMoves(cards) {
    const playable = new Map();
    const kinds = new Map();
    for (const text of state.legal) {
      const [card, to] = text.split(">");
      if (cards.includes(card)) {
        if (!playable.has(card)) playable.set(card, []);
        if (to !== undefined) playable.get(card).push(to);
        continue;
      }
      const kind = text.split(" ")[0];
      if (!kinds.has(kind)) kinds.set(kind, []);
      kinds.get(kind).push(text);
    }
    return { playable, kinds };
  }

  // The bar at the bottom: the moves that are not cards, or the seat a card chosen is sent
  // on to, above the hand.
  function drawBar(round) {
    const hand = $("hand");
    const choice = $("choice");
    // A move chosen in a list and not yet sent stays chosen when the bar is drawn again
    // (another seat's presence changed): by its kind, while the list still offers it.
    const chosen = new Map([...choice.querySelectorAll("[data-kind] select")].map(
      (select) => [select.closest("[data-kind]").dataset.kind, select.value]));
    hand.replaceChildren();
    choice.replaceChildren();
    const cards = round ? round.hand : [];
    const { playable, kinds } = legalMoves(cards);
    if (pending && !playable.has(pending)) pending = null;
    hand.classList.toggle("my-turn", playable.size > 0 && !pending);
    for (const code of cards) {
      const node = cardNode(code, "button");
      node.type = "button";
      if (pending) {
        // The card chosen waits for its seat: it alone can be tapped (to choose again).
        const isChosen = code === pending;
        node.disabled = !isChosen;
        node.setAttribute("aria-pressed", String(isChosen));
        if (isChosen) {
          node.classList.add("chosen");
          node.addEventListener("click", cancelCard);
        }
      } else {
        node.disabled = !playable.has(code);
        if (playable.has(code)) {
          node.classList.add("legal");
          node.addEventListener("click", () => playCard(code, playable.get(code)));
        }
      }
      hand.append(node);
    }
    if (pending) {
      choice.append(el("p", {}, L.sendTo.replace("%(card)s", cardText(pending))));
      const row = el("div", { class: "answers" });
      for (const seat of playable.get(pending)) {
        row.append(button(seatLabel(seat), { "data-to": seat, class: "primary" },
          () => send(pending + ">" + seat)));
      }
      row.append(button(L.changeCard, { "data-cancel": "", class: "cancel" }, cancelCard));
      choice.append(row);
    }
    for (const [kind, moves] of kinds) {
      const row = el("div", { class: "answers", "data-kind": kind });
      if (moves.length > MANY) {
        const select = el("select", { "aria-label": moveText(kind + " …") });
        for (const text of moves) select.append(el("option", { value: text }, moveText(text)));
        if (moves.includes(chosen.get(kind))) select.value = chosen.get(kind);
        row.append(select, button(L.play, { class: "primary" }, () => send(select.value)));
      } else {
        for (const text of moves) row.append(button(moveText(text), { "data-move": text }, () => send(text)));
      }
      choice.append(row);
    }
    choice.hidden = !choice.childElementCount;
    page.fitBar();
  }

  // A card tapped: played, or chosen when it is sent on to a seat, which the bar then asks.
  function playCard(code, seats) {
    if (!seats.length) {
      send(code);
      return;
    }
    pending = code;
    drawBar(state.round);
    const first = document.querySelector("#choice [data-to]");
    if (first) first.focus({ preventScroll: true });
  }

  function cancelCard() {
    pending = null;
    drawBar(state.round);
  }

  // A round over since the state ``before`` is announced with each seat's total.
  // A round over since the state ``before`` is announced with each seat's total (each team's,
  // where the seats play in teams), or as putting nothing on the sheet (a void deal).
  function announce(before) {
    if (!before || state.replays.length <= before.replays.length) return;
    // The round just over is the last one replayed, named by the server as its title was.
    const ended = state.replays[state.replays.length - 1];
    const over = L.roundOver.replace("%(round)s", ended.name);
    if (ended.void) {
      page.news(over + " \u2014 " + L.voidDeal);
      return;
    }
    const sides = state.round && state.round.side;
    const totals = new Map();
    state.seats_order.forEach((seat, index) => {
      const who = sides ? sides[index] : seatName(seat);
      if (!totals.has(who)) totals.set(who, who + " " + signed(state.totals[seat]));
    });
    page.news(over + " \u2014 " + [...totals.values()].join(" \u00b7 "));
  }

  page.start();
})();
