// The target of a partie (1000 points by default) is a rule of the official variant only: the
// field is shown when official-1000 is chosen and hidden otherwise (the club rule plays 8 donnes).
(function () {
  "use strict";
  for (const variant of document.querySelectorAll("form [name=variant]")) {
    const target = variant.form.querySelector("[name=target]");
    if (!target) continue;
    const box = target.closest("div") || target;
    const show = () => { box.hidden = variant.value !== "official-1000"; };
    variant.addEventListener("change", show);
    show();
  }
})();
