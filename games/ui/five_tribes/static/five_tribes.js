/* Five Tribes move builder: click a start tile, then the path, then the finishing colour.
 *
 * Progressive enhancement: the server embeds (as JSON) the tree of legal paths
 * for this seat's current decision, computed by the engine's movement helpers;
 * this script only walks that tree, so it offers exactly the legal starts and
 * continuations and never judges a move itself. The form posts from/path/last/
 * drops and the server builds the canonical move; the text box keeps working
 * (and is kept in step with the clicks, as a preview of the notation).
 */
(function () {
  "use strict";
  var dataNode = document.getElementById("ft-builder-data");
  var panel = document.getElementById("ft-builder");
  var form = document.getElementById("ft-move-form");
  if (!dataNode || !panel || !form) { return; }
  var data = JSON.parse(dataNode.textContent);
  if (!data || !data.tree) { return; }
  var names = JSON.parse((document.getElementById("ft-meeple-names") || {}).textContent || "{}");
  var ORDER = "YWGBR";
  var tiles = {};
  var order = [];  // tile names in reading order (A1 B1 ... F5), for the arrow keys
  Array.prototype.forEach.call(document.querySelectorAll(".ft-tile[data-tile]"), function (el) {
    // The board is a picture for everyone else; for the seat building a move each tile becomes a real
    // button (its name starts with the visible text: "C3 8 Village ..."), unavailable ones aria-disabled
    // so that focus can rest on them and a screen reader still reads every tile.
    var button = document.createElement("button");
    button.type = "button";
    Array.prototype.forEach.call(el.attributes, function (a) { button.setAttribute(a.name, a.value); });
    while (el.firstChild) { button.appendChild(el.firstChild); }
    el.parentNode.replaceChild(button, el);
    button.tabIndex = -1;
    tiles[button.getAttribute("data-tile")] = button;
  });
  Object.keys(tiles).sort(function (a, b) {
    return (a[1] + a[0]).localeCompare(b[1] + b[0]);
  }).forEach(function (name) { order.push(name); });
  var cursor = null;  // the tile that takes focus when the board is tabbed into
  var summary = panel.querySelector("[data-ft-summary]");
  var colourBox = panel.querySelector("[data-ft-colours]");
  var dropBox = panel.querySelector("[data-ft-drops]");
  var submit = form.querySelector("[data-ft-submit]");
  var undo = form.querySelector("[data-ft-undo]");
  var reset = form.querySelector("[data-ft-reset]");
  var textBox = document.getElementById("id_text");
  var start = null, path = [], last = "", drops = "";

  function node() {
    var n = data.tree[start];
    for (var i = 0; i < path.length && n; i++) { n = n[path[i]]; }
    return n;
  }
  function sortColours(s) {
    return s.split("").sort(function (a, b) { return ORDER.indexOf(a) - ORDER.indexOf(b); });
  }
  function meeplesOn(tile) {
    // The meeples on a tile as printed on the board (only needed for the drop order).
    var out = "";
    Array.prototype.forEach.call(tiles[tile].querySelectorAll(".ft-meeple"), function (m) {
      var code = (m.className.match(/m-([YWGBR])/) || [])[1];
      for (var k = 0; code && k < parseInt(m.textContent, 10); k++) { out += code; }
    });
    return out;
  }
  function defaultDrops(hand, colour) {
    // Same rule as the server: others in colour order, the chosen colour last; on a loop
    // ending (the colour not on the final tile) one of that colour drops there earlier.
    var rest = sortColours(hand), out = new Array(path.length), final = path[path.length - 1];
    rest.splice(rest.indexOf(colour), 1);
    out[path.length - 1] = colour;
    var before = final === start ? "" : meeplesOn(final);
    if (before.indexOf(colour) < 0) {
      for (var j = 0; j < path.length - 1; j++) {
        if (path[j] === final && rest.indexOf(colour) >= 0) { rest.splice(rest.indexOf(colour), 1); out[j] = colour; break; }
      }
    }
    for (var i = 0; i < out.length; i++) { if (!out[i]) { out[i] = rest.shift(); } }
    return out.join("");
  }
  function notation() {
    if (!start) { return ""; }
    var text = "move " + start + (path.length ? " " + path.join(" ") : "");
    if (drops) { text += " drop " + drops.split("").map(function (c) { return names[c] || c; }).join(" "); }
    return text;
  }
  function clickable(el, on) {
    el.classList.toggle("ft-clickable", on);
    el.setAttribute("aria-disabled", on ? "false" : "true");
  }
  function rove(name) {
    // One tile of the board is in the tab order (roving tabindex); the arrows move among all 30.
    if (cursor && tiles[cursor]) { tiles[cursor].tabIndex = -1; }
    cursor = name;
    tiles[name].tabIndex = 0;
  }
  function firstClickable() {
    for (var i = 0; i < order.length; i++) {
      if (tiles[order[i]].classList.contains("ft-clickable")) { return order[i]; }
    }
    return order[0];
  }
  function neighbour(name, key) {
    var col = "ABCDEF".indexOf(name[0]), row = parseInt(name.slice(1), 10);
    if (key === "ArrowLeft") { col -= 1; } else if (key === "ArrowRight") { col += 1; }
    else if (key === "ArrowUp") { row -= 1; } else if (key === "ArrowDown") { row += 1; }
    else { return null; }
    var next = "ABCDEF".charAt(col) + row;
    return col >= 0 && tiles[next] ? next : null;
  }
  function renderDrops(hand) {
    dropBox.innerHTML = "";
    if (!drops) { dropBox.hidden = true; return; }
    dropBox.hidden = false;
    var label = document.createElement("span");
    label.textContent = "Drop order (you may change it): ";
    dropBox.appendChild(label);
    path.forEach(function (tile, i) {
      var sel = document.createElement("select");
      sel.setAttribute("aria-label", "meeple dropped on " + tile + " (step " + (i + 1) + ")");
      sortColours(hand).filter(function (c, k, all) { return all.indexOf(c) === k; }).forEach(function (c) {
        var o = document.createElement("option");
        o.value = c; o.textContent = tile + ": " + (names[c] || c);
        if (drops[i] === c) { o.selected = true; }
        sel.appendChild(o);
      });
      sel.disabled = i === path.length - 1;  // the last one is the finishing colour chosen above
      sel.addEventListener("change", function () {
        drops = drops.substring(0, i) + sel.value + drops.substring(i + 1);
        render();
      });
      dropBox.appendChild(sel);
    });
  }
  function render() {
    Object.keys(tiles).forEach(function (name) {
      var el = tiles[name];
      clickable(el, false);
      el.classList.remove("ft-start", "ft-onpath", "ft-here");
      var badge = el.querySelector(".ft-step");
      if (badge) { badge.remove(); }
    });
    colourBox.hidden = true;
    colourBox.innerHTML = "";
    var ready = false, message;
    if (!start) {
      data.starts.forEach(function (name) { clickable(tiles[name], true); });
      message = "Choose a start tile (" + data.starts.length + " possible).";
      last = ""; drops = "";
    } else {
      var hand = data.hands[start];
      tiles[start].classList.add("ft-start");
      var steps = {};  // a loop may cross a tile twice: one badge listing both steps
      path.forEach(function (name, i) { (steps[name] = steps[name] || []).push(i + 1); });
      Object.keys(steps).forEach(function (name) {
        tiles[name].classList.add("ft-onpath");
        var b = document.createElement("span");
        b.className = "ft-step";
        b.textContent = steps[name].join(",");
        tiles[name].appendChild(b);
      });
      tiles[path.length ? path[path.length - 1] : start].classList.add("ft-here");
      var n = node();
      if (n === null || n === undefined) {
        message = "Too many possibilities to list from here: finish this move in the text box below.";
      } else if (typeof n === "string") {
        var colours = n.split("");
        if (colours.length === 1) { last = colours[0]; }
        if (colours.length > 1) {
          colourBox.hidden = false;
          var label = document.createElement("span");
          label.textContent = "Last meeple: ";
          colourBox.appendChild(label);
          colours.forEach(function (c) {
            var btn = document.createElement("button");
            btn.type = "button";
            btn.className = "secondary ft-colour-choice" + (c === last ? " chosen" : "");
            btn.innerHTML = '<span class="ft-meeple m-' + c + '"></span> ' + (names[c] || c);
            btn.addEventListener("click", function () { last = c; drops = defaultDrops(hand, c); render(); });
            colourBox.appendChild(btn);
          });
        }
        if (last && colours.indexOf(last) >= 0) {
          if (!drops || drops[drops.length - 1] !== last) { drops = defaultDrops(hand, last); }
          var ok = sortColours(drops).join("") === sortColours(hand).join("");
          ready = ok;
          message = ok ? "Ready: " + notation() : "Each meeple picked up must be dropped exactly once: fix the drop order.";
        } else {
          message = "Choose the colour of your last meeple (it picks up the meeples of its colour there).";
        }
      } else {
        var next = Object.keys(n);
        next.forEach(function (name) { clickable(tiles[name], true); });
        message = "Picked up " + hand.length + " from " + start + "; " + (hand.length - path.length) +
          " left to drop. Click the next tile" + (next.length ? " (" + next.join(", ") + ")." : ".");
        last = ""; drops = "";
      }
      renderDrops(hand);
    }
    summary.textContent = message;
    // Keep the tab stop on the tile that has focus; otherwise on the first tile that can be chosen.
    var focused = document.activeElement && document.activeElement.getAttribute("data-tile");
    rove(focused && tiles[focused] ? focused : firstClickable());
    form.elements["from"].value = start || "";
    form.elements["path"].value = path.join(" ");
    form.elements["last"].value = last;
    form.elements["drops"].value = ready ? drops : "";
    submit.disabled = !ready;
    undo.disabled = !start;
    reset.disabled = !start;
    if (textBox && start) { textBox.value = notation(); }
  }
  function choose(name) {
    var el = tiles[name];
    if (!el || !el.classList.contains("ft-clickable")) { return; }
    if (!start) { start = name; } else { path.push(name); }
    last = ""; drops = "";
    render();
  }
  Object.keys(tiles).forEach(function (name) {
    tiles[name].addEventListener("click", function () { choose(name); });
    tiles[name].addEventListener("keydown", function (e) {
      var next = neighbour(name, e.key);
      if (next) { e.preventDefault(); rove(next); tiles[next].focus(); }
    });
    tiles[name].addEventListener("focus", function () { if (cursor !== name) { rove(name); } });
  });
  function backToBoard(button) {
    // A button that has just disabled itself would drop focus to the page: put it back on the board.
    if (button.disabled) { tiles[cursor].focus(); }
  }
  undo.addEventListener("click", function () {
    if (path.length) { path.pop(); } else { start = null; }
    last = ""; drops = "";
    render();
    backToBoard(undo);
  });
  reset.addEventListener("click", function () { start = null; path = []; last = ""; drops = ""; render(); backToBoard(reset); });
  panel.hidden = false;
  render();
  // A link ending in #build:C3,C4,D4 pre-clicks those tiles (legal ones only), to share or show a move.
  var pre = /^#build:([A-F][1-5](?:,[A-F][1-5])*)$/.exec(window.location.hash);
  if (pre) { pre[1].split(",").forEach(choose); }
})();
