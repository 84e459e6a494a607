// The target of a partie (1000 points by default) is a rule of the official variant only: the
// field is shown when official-1000 is chosen and hidden otherwise (the club rule plays 8 donnes).
// The variant is a list or a set of buttons (radio): the form's ``variant`` value either way
// (``roimat-variant`` and ``roimat-target`` on the tournament form, beside the other games').
(function () {
  "use strict";
  for (const form of document.querySelectorAll("form")) {
    const variant = form.elements.variant || form.elements["roimat-variant"];
    const target = form.elements.target || form.elements["roimat-target"];
    if (!variant || !target) continue;
    const box = target.closest("div") || target;
    const show = () => { box.hidden = variant.value !== "official-1000"; };
    form.addEventListener("change", show);
    show();
  }
})();
