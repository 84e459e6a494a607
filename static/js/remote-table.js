// The live table of Roimat à distance: draws the state the server sends (docs/remote-protocol.md:
// the donne in ``round``, the moves allowed as texts in ``legal``) and sends the move clicked, as
// its text. The server holds the state and checks every move; the connection, the seats and the
// rounds played are remote-page.js's, the felt is drawn here.
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
  // Each rank's chess piece (ROIMAT.md §1), drawn as text, not as an emoji (U+FE0E).
  const PIECES = { D: "\u265B", T: "\u265C", C: "\u265E", F: "\u265D", R: "\u265A", P: "\u265F" };
  const page = remotePage(live, { show });
  const { el, button, send, status, presence, presenceWord, seatName, buzz } = page;
  let state = null;
  let pending = null; // a Dame or Tour chosen, waiting for the seat it sends to (nothing sent yet)
  let wasMyTurn = false;
  const title = document.title;

  const $ = (id) => document.getElementById(id);
  function cardName(code) {
    return RANKS[code[0]] + " " + L[code[1]];
  }
  // A card's face: its piece, its rank's name and its colour's name, on its colour, so that
  // none needs the colour of its background to be read.
  function cardNode(code, tag) {
    const node = el(tag || "span", { class: "pc c-" + code[1], "data-card": code,
      title: cardName(code), "aria-label": cardName(code) });
    node.append(el("span", { class: "piece", "aria-hidden": "true" }, PIECES[code[0]] + "\uFE0E"),
      el("span", { class: "rank", "aria-hidden": "true" }, RANKS[code[0]]),
      el("span", { class: "colour", "aria-hidden": "true" }, L[code[1]]));
    return node;
  }
  // Seats drawn around the table from the player's own (at the bottom).
  function position(seat) {
    const me = state && state.you ? SEATS.indexOf(state.you) : 2;
    return ["bottom", "left", "top", "right"][(SEATS.indexOf(seat) - me + 4) % 4];
  }

  function show(message, before) {
    // A card chosen stays chosen when the table did not move (a page opened or closed).
    if (!state || message.seq !== state.seq) pending = null;
    state = message;
    draw();
    announce(before);
  }

  // The moves allowed, read from their texts (``DJ>E``, ``PJ``, ``N roi R annule``,
  // ``contre_plis oui``): each card once with the seats it may send to, the announcements, the
  // answers to the contre due.
  function legalMoves() {
    const cards = new Map();
    const moves = [];
    for (const text of state.legal) {
      const words = text.split(" ");
      if (words[1] === "roi") {
        moves.push({ kind: "announce", trump: words[2], annul: words.length === 4, text });
      } else if (words.length === 2) {
        moves.push({ kind: "bid", name: words[0], value: words[1] === "oui", text });
      } else {
        const [card, to] = text.split(">");
        if (!cards.has(card)) {
          cards.set(card, { kind: "card", card, to: [] });
          moves.push(cards.get(card));
        }
        if (to) cards.get(card).to.push(to);
      }
    }
    return moves;
  }

  function draw() {
    const donne = state.round;
    for (const seat of SEATS) {
      const box = document.querySelector('.seat[data-pos="' + position(seat) + '"]');
      box.replaceChildren();
      box.dataset.seat = seat;
      box.dataset.presence = presence(seat);
      box.append(el("b", {}, L[seat]), el("span", { class: "name" }, " " + seatName(seat)),
        el("span", { class: "presence" }, " (" + presenceWord(seat) + ")"));
      if (donne) {
        box.append(el("span", { class: "count" }, " · " + donne.hand_sizes[seat]));
        if (donne.dealer === seat) box.append(el("span", { class: "dealer" }, " · " + L.dealer));
      }
      box.classList.toggle("to-move", !!donne && state.to_move === seat);
    }
    $("trick").replaceChildren();
    drawSheet();
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
    // The last trick over: this donne's, else the one before's until a trick of this one ends.
    const lastTrick = donne.last_trick || (state.before && state.before.last_trick);
    if (lastTrick) {
      last.append(el("div", {}, L.lastTrick + " — " + L[lastTrick.winner] + " " + L.winner));
      for (const play of lastTrick.plays) {
        last.append(el("span", {}, L[play.seat][0] + " "), cardNode(play.card), el("span", {}, " "));
      }
    }
    const myTurn = !state.finished && !!state.you && state.to_move === state.you;
    if (state.finished) status(L.over + " " + winnerText());
    else if (!state.you) status(L.spectator);
    else if (myTurn) status(L.yourTurn);
    else if (state.to_move) status(L.waiting.replace("%(seat)s", L[state.to_move]));
    else status("");
    $("status").classList.toggle("my-turn", myTurn);
    document.title = (myTurn ? "\u25B6 " : "") + title;
    drawBar();
    if (myTurn && !wasMyTurn) {
      bringIntoView();
      buzz(200);
    }
    wasMyTurn = myTurn;
  }

  // A donne over since the state ``before`` is announced with its result, from the sheet.
  function announce(before) {
    if (!before || state.replays.length <= before.replays.length) return;
    const over = state.replays[state.replays.length - 1];
    const row = state.sheet.donnes[state.sheet.donnes.length - 1];
    let text;
    if (over.void) text = L.donneVoid;
    else if (row.annulled) text = L.donneAnnulled;
    else text = L.donneOver + " — " + teamResult("N/S", row.ns) + " · " + teamResult("O/E", row.oe);
    page.news(text);
  }

  // A score as the Table de marque writes a donne's total and each team's: +35, -4, 0.
  function signed(total) {
    return total > 0 ? "+" + total : String(total);
  }

  function teamResult(team, side) {
    const total = signed(side.total);
    return team + " " + total + " (" + side.plis + " " + L.plis + ", " + side.points + " " + L.points + ")";
  }

  // The bar at the bottom: the question asked (if any) above the hand.
  function drawBar() {
    const donne = state.round;
    const hand = $("hand");
    const choice = $("choice");
    hand.replaceChildren();
    choice.replaceChildren();
    const legal = legalMoves();
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
          () => send(pending.card + ">" + seat)));
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
        row.append(button(label, { "data-trump": move.trump, "data-annul": move.annul }, () => send(move.text)));
      }
      choice.append(row);
    }
    const bids = legal.filter((m) => m.kind === "bid");
    if (bids.length) {
      choice.append(el("p", {}, L[bids[0].name]));
      const row = el("div", { class: "answers" });
      for (const move of bids) {
        row.append(button(move.value ? L.yes : L.no, { "data-bid": String(move.value) }, () => send(move.text)));
      }
      choice.append(row);
    }
    choice.hidden = !choice.childElementCount;
    page.fitBar();
  }

  // The felt (the trick) in view above the bar: the page scrolls only when it is not.
  function bringIntoView() {
    const bar = $("play-bar");
    const room = window.innerHeight - (bar.hidden ? 0 : bar.offsetHeight);
    const felt = $("felt").getBoundingClientRect();
    if (felt.top < 0 || felt.bottom > room) $("status").scrollIntoView({ block: "start" });
  }

  function playCard(move) {
    if (!move.to.length) {
      send(move.card);
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
          el("td", { class: "ns" }, signed(row.ns.total)), el("td", { class: "total ns" }, String(row.ns.cumul)),
          el("td", { class: "oe" }, signed(row.oe.total)), el("td", { class: "total oe" }, String(row.oe.cumul)));
      }
      body.append(tr);
    }
    const total = el("tr", { class: "totals" });
    total.append(el("th", {}, L.total), el("td"), el("th", { class: "ns", "data-total": "ns" }, signed(state.sheet.total_ns)),
      el("td"), el("th", { class: "oe", "data-total": "oe" }, signed(state.sheet.total_oe)));
    body.append(total);
  }

  page.start();
})();
