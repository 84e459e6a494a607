// A rule option asked only with another option's value (scoring.option_fields: the field says
// ``data-asked-with="variant=official-1000"``, Roimat's target) is shown while that value is
// chosen and hidden otherwise. The other option is the field of the same form whose name ends
// with its key in place of this one's (``option_variant``, ``roimat-variant``, ``variant``).
(function () {
  "use strict";
  for (const input of document.querySelectorAll("[data-asked-with]")) {
    const form = input.form;
    const [key, value] = input.dataset.askedWith.split("=");
    const prefix = /^(.*-)?(option_)?/.exec(input.name)[0]; // "roimat-", "option_" or ""
    const other = form && form.elements[prefix + key];
    if (!other) continue;
    const box = input.closest("div") || input;
    const show = () => { box.hidden = other.value !== value; };
    form.addEventListener("change", show);
    show();
  }
})();
