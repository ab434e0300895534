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
  // Back and Forward may show a game page as it was (from the back/forward cache): an old round's
  // form with an old bid and a stale version. Such a page is loaded again, so its forms start from
  // what the server says now. (The forms say autocomplete="off", so a page loaded again from the
  // history does not get the old values typed back into it either.)
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && document.querySelector('input[name="expected_version"]')) {
      window.location.reload();
    }
  });
  // A move made in one click (a bid button, a map square, a pass) asks for a second click first:
  // the button marked data-confirm-move opens a bar with "Confirm <move>" (focused, so Enter
  // confirms) and "Cancel" (or Escape), which puts focus back where it was. Without script the
  // button submits at once, as it always did.
  var pending = null;
  function closeConfirm(refocus) {
    if (!pending) { return; }
    var was = pending;
    pending = null;
    was.bar.remove();
    if (refocus && was.button.isConnected) { was.button.focus(); }
  }
  function openConfirm(button) {
    closeConfirm(false);
    var bar = document.createElement("div");
    bar.className = "confirm-step";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", "Confirm your move");
    var yes = document.createElement("button");
    yes.type = "button";
    yes.className = "primary";
    // A form may add what its other fields say (a bid chosen beside the map): data-confirm-detail.
    yes.textContent = button.getAttribute("data-confirm-move") + (button.form.getAttribute("data-confirm-detail") || "");
    var no = document.createElement("button");
    no.type = "button";
    no.className = "secondary";
    no.textContent = "Cancel";
    bar.appendChild(yes);
    bar.appendChild(no);
    document.body.appendChild(bar);
    pending = { button: button, bar: bar };
    yes.addEventListener("click", function () {
      var form = button.form;
      closeConfirm(false);
      button.setAttribute("data-confirmed", "1");
      if (form.requestSubmit) { form.requestSubmit(button); } else { button.click(); }
      button.removeAttribute("data-confirmed");
    });
    no.addEventListener("click", function () { closeConfirm(true); });
    bar.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { closeConfirm(true); }
    });
    yes.focus();
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-confirm-move]");
    if (!button || button.disabled || !button.form || button.hasAttribute("data-confirmed")) { return; }
    event.preventDefault();
    // A form whose fields are wrong says so first; there is nothing to confirm yet.
    if (!button.form.checkValidity()) { button.form.reportValidity(); return; }
    openConfirm(button);
  });
  // The replay slider: shows the step while dragging, goes there when let go.
  document.querySelectorAll("input[data-step-slider]").forEach(function (slider) {
    var output = slider.nextElementSibling;
    slider.addEventListener("input", function () {
      if (output) { output.value = slider.value; }
    });
    slider.addEventListener("change", function () { slider.form.submit(); });
  });
})();
