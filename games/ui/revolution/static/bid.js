// Progressive enhancement for the Revolution! bid form: shows the tokens left to place and the
// number of characters used. The server stays the authority; without JavaScript the form works the same.
(function () {
  "use strict";
  document.querySelectorAll("form.bid-form").forEach(function (form) {
    var kinds = ["force", "blackmail", "gold"];
    var budget = {};
    kinds.forEach(function (k) { budget[k] = parseInt(form.dataset["budget" + k.charAt(0).toUpperCase() + k.slice(1)], 10) || 0; });
    var maxChars = parseInt(form.dataset.maxCharacters, 10) || 6;
    var box = form.querySelector(".budget");
    if (!box) { return; }
    box.hidden = false;
    function update() {
      var used = { force: 0, blackmail: 0, gold: 0 };
      var characters = {};
      form.querySelectorAll("input[data-kind]").forEach(function (input) {
        var n = parseInt(input.value, 10);
        if (n > 0) {
          used[input.dataset.kind] += n;
          characters[input.name.split("-")[1]] = true;
        }
      });
      var ok = true;
      kinds.forEach(function (k) {
        var left = budget[k] - used[k];
        var span = box.querySelector('[data-left="' + k + '"]');
        span.textContent = left;
        span.className = left === 0 ? "ok" : "bad";
        if (left !== 0) { ok = false; }
      });
      var count = Object.keys(characters).length;
      var chars = box.querySelector("[data-characters]");
      chars.textContent = count;
      chars.className = count > maxChars ? "bad" : "ok";
      box.classList.toggle("complete", ok);
    }
    form.addEventListener("input", update);
    // Counted again whenever the page is shown, so the count always agrees with the boxes.
    window.addEventListener("pageshow", update);
    update();
  });
})();
