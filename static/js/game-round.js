/* The points of a card field (Römer's teams: "1:20 1:5 2:10", trump first) shown as the cards
 * are typed. The rule is the engine's alone: the page asks the server
 * (data-total-url?cards=…) and shows its answer; without network it shows nothing. */
(function () {
  "use strict";
  document.querySelectorAll("input[data-total-url]").forEach(function (input) {
    var out = document.createElement("output");
    out.className = "team-total";
    out.setAttribute("aria-live", "polite");
    input.insertAdjacentElement("afterend", out);
    var timer = null, asked = 0;
    function update() {
      var number = ++asked;
      var url = input.dataset.totalUrl + "?cards=" + encodeURIComponent(input.value);
      fetch(url, { headers: { Accept: "application/json" } })
        .then(function (response) { return response.json(); })
        .then(function (answer) {
          if (number !== asked) { return; }  // a later question is under way
          out.textContent = "total" in answer ? " = " + answer.total : " ? " + answer.error;
        })
        .catch(function () { out.textContent = ""; });
    }
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(update, 250);
    });
    if (input.value) { update(); }
  });
}());
