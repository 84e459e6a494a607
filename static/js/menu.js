/* On a phone the site's menu folds behind a "Menu" button (without script it stays open). */
(function () {
  "use strict";
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
