/* On a phone the site's menu folds behind a "Menu" button (without script it stays open).
   Written here, not in the pages' markup (the Content-Security-Policy allows no inline script):
   a list marked data-submit sends its form when a value is chosen (the language), and a form
   marked data-confirm asks its question before it is sent. */
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var field = event.target;
    if (field.matches && field.matches("select[data-submit]") && field.form) { field.form.submit(); }
  });
  document.addEventListener("submit", function (event) {
    var question = event.target.dataset && event.target.dataset.confirm;
    if (question && !window.confirm(question)) { event.preventDefault(); }
  });
  var button = document.querySelector(".menu-toggle");
  var nav = button && document.getElementById(button.getAttribute("aria-controls"));
  if (!nav) { return; }
  document.documentElement.classList.add("has-menu");
  button.hidden = false;
  button.addEventListener("click", function () {
    var open = button.getAttribute("aria-expanded") !== "true";
    button.setAttribute("aria-expanded", String(open));
    nav.classList.toggle("open", open);
  });
}());
