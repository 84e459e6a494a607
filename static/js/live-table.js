// The live table of a game other than Roimat (docs/remote-protocol.md): draws the round as the
// server's state gives it (``round``: what this seat may see, ``legal``: the texts of the moves
// the rules allow it now) and sends the move tapped, as its text. The connection, the seats and
// the rounds played are remote-page.js's; nothing here knows the rules of a game.
//
// A move whose text is a card of the hand is played by tapping the card; the others (an
// estimate, the dead hand kept or taken, a bid …) are buttons above the hand, or a list to
// choose from when they are many.
(function () {
  "use strict";
  const live = JSON.parse(document.getElementById("remote-live").textContent);
  const L = live.labels;
  const page = remotePage(live, { show });
  const { el, button, send, status, seatLabel, presence, presenceWord, seatName, buzz } = page;
  const $ = (id) => document.getElementById(id);
  // The facts of a round given for each seat (one value a seat), shown in the players' table.
  const PER_SEAT = ["hand_sizes", "teams", "plis", "points", "estimates", "collected", "penalty", "bids", "sale"];
  // The facts of a round that name a seat by its index.
  const SEAT_FACTS = ["dealer", "leader"];
  // The facts that say the round's number or name, which its title shows.
  const TITLE_FACTS = ["manche", "round", "coup", "contract"];
  const MANY = 8; // more moves of one kind than this: a list to choose from
  const SUITS = { C: "\u2665", K: "\u2666", P: "\u2660", T: "\u2663" };
  const title = document.title;
  let state = null;
  let wasMyTurn = false;
  // Whether the game's cards are the French pack's, drawn with the suits' signs.
  const frenchPack = L.frenchPack;

  function seatOf(index) {
    return state.seats_order[index];
  }
  const FRENCH = /^(10|[2-9AVDRK])([CKPT])$/;
  // A card code as the French pack writes it (rank and suit), a suit alone (a trump) by its
  // sign, else as the game writes it.
  function cardText(code) {
    if (SUITS[code] && frenchPack) return SUITS[code];
    const match = frenchPack && FRENCH.exec(code);
    return match ? match[1] + SUITS[match[2]] : code;
  }
  function cardNode(code, tag) {
    const match = frenchPack && FRENCH.exec(code);
    const red = !!match && (match[2] === "C" || match[2] === "K");
    return el(tag || "span", { class: "gc" + (red ? " red" : ""), "data-card": code }, cardText(code));
  }
  // A move in words: its word's phrase with the rest of its text (a card, a number); a move
  // of another seat that the rules keep secret (its text without the rest, as an estimate
  // not yet shown) in the words of a move kept secret; a move of one word (the dead hand
  // kept, the manche ended) in its phrase, which has no rest.
  function moveText(text) {
    const space = text.indexOf(" ");
    if (space < 0 && L.hiddenMoves[text]) return L.hiddenMoves[text];
    const words = L.moveWords[text.split(" ")[0]];
    if (!words) return cardText(text);
    if (space < 0) return words.includes("%(rest)s") ? cardText(text) : words;
    return words.replace("%(rest)s", cardText(text.slice(space + 1)));
  }
  function value(v) {
    if (v === null || v === undefined) return "";
    if (v === true) return "\u2714";
    if (v === false) return "";
    if (Array.isArray(v)) return v.map(value).join(" ");
    return typeof v === "string" ? moveText(v) : String(v);
  }

  function show(message, before) {
    state = message;
    state.seats_order = Object.keys(state.seats);
    draw();
    announce(before);
  }

  function draw() {
    const round = state.round;
    const toMove = state.to_move;
    $("round-title").textContent = round ? roundTitle() : "";
    drawFacts(round);
    drawPlayers(round);
    $("trick").replaceChildren();
    for (const [seat, code] of round ? round.trick || (round.last ? [round.last] : []) : []) {
      const play = el("span", { class: "play" });
      play.append(el("small", {}, seatName(seatOf(seat)) + " "), cardNode(code));
      $("trick").append(play);
    }
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
    if (myTurn && !wasMyTurn) buzz(200);
    wasMyTurn = myTurn;
  }

  // A total as the sheet writes it: +35, -4, 0.
  function signed(total) {
    return total > 0 ? "+" + total : String(total);
  }

  // The round as the sheet names it ("Coup 3"), its number first when the name has none (a
  // Roi manche's contract: "Round 7 — Atout trèfle").
  function roundTitle() {
    const name = state.name || "";
    if (name.includes(String(state.number))) return name;
    return [L.donne + " " + state.number, name].filter(Boolean).join(" — ");
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
      name.append(el("b", {}, seatName(seat) || seatLabel(seat)),
        el("small", { class: "presence" }, " (" + presenceWord(seat) + ")"));
      row.append(name);
      for (const key of columns) row.append(el("td", {}, value(round[key][index])));
      row.append(el("td", { class: "total", "data-total": seat }, signed(state.totals[seat])));
      body.append(row);
    });
    const thead = el("thead");
    thead.append(head);
    table.replaceChildren(thead, body);
  }

  // The bar at the bottom: the moves that are not cards above the hand.
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
    const legal = new Set(state.legal);
    hand.classList.toggle("my-turn", cards.some((code) => legal.has(code)));
    for (const code of cards) {
      const node = cardNode(code, "button");
      node.type = "button";
      node.disabled = !legal.has(code);
      if (legal.has(code)) {
        node.classList.add("legal");
        node.addEventListener("click", () => send(code));
      }
      hand.append(node);
    }
    const kinds = new Map();
    for (const text of state.legal) {
      if (cards.includes(text)) continue;
      const kind = text.split(" ")[0];
      if (!kinds.has(kind)) kinds.set(kind, []);
      kinds.get(kind).push(text);
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

  // A round over since the state ``before`` is announced with each seat's total.
  function announce(before) {
    if (!before || state.replays.length <= before.replays.length) return;
    const totals = state.seats_order.map((seat) => seatName(seat) + " " + signed(state.totals[seat]));
    page.news(L.roundOver + " — " + totals.join(" · "));
  }

  page.start();
})();
