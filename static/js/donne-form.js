/* O/E's plis and points are 9 − and 128 − N/S's: show them as N/S's are typed. */
document.querySelectorAll("output.other").forEach(function (out) {
  var input = document.getElementById(out.dataset.from);
  var total = parseInt(out.dataset.total, 10);
  function update() {
    var value = parseInt(input.value, 10);
    out.querySelector("b").textContent =
      (isNaN(value) || value < 0 || value > total) ? "–" : String(total - value);
  }
  input.addEventListener("input", update);
  update();
});
