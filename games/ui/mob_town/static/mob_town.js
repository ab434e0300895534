/* Mob Town take-over builder: click a property on the city, tick the cards, see the cost as you go.
 *
 * Progressive enhancement: the server embeds (as JSON) this seat's legal targets
 * with their cost, the suits that pay, the connection cost and the fewest-card
 * walks, computed by the rules; this script only adds up what is ticked and
 * never judges a move itself. The form posts at / pay / via and the server
 * builds the canonical move, which the rules check again.
 */
(function () {
  "use strict";
  var dataNode = document.getElementById("mt-builder-data");
  var form = document.getElementById("mt-takeover-form");
  if (!dataNode || !form) { return; }
  var data = JSON.parse(dataNode.textContent) || {};
  var targets = {};
  (data.targets || []).forEach(function (t) { targets[t.cell[0] + "," + t.cell[1]] = t; });
  var select = document.getElementById("mt-target");
  var summary = form.querySelector("[data-mt-summary]");
  var viaBox = form.querySelector("[data-mt-via]");
  var walksBox = form.querySelector("[data-mt-walks]");
  var viaCards = form.querySelector("[data-mt-via-cards]");
  var submit = form.querySelector("[data-mt-submit]");
  var boxes = Array.prototype.slice.call(form.querySelectorAll("input[name=pay]"));
  var cells = {};
  Array.prototype.forEach.call(document.querySelectorAll(".mt-cell[data-cell]"), function (el) {
    cells[el.getAttribute("data-cell")] = el;
  });
  var current = null, walk = 0;

  function suitOf(code) { return data.suits[code] || code; }
  function worth(code) { return code === "cash" ? current.cash_value : parseInt(code.replace(/[a-z]/g, ""), 10); }
  function accepts(code) {
    if (code === "cash" || current.any_suit || !current.suits) { return true; }
    return current.suits.indexOf(suitOf(code)) >= 0;
  }
  function name(code) { return code === "cash" ? "cash" : code.replace(/([0-9])/, " $1"); }

  function clearMarks() {
    Object.keys(cells).forEach(function (k) { cells[k].classList.remove("mt-chosen", "mt-between"); });
  }
  function setTarget(key) {
    current = targets[key] || null;
    walk = 0;
    if (select.value !== key) { select.value = current ? key : ""; }
    boxes.forEach(function (b) { b.checked = false; });
    clearMarks();
    if (current && cells[key]) { cells[key].classList.add("mt-chosen"); }
    buildVia();
    update();
  }
  function buildVia() {
    walksBox.innerHTML = "";
    viaCards.innerHTML = "";
    viaBox.hidden = !(current && current.connection);
    if (!current || !current.connection) { return; }
    if (current.walks.length > 1) {
      current.walks.forEach(function (w, i) {
        var label = document.createElement("label");
        label.className = "mt-check";
        var radio = document.createElement("input");
        radio.type = "radio"; radio.name = "mt-walk"; radio.value = String(i); radio.checked = i === walk;
        radio.addEventListener("change", function () {
          walk = i; buildVia(); update();
          // buildVia() redrew these radios: the focus goes to the new checked one, not the page's body.
          walksBox.querySelector("input:checked").focus();
        });
        label.appendChild(radio);
        label.appendChild(document.createTextNode(" via " + w.map(function (c) { return c.label; }).join(", ")));
        walksBox.appendChild(label);
      });
    }
    (current.walks[walk] || []).forEach(function (c) {
      var label = document.createElement("label");
      label.className = "mt-check";
      var who = c.to === null ? "discarded" : "to " + (data.colors ? data.colors[c.to] : "seat " + (c.to + 1));
      label.appendChild(document.createTextNode("Card for " + c.label + " (" + who + ") "));
      var pick = document.createElement("select");
      pick.name = "via";
      pick.setAttribute("aria-label", "card paid for " + c.label);
      var none = document.createElement("option");
      none.value = ""; none.textContent = "— choose —";
      pick.appendChild(none);
      uniq(data.hand).forEach(function (code) {
        var o = document.createElement("option");
        o.value = c.cell[0] + "," + c.cell[1] + ":" + code; o.textContent = name(code);
        pick.appendChild(o);
      });
      pick.addEventListener("change", update);
      label.appendChild(pick);
      viaCards.appendChild(label);
      if (cells[c.cell[0] + "," + c.cell[1]]) { cells[c.cell[0] + "," + c.cell[1]].classList.add("mt-between"); }
    });
  }
  function uniq(list) { return list.filter(function (v, i) { return list.indexOf(v) === i; }); }
  function update() {
    if (!current) {
      boxes.forEach(function (b) { b.disabled = false; });
      summary.textContent = "Choose a property.";
      submit.disabled = true;
      return;
    }
    var paid = 0, used = {};
    boxes.forEach(function (b) {
      b.disabled = !accepts(b.value);
      if (b.disabled) { b.checked = false; }
      if (b.checked) { paid += worth(b.value); used[b.value] = (used[b.value] || 0) + 1; }
    });
    var chosen = 0;
    Array.prototype.forEach.call(viaCards.querySelectorAll("select"), function (s) {
      if (s.value) { chosen += 1; var code = s.value.split(":")[1]; used[code] = (used[code] || 0) + 1; }
    });
    var held = {}, over = false;
    data.hand.forEach(function (c) { held[c] = (held[c] || 0) + 1; });
    Object.keys(used).forEach(function (c) { if (used[c] > (held[c] || 0)) { over = true; } });
    var pays = current.any_suit || !current.suits ? "any suit or cash" : current.suits.join(" or ") + " or cash";
    var text = current.name + " (" + current.code + "): cost " + current.cost + ", paid with " + pays +
      (current.connection ? "; connection cost " + current.connection + " card" + (current.connection > 1 ? "s" : "") : "; no connection cost") +
      ". Paid " + paid + " of " + current.cost + (current.connection ? ", connection cards " + chosen + " of " + current.connection : "") + ".";
    if (over) { text += " You do not hold that many of a card."; }
    summary.textContent = text;
    submit.disabled = !(paid === current.cost && chosen === current.connection && !over);
  }

  // After a property is chosen on the city (below the form), what comes next is paying for it: the focus
  // goes to the first card that can pay (else the property list), so a keyboard user need not walk back.
  function payNext() {
    var first = boxes.filter(function (b) { return !b.disabled; })[0] || select;
    first.focus();  // and scrolls it into view
  }
  Object.keys(targets).forEach(function (key) {
    var el = cells[key];
    if (!el) { return; }
    // A property that can be taken over becomes a real button; its name starts with what it shows.
    var button = document.createElement("button");
    button.type = "button";
    Array.prototype.forEach.call(el.attributes, function (a) { button.setAttribute(a.name, a.value); });
    while (el.firstChild) { button.appendChild(el.firstChild); }
    var cost = document.createElement("span");
    cost.className = "sr-only";
    cost.textContent = " (take over: cost " + targets[key].cost + ")";
    button.appendChild(cost);
    el.parentNode.replaceChild(button, el);
    cells[key] = button;
    button.classList.add("mt-target");
    button.addEventListener("click", function () { setTarget(key); payNext(); });
  });
  select.addEventListener("change", function () { setTarget(select.value); });
  boxes.forEach(function (b) { b.addEventListener("change", update); });
  update();
})();
