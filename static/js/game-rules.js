// A new tournament's rules are the chosen game's: its fieldset (data-game) is shown and its
// fields are sent; the other games' fieldsets are hidden and their fields disabled, so not
// sent (the server reads the chosen game's alone either way).
(function () {
  "use strict";
  for (const form of document.querySelectorAll("form")) {
    const game = form.elements.game;
    const groups = form.querySelectorAll("fieldset[data-game]");
    if (!game || !groups.length) continue;
    const show = () => {
      for (const group of groups) {
        const mine = group.dataset.game === game.value;
        group.hidden = !mine;
        for (const field of group.elements) field.disabled = !mine;
      }
    };
    game.addEventListener("change", show);
    show();
  }
})();
