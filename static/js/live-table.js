// The live table of every game (docs/remote-protocol.md): draws the round as the server's state
// gives it (``round``: what this seat may see, ``legal``: the texts of the moves the rules allow
// it now, ``sheet``: the sheet's lines when the totals do not say all) and sends the move
// tapped, as its text. The connection, the seats and the rounds played are remote-page.js's;
// nothing here knows the rules of a game: its words and its cards' faces come with the page.
//
// A move whose text is a card of the hand is played by tapping the card; a card sent on to a
// seat (``DJ>E``: Roimat's Dame or Tour) by tapping the card, then the seat; a card that may
// make moves of several kinds (``pose 15XX``, ``lead 15XX``: Römer) by tapping the card, then
// its kind; the others (an estimate, a trump announced, a contre, a bid …) are buttons above
// the hand, or a list to choose from when they are many.
(function () {
  "use strict";
  const live = JSON.parse(document.getElementById("remote-live").textContent);
  const L = live.labels;
  const page = remotePage(live, { show, moveText });
  const { el, button, send, status, seatLabel, presence, presenceWord, seatName, buzz } = page;
  const FACES = L.faces || {};
  const TOKENS = L.tokens || {};
  const NAMES = L.cardNames || {};
  const $ = (id) => document.getElementById(id);
  // The facts of a round given for each seat (one value a seat), shown in the players' table.
  const PER_SEAT = ["hand_sizes", "side", "teams", "plis", "points", "estimates", "collected", "penalty", "bids", "sale"];
  // The facts of a round that name a seat by its index.
  const SEAT_FACTS = ["dealer", "leader", "announcer"];
  // The facts that say the round's number or name, which its title shows.
  const TITLE_FACTS = ["manche", "round", "coup", "contract"];
  const MANY = 8; // more moves of one kind than this: a list to choose from
  const title = document.title;
  let state = null;
  let wasMyTurn = false;
  let pending = null; // a card chosen that waits for its seat or its kind of move
  let pendingAt = -1; // its place in the hand (a hand may hold the same card twice)
  // Whether the game's cards are the French pack's, drawn with the suits' signs.
  const frenchPack = L.frenchPack;

  function seatOf(index) {
    return state.seats_order[index];
  }
  const FRENCH = /^(10|[2-9AVDRK])([CKPT])$/;
  // A card in words, as the server names it for every page (``scoring.messages.card_names``:
  // a card of the game's own pack by its name and colour, the French pack's by rank and suit
  // sign, a suit alone by its sign), else as the game writes it.
  function cardText(code) {
    return NAMES[code] || code;
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
    if (!tag) node.setAttribute("role", "img"); // a card drawn, named as a whole
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
    drawEnded();
    drawSheet();
    const history = $("history");
    history.replaceChildren();
    for (const [seat, text] of round ? round.history : []) {
      history.append(el("li", {}, seatName(seatOf(seat)) + " : " + moveText(text)));
    }
    const myTurn = !state.finished && !!state.you && toMove === state.you;
    if (state.finished) status(L.over + " " + winnersText());
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
      for (const key of columns) row.append(cell(round[key][index]));
      row.append(el("td", { class: "total", "data-total": seat }, signed(state.totals[seat])));
      body.append(row);
    });
    const thead = el("thead");
    thead.append(head);
    table.replaceChildren(thead, body);
  }

  // A cell of the players' table: cards of the game's own pack (a Römer team) drawn small,
  // a card face down as such; any other value in words.
  function cell(v) {
    const cards = Array.isArray(v) && v.some((c) => FACES[c]) && v.every((c) => FACES[c] || c === "?");
    if (!cards) return el("td", {}, value(v));
    const td = el("td", { class: "cards" });
    const line = el("div", { class: "team-line" }); // wraps within the cell
    td.append(line);
    for (const code of v) {
      line.append(code === "?" ? el("span", { class: "pc back", role: "img", title: L.faceDown, "aria-label": L.faceDown }, "?") : cardNode(code));
    }
    return td;
  }

  // The moves allowed, read from their texts: each card of the hand with what a tap on it
  // may do (``options``: a move's text, with the seat it is sent on to, ``DJ>E``, or its kind,
  // ``pose 15XX``; none but the card itself: played at once), and the other moves by kind
  // (their first word).
  function legalMoves(cards) {
    const playable = new Map();
    const kinds = new Map();
    const option = (card, choice) => {
      if (!playable.has(card)) playable.set(card, []);
      playable.get(card).push(choice);
    };
    for (const text of state.legal) {
      const [card, to] = text.split(">");
      const space = text.indexOf(" ");
      const kind = space < 0 ? text : text.slice(0, space);
      if (cards.includes(card)) option(card, { text, seat: to });
      else if (space > 0 && cards.includes(text.slice(space + 1))) option(text.slice(space + 1), { text, kind });
      else {
        if (!kinds.has(kind)) kinds.set(kind, []);
        kinds.get(kind).push(text);
      }
    }
    return { playable, kinds };
  }

  // Whether a tap on a card plays it at once: its one move is the card itself or of one kind.
  function atOnce(options) {
    return options.length === 1 && options[0].seat === undefined;
  }

  // The bar at the bottom: the moves that are not cards, or the seat a card chosen is sent
  // on to, above the hand.
  function drawBar(round) {
    const hand = $("hand");
    const choice = $("choice");
    // A move chosen in a list and not yet sent stays chosen when the bar is drawn again
    // (another seat's presence changed): by its kind, while the list still offers it.
    const chosen = new Map([...choice.querySelectorAll("[data-kind] select, [data-kind] input")].map(
      (field) => [field.closest("[data-kind]").dataset.kind, field.value]));
    hand.replaceChildren();
    choice.replaceChildren();
    const cards = round ? round.hand : [];
    const { playable, kinds } = legalMoves(cards);
    if (pending && !playable.has(pending)) pending = null;
    hand.classList.toggle("my-turn", playable.size > 0 && !pending);
    cards.forEach((code, index) => {
      const node = cardNode(code, "button");
      node.type = "button";
      if (pending) {
        // The card chosen waits for its seat or its kind: it alone can be tapped (to choose
        // again).
        const isChosen = code === pending && index === pendingAt;
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
          node.addEventListener("click", () => playCard(code, index, playable.get(code)));
          // What the tap may do, for a test reading the bar as a person does.
          node.dataset.moves = JSON.stringify(playable.get(code).map((o) => o.text));
        }
      }
      hand.append(node);
    });
    if (pending) {
      const options = playable.get(pending);
      const toSeat = options.some((o) => o.seat !== undefined);
      choice.append(el("p", {}, (toSeat ? L.sendTo : L.cardChoice).replace("%(card)s", cardText(pending))));
      const row = el("div", { class: "answers" });
      for (const { text, seat, kind } of options) {
        const label = seat !== undefined ? seatLabel(seat) : (kind && L.choiceWords[kind]) || moveText(text);
        const attrs = seat !== undefined ? { "data-to": seat } : { "data-move": text };
        row.append(button(label, Object.assign(attrs, { class: "primary" }), () => send(text)));
      }
      row.append(button(L.changeCard, { "data-cancel": "", class: "cancel" }, cancelCard));
      choice.append(row);
    }
    for (const [kind, moves] of kinds) {
      const row = el("div", { class: "answers", "data-kind": kind });
      const values = numbers(kind, moves);
      if (values) stepper(row, kind, values, chosen.get(kind));
      else if (moves.length > MANY) {
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

  // The numbers of a kind's moves (``annonce 12``, ``bid 5``) when they are many: chosen with
  // a stepper, not a long list; else null.
  function numbers(kind, moves) {
    const values = moves.map((text) => text.slice(kind.length + 1));
    if (moves.length <= MANY || !values.every((v) => /^[0-9]+$/.test(v))) return null;
    return values.map(Number);
  }

  // A number to choose within the legal bounds: typed (a number pad) or stepped by 1 and 10,
  // then sent by its button, which says the move and is enabled only for a legal number.
  function stepper(row, kind, values, chosen) {
    const low = Math.min(...values);
    const high = Math.max(...values);
    const legal = new Set(values);
    const input = el("input", { type: "number", inputmode: "numeric", min: low, max: high, step: 1,
      "aria-label": moveText(kind + " …") });
    input.value = String(chosen !== undefined && legal.has(Number(chosen)) ? chosen : low);
    const go = button("", { class: "primary", "data-send": kind }, () => send(kind + " " + Number(input.value)));
    const update = () => {
      const ok = /^[0-9]+$/.test(input.value) && legal.has(Number(input.value));
      go.disabled = !ok;
      go.textContent = ok ? moveText(kind + " " + Number(input.value)) : L.play;
    };
    const step = (by) => button((by < 0 ? "−" : "+") + Math.abs(by), { "data-step": by }, () => {
      const now = Number(input.value) || 0;
      input.value = String(Math.min(high, Math.max(low, now + by)));
      update();
    });
    input.addEventListener("input", update);
    row.classList.add("stepper");
    row.append(step(-10), step(-1), input, step(1), step(10), go);
    update();
  }

  // A card tapped: played, or chosen when it is sent on to a seat or may make moves of
  // several kinds, which the bar then asks.
  function playCard(code, index, options) {
    if (atOnce(options)) {
      send(options[0].text);
      return;
    }
    pending = code;
    pendingAt = index;
    drawBar(state.round);
    const first = document.querySelector("#choice .primary");
    if (first) first.focus({ preventScroll: true });
  }

  function cancelCard() {
    pending = null;
    drawBar(state.round);
  }

  // A round over since the state ``before`` is announced with what it put on the sheet for
  // each seat (each team, where the seats play in teams: ``ended.scores``), then the totals,
  // each under its word, or as putting nothing on the sheet (a void deal); the partie over,
  // with its winners.
  function announce(before) {
    if (!before || state.replays.length <= before.replays.length) return;
    // The round just over is the last one replayed, named by the server as its title was.
    const ended = state.replays[state.replays.length - 1];
    let text = L.roundOver.replace("%(round)s", ended.name);
    const scores = state.ended && state.ended.number === ended.number ? state.ended.scores : null;
    if (ended.void || !scores) text += " \u2014 " + L.voidDeal;
    else {
      text += " \u2014 " + L.roundScores.replace("%(scores)s", bySide((seat) => signed(scores[seat])));
      text += " \u2014 " + L.roundTotals.replace("%(totals)s", bySide((seat) => signed(state.totals[seat])));
    }
    if (state.finished) text += " \u2014 " + winnersText();
    page.news(text);
  }

  // Each side's figure (a team's once, where the seats play in teams), joined.
  function bySide(figure) {
    const sides = state.round && state.round.side;
    const shown = new Map();
    state.seats_order.forEach((seat, index) => {
      const who = sides ? sides[index] : seatName(seat);
      if (!shown.has(who)) shown.set(who, who + " " + figure(seat));
    });
    return [...shown.values()].join(" \u00b7 ");
  }

  // The winners of the partie over, by name, or a draw.
  function winnersText() {
    const names = (state.winners || []).map(seatName);
    return names.length ? L.wonBy.replace("%(names)s", names.join(", ")) : L.draw;
  }

  // The round just over, until the next one ends: what everyone saw of it as it ended
  // (``before``: its facts of each seat, as an estimate and the points taken) with what it
  // put on the sheet for each seat and each seat's total.
  function drawEnded() {
    const ended = state.ended;
    const seen = state.finished ? state.round : state.before;
    $("ended-box").hidden = !ended || !ended.scores || !seen;
    if ($("ended-box").hidden) return;
    $("ended-title").textContent = L.roundOver.replace("%(round)s", ended.name);
    const columns = PER_SEAT.filter((key) => key !== "hand_sizes" && Array.isArray(seen[key]));
    const head = el("tr");
    head.append(el("th", {}, L.playerWord));
    for (const key of columns) head.append(el("th", {}, L.facts[key]));
    head.append(el("th", {}, L.onSheet), el("th", {}, L.total));
    const body = el("tbody");
    state.seats_order.forEach((seat, index) => {
      const row = el("tr", { "data-seat": seat });
      row.append(el("th", { scope: "row" }, seatName(seat) || seatLabel(seat)));
      for (const key of columns) row.append(el("td", { "data-fact": key }, value(seen[key][index])));
      row.append(el("td", { "data-score": seat }, signed(ended.scores[seat])),
        el("td", {}, signed(state.totals[seat])));
      body.append(row);
    });
    const thead = el("thead");
    thead.append(head);
    $("ended").replaceChildren(thead, body);
  }

  // The legend of the game's own cards, when it gives one (Römer's): each sample card beside
  // what it says.
  function drawLegend() {
    if (!L.legend || !L.legend.length) return;
    const list = $("legend");
    for (const [code, text] of L.legend) {
      const item = el("li");
      if (code) item.append(cardNode(code));
      item.append(el("span", {}, text));
      list.append(item);
    }
    $("legend-box").hidden = false;
  }

  drawLegend();
  page.start();
})();
