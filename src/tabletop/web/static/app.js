// Tabletop pages: a little progressive enhancement, no build step.
"use strict";
window.Tabletop = (function () {
  const KEY = "tabletop.links";

  function links() {
    try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch (e) { return {}; }
  }

  // On the "game ready" page: remember this game's private links in this browser only.
  function remember() {
    const box = document.getElementById("created");
    if (!box) return;
    const all = links();
    const mine = {};
    document.querySelectorAll("a.seat-link").forEach(a => { mine["Seat " + a.dataset.seat] = a.getAttribute("href"); });
    const hot = document.getElementById("hotseat-link");
    if (hot) mine["this screen"] = hot.getAttribute("href");
    all[box.dataset.gameId] = mine;
    try { localStorage.setItem(KEY, JSON.stringify(all)); } catch (e) { /* private mode */ }
    document.querySelectorAll("button.copy").forEach(b => b.addEventListener("click", () => {
      const url = location.origin + b.dataset.copy;
      if (navigator.clipboard) navigator.clipboard.writeText(url).then(() => { b.textContent = "copied"; });
    }));
  }

  // In saved-game lists: add the links this browser remembers.
  function savedLinks() {
    const all = links();
    document.querySelectorAll("tr[data-game-id]").forEach(tr => {
      const mine = all[tr.dataset.gameId];
      const slot = tr.querySelector(".my-links");
      if (!mine || !slot) return;
      Object.entries(mine).forEach(([label, href]) => {
        const a = document.createElement("a");
        a.href = href; a.textContent = "play " + label; a.className = "resume";
        slot.appendChild(a);
      });
    });
  }

  // Lobby: show the chosen game's options and as many seat rows as it has seats.
  function lobby() {
    savedLinks();
    const select = document.getElementById("game-select");
    if (!select) return;
    const sets = document.querySelectorAll("fieldset.game-options");
    function current() { return document.querySelector(`fieldset[data-game="${select.value}"]`); }
    function showGame() {
      sets.forEach(f => {
        const on = f.dataset.game === select.value;
        f.hidden = !on;
        f.querySelectorAll("select, input").forEach(el => { el.disabled = !on; });
      });
      updateSeats();
    }
    // Parameters that apply only with another's value (a solo scenario) are hidden and not sent
    // elsewhere; defaults that follow another parameter (one player in solo) follow it until the
    // player sets the field by hand.
    function conditions(box) {
      const value = name => { const el = box.querySelector(`[data-param="${name}"]`); return el ? el.value : null; };
      box.querySelectorAll("label[data-only-when]").forEach(label => {
        const [other, allowed] = JSON.parse(label.dataset.onlyWhen);
        const on = allowed.map(String).includes(value(other));
        label.hidden = !on;
        label.querySelectorAll("select, input").forEach(el => { el.disabled = !on; });
      });
      box.querySelectorAll("label[data-default-when]").forEach(label => {
        const field = label.querySelector("[data-param]");
        if (!field || field.dataset.touched) return;
        let chosen = field.dataset.baseDefault ?? field.value;
        field.dataset.baseDefault = chosen;
        for (const [other, when, dflt] of JSON.parse(label.dataset.defaultWhen)) {
          if (String(when) === value(other)) { chosen = String(dflt); break; }
        }
        field.value = chosen;
      });
    }
    async function updateSeats(ev) {
      const box = current();
      if (!box) return;
      if (ev && ev.target && ev.target.dataset && ev.target.dataset.param) {
        const owner = ev.target.closest("label[data-default-when]");
        if (owner) ev.target.dataset.touched = "1";
      }
      conditions(box);
      const params = {};
      box.querySelectorAll("[data-param]").forEach(el => { if (!el.disabled) params[el.dataset.param] = el.value; });
      try {
        const r = await fetch("/api/seat-count", {method: "POST", headers: {"Content-Type": "application/json"},
                                                  body: JSON.stringify({game: select.value, params})});
        if (!r.ok) return;
        const n = (await r.json()).seats;
        box.querySelectorAll("li.seat-choice").forEach(li => {
          const on = Number(li.dataset.seat) < n;
          li.hidden = !on;
          li.querySelectorAll("select").forEach(el => { el.disabled = !on; });
        });
      } catch (e) { /* offline: keep the defaults */ }
    }
    select.addEventListener("change", showGame);
    document.querySelectorAll("[data-param]").forEach(el => el.addEventListener("change", updateSeats));
    showGame();
  }

  // Game pages: follow the game through server-sent events and redraw when it moves. One redraw
  // at a time, so a slow answer never overwrites a newer one. While a redraw is under way the
  // page is marked data-live="busy" (html element); "idle" means the board shows the last move
  // this page heard of. pause(true) holds redraws (a screenshot, a test reading the board) and
  // pause(false) catches up.
  let held = false;
  let resume = null;
  function mark(state) { document.documentElement.dataset.live = state; }

  function live() {
    const box = document.getElementById("live");
    if (!box) return;
    let latest = Number(box.dataset.numActions);
    let running = false;
    async function redraw() {
      if (running || held) return;
      running = true;
      mark("busy");
      try {
        while (!held && Number(box.dataset.numActions) !== latest) {
          const target = latest;
          const url = box.dataset.fragment;
          if (!url) { location.reload(); return; }  // hot-seat: the server decides what to show
          const r = await fetch(url, {cache: "no-store"});
          if (!r.ok) break;
          const html = await r.text();
          if (held) break;  // asked to hold meanwhile: fetch again on resume
          box.innerHTML = html;
          const wrap = box.querySelector("[data-num-actions]");
          box.dataset.numActions = wrap ? wrap.dataset.numActions : String(target);
          const status = document.getElementById("status");
          if (status) status.classList.add("flash");
          if (latest === target) break;  // no newer move heard of while fetching
        }
      } catch (e) {
        /* offline for a moment: the next event tries again */
      } finally {
        running = false;
        mark("idle");
      }
    }
    resume = redraw;
    const es = new EventSource(`/api/games/${box.dataset.gameId}/events?since=${latest}`);
    es.addEventListener("state", (ev) => {
      latest = JSON.parse(ev.data).num_actions;
      redraw();
    });
    mark("idle");
  }

  function pause(on) {
    held = Boolean(on);
    if (!held && resume) resume();
  }

  // A <select data-autosubmit> sends its form when changed (no inline handlers: the
  // Content-Security-Policy forbids them).
  function autosubmit() {
    document.querySelectorAll("select[data-autosubmit]").forEach(el =>
      el.addEventListener("change", () => el.form && el.form.submit()));
  }

  // A game board may mark a cell or a piece with data-act (an action as JSON): a click sends the
  // decision form offering that same action, so a board can be played by clicking on it.
  function canon(v) {
    if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
    if (v && typeof v === "object")
      return "{" + Object.keys(v).sort().map(k => JSON.stringify(k) + ":" + canon(v[k])).join(",") + "}";
    return JSON.stringify(v);
  }
  document.addEventListener("click", ev => {
    const el = ev.target.closest && ev.target.closest("[data-act]");
    if (!el) return;
    const want = canon(JSON.parse(el.dataset.act));
    for (const input of document.querySelectorAll('#prompt form input[name="action"]')) {
      if (canon(JSON.parse(input.value)) === want) { input.form.submit(); return; }
    }
  });

  const api = {remember, savedLinks, lobby, live, pause};
  // Each page names what it needs in <body data-init="lobby live ...">: no inline script.
  autosubmit();
  (document.body.dataset.init || "").split(/\s+/).forEach(name => {
    if (name && api[name]) api[name]();
  });
  return api;
})();
