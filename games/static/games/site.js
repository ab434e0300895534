// Small behaviours of the generic pages, kept out of the markup so the Content-Security-Policy
// can forbid every inline script and handler.
(function () {
  "use strict";
  // Forms that ask before doing something that cannot be undone (resign).
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.getAttribute("data-confirm"))) {
        event.preventDefault();
      }
    });
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
