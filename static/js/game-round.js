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
