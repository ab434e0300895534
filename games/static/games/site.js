// Small behaviours of the generic pages, kept out of the markup so the Content-Security-Policy
// can forbid every inline script and handler.
(function () {
  "use strict";
  // A player's own contribution to the game's seed (docs/players/fair-play.md): drawn here, in the
  // player's browser, so that the server alone does not choose the shuffles. Without script the
  // field stays empty and the server draws one for the player.
  document.querySelectorAll("input[data-entropy]").forEach(function (field) {
    if (window.crypto && window.crypto.getRandomValues) {
      var bytes = new Uint8Array(32);
      window.crypto.getRandomValues(bytes);
      field.value = Array.prototype.map.call(bytes, function (b) {
        return ("0" + b.toString(16)).slice(-2);
      }).join("");
    }
  });
  // Forms that ask before doing something that cannot be undone (resign).
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.getAttribute("data-confirm"))) {
        event.preventDefault();
      }
    });
  });
  // A box that scrolls (a long log, a wide table on a phone) takes keyboard focus, so that it can be
  // scrolled without a mouse, and is named after its card's heading for a screen reader.
  function labelFor(box) {
    var card = box.closest("section, details, .card");
    var heading = card && card.querySelector("h2, h3, summary");
    return heading ? heading.textContent.trim() : "scrolling content";
  }
  function focusableWhenScrolling(box) {
    var scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    if (scrolls && !box.hasAttribute("tabindex")) {
      box.setAttribute("tabindex", "0");
      // A list keeps its own role (its items need it); other boxes become named regions.
      if (!box.hasAttribute("role") && !/^(OL|UL)$/.test(box.tagName)) { box.setAttribute("role", "region"); }
      if (!box.hasAttribute("aria-label")) { box.setAttribute("aria-label", labelFor(box)); }
    }
  }
  function scanScrollers() {
    document.querySelectorAll(".table-scroll, .log, .chat, [data-scrolls]").forEach(focusableWhenScrolling);
  }
  scanScrollers();
  window.addEventListener("resize", scanScrollers);
  // The replay slider: shows the step while dragging, goes there when let go.
  document.querySelectorAll("input[data-step-slider]").forEach(function (slider) {
    var output = slider.nextElementSibling;
    slider.addEventListener("input", function () {
      if (output) { output.value = slider.value; }
    });
    slider.addEventListener("change", function () { slider.form.submit(); });
  });
})();
