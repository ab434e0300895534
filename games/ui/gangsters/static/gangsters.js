/* Gangsters path builder: choose a piece, then its path step by step on the map, then how it ends.
 *
 * Progressive enhancement: the server embeds (#gx-builder-data) the tree of legal paths of every piece,
 * cop and Public that can move now, computed by the rules. This script only walks those trees, so it
 * offers exactly the legal next steps and endings and never judges a move itself. The form posts
 * mover / path / ending; the server rebuilds the canonical move and the rules check it again. The text
 * box keeps working and shows the notation of the move being built.
 */
(function build() {
  "use strict";
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", build); return; }
  var dataNode = document.getElementById("gx-builder-data");
  var panel = document.getElementById("gx-builder");
  var form = document.getElementById("gx-path-form");
  var map = document.querySelector("[data-gx-map]");
  if (!dataNode || !panel || !form || !map) { return; }
  var data = JSON.parse(dataNode.textContent);
  if (!data || !data.movers || !data.movers.length) { return; }
  map.classList.add("gx-live");
  var cells = {};
  Array.prototype.forEach.call(map.querySelectorAll(".gx-cell[data-node]"), function (el) {
    cells[el.getAttribute("data-node")] = el;
  });
  var moversBox = panel.querySelector("[data-gx-movers]");
  var status = panel.querySelector("[data-gx-status]");
  var stepsBox = panel.querySelector("[data-gx-steps]");
  var endings = form.querySelector("[data-gx-endings]");
  var submit = form.querySelector("[data-gx-submit]");
  var undo = form.querySelector("[data-gx-undo]");
  var reset = form.querySelector("[data-gx-reset]");
  var textBox = document.getElementById("id_text");
  var mover = null, path = [], ending = 0;

  function node() {
    var n = mover.tree;
    for (var i = 0; i < path.length && n; i++) { n = n[path[i]]; }
    return n;
  }
  function notation() {
    if (!mover) { return ""; }
    var key = mover.key, head;
    if (key.indexOf("cop:") === 0) { head = "cop " + key.slice(4); }
    else if (key.indexOf("public:") === 0) { head = "public " + key.slice(7); }
    else { head = "move " + key; }
    var text = head + (path.length ? " " + path.join(" ") : "");
    var ends = path.length ? (mover.ends[path[path.length - 1]] || []) : [];
    if (ends[ending]) { text += ends[ending].tail; }
    return text;
  }
  function mark(el, on) {
    el.classList.toggle("gx-next", on);
    if (on) { el.setAttribute("tabindex", "0"); el.setAttribute("role", "button"); }
    else { el.removeAttribute("tabindex"); el.removeAttribute("role"); }
  }
  function button(label, onClick, pressed) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = pressed ? "primary" : "secondary";
    b.textContent = label;
    if (pressed !== undefined) { b.setAttribute("aria-pressed", pressed ? "true" : "false"); }
    b.addEventListener("click", onClick);
    return b;
  }
  // render() rebuilds the mover, step and ending controls, so the one just pressed is gone from the page;
  // ``then`` says where the focus goes instead, or a keyboard user would be left on the page's body.
  function render(then) {
    Object.keys(cells).forEach(function (name) {
      mark(cells[name], false);
      cells[name].classList.remove("gx-onpath", "gx-here");
    });
    moversBox.innerHTML = "";
    data.movers.forEach(function (m) {
      moversBox.appendChild(button(m.label, function () { mover = m; path = []; ending = 0; render("mover"); }, mover === m));
    });
    stepsBox.innerHTML = "";
    endings.innerHTML = "<legend>How the move ends</legend>";
    endings.hidden = true;
    var ready = false, message;
    if (!mover) {
      message = "Choose what to move (" + data.movers.length + " possible).";
    } else {
      path.forEach(function (name) { if (cells[name]) { cells[name].classList.add("gx-onpath"); } });
      var here = path.length ? path[path.length - 1] : mover.at;
      if (cells[here]) { cells[here].classList.add("gx-here"); }
      var n = node();
      if (n === null || n === undefined) {
        message = "Too many possibilities to list from here: finish this move in the text box below.";
      } else {
        var next = Object.keys(n).filter(function (k) { return k !== "$"; });
        next.forEach(function (name) {
          if (cells[name]) { mark(cells[name], true); }
          var step = button(name, function () { choose(name, "step"); });
          if (cells[name]) { step.title = cells[name].querySelector("title").textContent; }
          stepsBox.appendChild(step);
        });
        if (n.$ && path.length) {
          ready = true;
          var ends = mover.ends[here] || [];
          if (ends.length > 1) {
            endings.hidden = false;
            ends.forEach(function (e, i) {
              var label = document.createElement("label");
              var radio = document.createElement("input");
              radio.type = "radio"; radio.name = "ending"; radio.value = String(i); radio.checked = i === ending;
              radio.addEventListener("change", function () { ending = i; render("ending"); });
              label.appendChild(radio);
              label.appendChild(document.createTextNode(e.label));
              endings.appendChild(label);
            });
          }
        }
        message = (ready ? "Ready: " + notation() + (next.length ? " — or go on: " : "") : "Next step: ") +
          (next.length ? next.join(", ") : "");
      }
    }
    status.textContent = message;
    form.elements["mover"].value = mover ? mover.key : "";
    form.elements["path"].value = path.join(" ");
    submit.disabled = !ready;
    undo.disabled = !mover;
    reset.disabled = !mover;
    if (textBox && mover) { textBox.value = notation(); }
    if (then) { refocus(then); }
  }
  // Where a person carries on after pressing ``what`` (mover, step, map, ending, undo, reset): the pressed
  // mover stays pressed and focused; after a step, the next step of the same kind (a button below, or a
  // square on the map), else how the move ends, else the Move button.
  function refocus(what) {
    var pick = function (list) { for (var i = 0; i < list.length; i++) { if (list[i]) { return list[i]; } } return null; };
    var firstMover = moversBox.querySelector("button");
    var pressed = moversBox.querySelector('button[aria-pressed="true"]');
    var radio = endings.hidden ? null : endings.querySelector("input:checked");
    var ready = submit.disabled ? null : submit;
    var target;
    if (what === "mover") { target = pressed; }
    else if (what === "step") { target = pick([stepsBox.querySelector("button"), radio, ready, pressed]); }
    else if (what === "map") { target = pick([map.querySelector(".gx-next"), radio, ready, pressed]); }
    else if (what === "ending") { target = radio; }
    else if (what === "undo") { target = undo.disabled ? firstMover : undo; }
    else { target = firstMover; }
    if (target) { target.focus(); }
  }
  function choose(name, from) {
    if (!mover || !cells[name] || !cells[name].classList.contains("gx-next")) {
      var n = mover ? node() : null;
      if (!n || !Object.prototype.hasOwnProperty.call(n, name)) { return; }
    }
    path.push(name);
    ending = 0;
    render(from);
  }
  Object.keys(cells).forEach(function (name) {
    cells[name].addEventListener("click", function () { if (cells[name].classList.contains("gx-next")) { choose(name, "map"); } });
    cells[name].addEventListener("keydown", function (e) {
      if ((e.key === "Enter" || e.key === " ") && cells[name].classList.contains("gx-next")) { e.preventDefault(); choose(name, "map"); }
    });
  });
  undo.addEventListener("click", function () { if (path.length) { path.pop(); } else { mover = null; } ending = 0; render("undo"); });
  reset.addEventListener("click", function () { mover = null; path = []; ending = 0; render("reset"); });
  form.addEventListener("submit", function () {
    if (endings.hidden) {
      var hidden = document.createElement("input");
      hidden.type = "hidden"; hidden.name = "ending"; hidden.value = "0";
      form.appendChild(hidden);
    }
  });
  panel.hidden = false;
  render();
})();
