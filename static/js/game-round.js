/* Römer: each team's points shown as its cards are typed ("1:20 1:5 2:10", trump first):
 * a card of the trump's colour scores its value × its position, the others their value. */
(function () {
  "use strict";
  document.querySelectorAll("input[name$='_cards']").forEach(function (input) {
    var out = document.createElement("output");
    out.className = "team-total";
    input.insertAdjacentElement("afterend", out);
    function update() {
      var cards = input.value.replace(/,/g, " ").split(/\s+/).filter(Boolean).map(function (t) {
        var parts = t.split(":");
        return [parseInt(parts[0], 10), parseInt(parts[1], 10)];
      });
      if (cards.some(function (c) { return isNaN(c[0]) || isNaN(c[1]); })) { out.textContent = "?"; return; }
      var trump = cards.length ? cards[0][0] : null;
      var total = cards.reduce(function (sum, c, i) { return sum + c[1] * (c[0] === trump ? i + 1 : 1); }, 0);
      out.textContent = " = " + total;
    }
    input.addEventListener("input", update);
    update();
  });
}());
