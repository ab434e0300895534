/* Five Points: clicking the map fills the decision form (progressive enhancement).
 *
 * The page embeds the seat's legal options (#fp-options, built by the server from
 * the engine's legal moves). Without this script the page still works: placement
 * and special-election tiles are submit buttons, and the other decisions have
 * select boxes. With it, only legal tiles and cells can be clicked, and a
 * several-click choice (move a tile, order tied elections, smuggle a rabble)
 * fills those select boxes; the player then presses the form's button.
 */
(function enhance() {
  "use strict";
  // The forms come before the map on the page: wait for the whole document.
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", enhance);
    return;
  }
  var data = document.getElementById("fp-options");
  var map = document.querySelector("[data-fp-map]");
  var form = document.getElementById("fp-form");
  if (!data || !map || !form) return;
  var options = JSON.parse(data.textContent);
  var preview = document.querySelector("[data-fp-preview]");
  var reset = form.querySelector("[data-fp-reset]");
  var tiles = Array.prototype.slice.call(map.querySelectorAll(".fp-tile[data-tile]"));
  var cells = Array.prototype.slice.call(map.querySelectorAll(".fp-cell.fp-target"));

  function say(text) { if (preview) preview.textContent = text || ""; }
  function tileEl(n) { return map.querySelector('.fp-tile[data-tile="' + n + '"]'); }
  function enableTiles(numbers) {
    var allowed = {};
    numbers.forEach(function (n) { allowed[String(n)] = true; });
    tiles.forEach(function (t) {
      if (t.tagName !== "BUTTON") return;
      t.disabled = !allowed[t.dataset.tile];
      t.classList.toggle("fp-can", !t.disabled);
    });
  }
  function mark(n, text) {
    var el = tileEl(n);
    if (!el) return;
    el.classList.toggle("fp-chosen", !!text);
    var badge = el.querySelector(".fp-order");
    if (badge) badge.textContent = text || "";
  }
  function clearMarks() { tiles.forEach(function (t) { mark(t.dataset.tile, ""); }); }
  function showReset(on) { if (reset) reset.hidden = !on; }
  // The map comes after the form: once the last click of a choice is made, the focus goes up to the
  // form's button, so a keyboard user need not walk back over the map. "Start over" hides itself, so it
  // hands the focus to the form's list instead of leaving it on the page's body.
  var send = form.querySelector("button[type=submit]");
  function toSend() { if (send) send.focus(); }
  function startedOver(list) { if (list) list.focus(); }

  var kind = options.kind;

  if (kind === "placement" || kind === "special") {
    var marker = document.getElementById("fp-marker");
    var bid = document.getElementById("fp-bid");
    var hint = document.querySelector("[data-fp-hint]");
    function bidText() {
      if (!marker || !marker.value || !bid || !bid.value || bid.value === "0") return "";
      return " bid " + bid.value + " on marker " + marker.value;
    }
    // What is wrong with the bid as typed ("" when it is fine). The box is never rewritten: a bid
    // out of range is said, the box marked invalid, and the map's buttons refuse to send it.
    function bidProblem() {
      if (!marker || !marker.value || !bid) return "";
      var opt = marker.options[marker.selectedIndex];
      var typed = bid.value.trim();
      var v = Number(typed);
      if (typed === "" || !/^[0-9]+$/.test(typed) || v < +opt.dataset.min || v > +opt.dataset.max) {
        return "A bid on marker " + marker.value + " is a whole number from " + opt.dataset.min + " to " +
          opt.dataset.max + " rabble" + (typed === "" ? "; type how many." : ", not " + typed + ".");
      }
      return "";
    }
    function syncBid() {
      if (!marker || !bid) return;
      var opt = marker.options[marker.selectedIndex];
      bid.disabled = !marker.value;  // a disabled box is not sent: "no marker" sends no bid
      if (marker.value) { bid.min = opt.dataset.min; bid.max = opt.dataset.max; bid.placeholder = opt.dataset.min; }
      var problem = bidProblem();
      bid.setCustomValidity(problem);
      bid.setAttribute("aria-invalid", problem ? "true" : "false");
      form.setAttribute("data-confirm-detail", problem ? "" : (bidText() ? " and" + bidText() : ""));
      if (hint) hint.textContent = problem || ("Click a neighbourhood to place one rabble there" +
        (bidText() ? " and" + bidText() : "") + ".");
      if (hint) hint.classList.toggle("fp-problem", !!problem);
    }
    if (marker) { marker.addEventListener("change", syncBid); bid.addEventListener("input", syncBid); syncBid(); }
    tiles.forEach(function (t) {
      if (!t.classList.contains("fp-submit")) return;
      t.classList.add("fp-can");
      t.addEventListener("mouseenter", function () {
        say(kind === "placement" ? "place " + t.dataset.tile + bidText() : "special " + t.dataset.tile);
      });
    });
    form.addEventListener("submit", function (event) {
      var problem = bidProblem();
      if (problem) {
        event.preventDefault();
        say(problem);
        bid.focus();
      }
    });
    return;
  }

  if (kind === "move_tile") {
    var select = document.getElementById("fp-tile-to");
    var picked = null;
    function start() {
      picked = null; clearMarks(); select.value = ""; say(""); showReset(false);
      enableTiles(Object.keys(options.targets));
      cells.forEach(function (c) { c.disabled = true; c.classList.remove("fp-can", "fp-chosen"); });
    }
    tiles.forEach(function (t) {
      t.addEventListener("click", function () {
        if (t.tagName !== "BUTTON" || t.disabled) return;
        clearMarks(); picked = t.dataset.tile; mark(picked, "↦"); select.value = ""; showReset(true);
        var ok = options.targets[picked] || [];
        cells.forEach(function (c) {
          c.disabled = ok.indexOf(c.dataset.cell) < 0;
          c.classList.toggle("fp-can", !c.disabled);
          c.classList.remove("fp-chosen");
        });
        say("Tile " + picked + ": now click a highlighted empty cell.");
      });
    });
    cells.forEach(function (c) {
      c.addEventListener("click", function () {
        if (!picked || c.disabled) return;
        cells.forEach(function (o) { o.classList.remove("fp-chosen"); });
        c.classList.add("fp-chosen");
        select.value = picked + ":" + c.dataset.cell;
        say("move tile " + picked + " to " + c.dataset.cell + " — press “Move it”.");
        toSend();
      });
    });
    select.addEventListener("change", function () {
      var parts = select.value.split(":");
      clearMarks(); cells.forEach(function (o) { o.classList.remove("fp-chosen"); });
      if (parts.length === 2) {
        mark(parts[0], "↦");
        cells.forEach(function (o) { if (o.dataset.cell === parts[1]) o.classList.add("fp-chosen"); });
      }
    });
    if (reset) reset.addEventListener("click", function () { start(); startedOver(select); });
    start();
    return;
  }

  if (kind === "elect") {
    var order = document.getElementById("fp-order");
    var chosen = [];
    function show() {
      clearMarks();
      chosen.forEach(function (n, i) { mark(n, String(i + 1)); });
      showReset(chosen.length > 0);
      if (chosen.length === options.count) {
        order.value = chosen.join(",");
        say("elect " + chosen.join(" ") + " — press “Hold these elections”.");
      } else {
        order.value = "";
        say(chosen.length ? "Tile " + chosen.join(", then ") + "; click " + (options.count - chosen.length) + " more." : "");
      }
    }
    enableTiles(options.tiles);
    tiles.forEach(function (t) {
      t.addEventListener("click", function () {
        if (t.tagName !== "BUTTON" || t.disabled) return;
        var n = parseInt(t.dataset.tile, 10);
        var at = chosen.indexOf(n);
        if (at >= 0) chosen = chosen.slice(0, at);
        else if (chosen.length < options.count) chosen.push(n);
        show();
        if (at < 0 && chosen.length === options.count) toSend();
      });
    });
    order.addEventListener("change", function () {
      chosen = order.value ? order.value.split(",").map(Number) : [];
      show();
    });
    if (reset) reset.addEventListener("click", function () { chosen = []; show(); startedOver(order); });
    return;
  }

  if (kind === "smuggle") {
    var who = document.getElementById("fp-player");
    var from = document.getElementById("fp-from");
    var to = document.getElementById("fp-to");
    var source = null;
    function begin() {
      source = null; clearMarks(); showReset(false);
      enableTiles(Object.keys(options.routes[who.value] || {}));
      say("Click a neighbourhood where P" + who.value + " has rabble.");
    }
    tiles.forEach(function (t) {
      t.addEventListener("click", function () {
        if (t.tagName !== "BUTTON" || t.disabled) return;
        if (source === null) {
          source = t.dataset.tile; from.value = source; mark(source, "from"); showReset(true);
          enableTiles((options.routes[who.value] || {})[source] || []);
          say("Now click where the rabble goes.");
        } else {
          to.value = t.dataset.tile;
          clearMarks(); mark(source, "from"); mark(t.dataset.tile, "to");
          say("smuggle player " + who.value + " from " + source + " to " + t.dataset.tile + " — press “Move the rabble”.");
          enableTiles(Object.keys(options.routes[who.value] || {}));
          source = null;
          toSend();
        }
      });
    });
    who.addEventListener("change", begin);
    if (reset) reset.addEventListener("click", function () { begin(); startedOver(who); });
    begin();
  }
})();
