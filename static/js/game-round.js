/* The points of a card field (Römer's teams: "1:20 1:5 2:10", trump first) shown as the cards
 * are typed. The rule is the engine's alone: the page asks the server
 * (data-total-url?cards=…) and shows its answer; without network it shows nothing. The
 * fields are found as they are typed (event delegation): entry-form.js may put in a new form,
 * the server's answer, in place of the page's. */
(function () {
  "use strict";
  function outputOf(input) {
    var out = input.nextElementSibling;
    if (!out || !out.classList.contains("team-total")) {
      out = document.createElement("output");
      out.className = "team-total";
      out.setAttribute("aria-live", "polite");
      input.insertAdjacentElement("afterend", out);
    }
    return out;
  }
  function update(input) {
    var out = outputOf(input), number = out.asked = (out.asked || 0) + 1;
    if (!input.value.trim()) { out.textContent = ""; return; }
    var url = input.dataset.totalUrl + "?cards=" + encodeURIComponent(input.value);
    fetch(url, { headers: { Accept: "application/json" } })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (number !== out.asked) { return; }  // a later question is under way
        out.textContent = "total" in answer ? " = " + answer.total : " ? " + answer.error;
      })
      .catch(function () { out.textContent = ""; });
  }
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("input[data-total-url]")) { return; }
    clearTimeout(input.totalTimer);
    input.totalTimer = setTimeout(function () { update(input); }, 250);
  });
  document.querySelectorAll("input[data-total-url]").forEach(function (input) {
    if (input.value) { update(input); }
  });
}());

/* Römer's teams tapped as cards. The form (scoring/jinja2/scoring/entry_fields.html) holds
 * the deck (div.card-deck[data-deck]: tabular.deck_json, the engine's cards, each with its
 * copies and its face as the live table draws it, and the page's words); each team's text
 * field (input[data-total-url]) stays the form's value, "1:20 1:5" as the server reads it,
 * but is hidden: beside it, the team in its order, the trump first (each card tapped takes it
 * out), and the deck's cards to tap (each adds the card at the end of the team), shown for
 * one team at a time (the first, or the one whose button asks for them). A card the
 * teams of the form already hold as many times as the deck has it is not offered. Without
 * the script the field is typed as before. A field filled in by another script (a draft
 * restored, the form moved on) tells it by its "input" event; a form put in place of the
 * page's (entry-form.js) is found when it comes (a MutationObserver). */
(function () {
  "use strict";
  function deckOf(form) {
    var node = form && form.querySelector(".card-deck[data-deck]");
    if (!node) { return null; }
    if (!node.deck) {
      try { node.deck = JSON.parse(node.dataset.deck); } catch (e) { return null; }
      node.deck.byCode = {};
      node.deck.cards.forEach(function (card) { node.deck.byCode[card.card.join(":")] = card; });
    }
    return node.deck;
  }
  function codes(input) { return input.value.replace(/,/g, " ").split(/\s+/).filter(Boolean); }
  function say(text, values) {
    Object.keys(values).forEach(function (k) { text = text.replace("%(" + k + ")s", values[k]); });
    return text;
  }
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }
  function nameOf(card) { return card.name + " " + card.colour; }
  // A card as the live table draws it (live-table.js faceNode): its figure large, the line
  // below it, its colour's name, on its colour's tint.
  function face(card, tag, label) {
    var node = el(tag, { class: "pc c-" + card.tint, "aria-label": label || nameOf(card),
      title: label || nameOf(card) });
    if (tag === "button") { node.type = "button"; }
    node.append(el("span", { class: "piece", "aria-hidden": "true" }, card.symbol + "\uFE0E"),
      el("span", { class: "rank", "aria-hidden": "true" }, card.rank),
      el("span", { class: "colour", "aria-hidden": "true" }, card.colour));
    return node;
  }
  function change(input, values) {
    input.value = values.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
  function draw(input, deck, held) {
    var picker = document.getElementById(input.id + "-picker");
    var team = codes(input), most = parseInt(input.dataset.most || "7", 10), words = deck.words;
    var row = picker.querySelector(".picked");
    row.replaceChildren();
    team.forEach(function (code, index) {
      var card = deck.byCode[code], place = String(index + 1);
      var label = say(words.take, { card: card ? nameOf(card) : code, place: place });
      if (index === 0) { label = words.trump + " \u2014 " + label; }
      var node = card ? face(card, "button", label) : el("button", { type: "button",
        class: "gc", "aria-label": label, title: label }, code);
      node.dataset.card = code;
      node.dataset.place = place;
      if (index === 0) {
        node.classList.add("trump");
        node.append(el("span", { class: "mark", "aria-hidden": "true" }, words.trump));
      } else {
        node.append(el("span", { class: "mark", "aria-hidden": "true" }, place));
      }
      node.addEventListener("click", function () {
        var now = codes(input);
        now.splice(index, 1);
        change(input, now);
      });
      row.append(node);
    });
    // The team in words, for the entries waiting to be sent (entry-form.js typedSummary).
    input.dataset.words = team.map(function (code) {
      return deck.byCode[code] ? nameOf(deck.byCode[code]) : code;
    }).join(", ");
    var state = picker.querySelector(".team-state");
    state.textContent = !team.length ? words.empty : team.length >= most ? words.full : "";
    picker.querySelectorAll(".pick-deck button").forEach(function (button) {
      var card = deck.byCode[button.dataset.card];
      var left = Math.max(0, card.copies - (held[button.dataset.card] || 0));
      button.disabled = !left || team.length >= most;
      button.querySelector(".left").textContent = String(left);
      var label = say(words.add, { card: nameOf(card), count: left });
      button.setAttribute("aria-label", label);
      button.title = label;
    });
  }
  function refresh(form) {
    var deck = deckOf(form);
    if (!deck) { return; }
    var inputs = form.querySelectorAll("input[data-total-url][data-picker]"), held = {};
    inputs.forEach(function (input) {
      codes(input).forEach(function (code) { held[code] = (held[code] || 0) + 1; });
    });
    inputs.forEach(function (input) { draw(input, deck, held); });
  }
  function legend(form, deck) {
    var box = form.querySelector(".card-deck");
    if (!deck.legend.length || form.querySelector(".sheet-legend")) { return; }
    var details = el("details", { class: "card sheet-legend" }), list = el("ul", { class: "card-legend" });
    details.append(el("summary", {}, deck.words.legend), list);
    deck.legend.forEach(function (line) {
      var item = el("li"), card = line[0] && deck.byCode[line[0].join(":")];
      if (card) { item.append(face(card, "span")); }
      item.append(el("span", {}, line[1]));
      list.append(item);
    });
    box.insertAdjacentElement("afterend", details);
  }
  function enhance(form) {
    var deck = deckOf(form);
    if (!deck) { return; }
    var fresh = false;
    form.querySelectorAll("input[data-total-url]:not([data-picker])").forEach(function (input) {
      fresh = true;
      var picker = el("div", { class: "card-picker", id: input.id + "-picker", tabindex: "-1" });
      var team = el("div", { class: "picked", role: "group", "aria-label": deck.words.team });
      var pile = el("div", { class: "pick-deck", role: "group", "aria-label": deck.words.deck });
      var open = el("button", { type: "button", class: "pick-open" }, deck.words.open);
      var title = el("p", { class: "deck-title" }, deck.words.deck);
      open.addEventListener("click", function () { show(form, picker); });
      deck.cards.forEach(function (card) {
        var button = face(card, "button");
        button.dataset.card = card.card.join(":");
        button.append(el("span", { class: "left", "aria-hidden": "true" }));
        button.addEventListener("click", function () {
          change(input, codes(input).concat([button.dataset.card]));
        });
        pile.append(button);
      });
      picker.append(team, el("p", { class: "team-state hint", "aria-live": "polite" }),
        open, title, pile);
      input.dataset.picker = picker.id;
      input.hidden = true;
      var label = input.closest("label");
      if (label) { label.classList.add("team-label"); }
      (label || input).insertAdjacentElement("afterend", picker);
    });
    if (fresh) {
      legend(form, deck);
      form.querySelectorAll(".typed-only").forEach(function (node) { node.hidden = true; });
      refresh(form);
      if (!form.querySelector(".card-picker.open")) { show(form, form.querySelector(".card-picker")); }
    }
  }
  // One team's deck shown at a time (the others' are a button away): the page stays short.
  function show(form, picker) {
    form.querySelectorAll(".card-picker").forEach(function (other) {
      var open = other === picker;
      other.classList.toggle("open", open);
      other.querySelector(".pick-deck").hidden = !open;
      other.querySelector(".deck-title").hidden = !open;
      other.querySelector(".pick-open").hidden = open;
    });
  }
  function enhanceAll() {
    document.querySelectorAll(".card-deck[data-deck]").forEach(function (node) {
      if (node.closest("form")) { enhance(node.closest("form")); }
    });
  }
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (input.matches && input.matches("input[data-picker]") && input.form) { refresh(input.form); }
  });
  // A problem's link (the summary at the top) to a team: to its cards, the field being hidden.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href^='#']");
    var input = link && document.getElementById(link.getAttribute("href").slice(1));
    var picker = input && input.dataset.picker && document.getElementById(input.dataset.picker);
    if (!picker) { return; }
    event.preventDefault();
    picker.scrollIntoView({ block: "center" });
    picker.focus({ preventScroll: true });
  });
  enhanceAll();
  if (window.MutationObserver) {
    new MutationObserver(enhanceAll).observe(document.body, { childList: true, subtree: true });
  }
}());
