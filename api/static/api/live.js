/* The game page refreshes itself when the game moves on.
 *
 * It asks the API's events endpoint (with the page's own session) whether
 * anything happened after the version the page shows: every 15 seconds while
 * the tab is visible, every minute while it is hidden, never waiting on the
 * server (a waiting request would hold a web worker). When something did, the
 * page reloads, unless the player is typing a move or a message: then a notice
 * says so and offers the reload, and nothing typed is lost.
 */
(function () {
  "use strict";
  var marker = document.getElementById("live-events");
  if (!marker || !window.fetch) { return; }
  var url = marker.getAttribute("data-events-url");
  var after = Number(marker.getAttribute("data-version"));
  var failures = 0;

  function typing() {
    var fields = document.querySelectorAll("textarea, input[type=text], input:not([type])");
    for (var i = 0; i < fields.length; i++) {
      if (!fields[i].readOnly && fields[i].value.trim() !== "") { return true; }
    }
    var active = document.activeElement;
    return !!active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) && active.type !== "hidden";
  }

  function announce() {
    marker.hidden = false;
  }

  function next() {
    var delay = document.hidden ? 60000 : 15000;
    if (failures) { delay = Math.min(300000, delay * Math.pow(2, failures)); }
    window.setTimeout(look, delay);
  }

  function look() {
    fetch(url + "?after=" + after + "&wait=0", {credentials: "same-origin", headers: {Accept: "application/json"}})
      .then(function (answer) {
        if (answer.status === 429 || answer.status >= 500) { failures += 1; next(); return null; }
        if (!answer.ok) { return null; } // signed out, or the game is gone: stop asking
        return answer.json().then(function (news) {
          failures = 0;
          if (news.events.length) {
            after = news.version;
            if (!typing()) { window.location.reload(); return; }
            announce();
          }
          if (news.status === "active") { next(); }
        });
      })
      .catch(function () { failures += 1; next(); });
  }

  next();
})();
