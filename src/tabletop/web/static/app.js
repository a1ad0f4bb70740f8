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
    if (!box || box.dataset.remembered) return;
    box.dataset.remembered = "1";
    const all = links();
    const mine = {};
    document.querySelectorAll("a.seat-link").forEach(a => { mine[a.dataset.name || "Seat " + (Number(a.dataset.seat) + 1)] = a.getAttribute("href"); });
    const hot = document.getElementById("hotseat-link");
    if (hot) mine["on this screen"] = hot.getAttribute("href");
    const all_links = document.getElementById("creator-link");
    if (all_links) mine["all links"] = all_links.getAttribute("href");
    all[box.dataset.gameId] = mine;
    try { localStorage.setItem(KEY, JSON.stringify(all)); } catch (e) { /* private mode */ }
    document.querySelectorAll("button.copy").forEach(b => b.addEventListener("click", () => {
      const url = location.origin + b.dataset.copy;
      if (navigator.clipboard) navigator.clipboard.writeText(url).then(() => { b.textContent = "copied"; });
    }));
  }

  // In saved-game lists: add the links this browser remembers.
  function savedLinks() {
    if (document.body.dataset.savedLinks) return;
    document.body.dataset.savedLinks = "1";
    const all = links();
    document.querySelectorAll("tr[data-game-id]").forEach(tr => {
      const mine = all[tr.dataset.gameId];
      const slot = tr.querySelector(".my-links");
      if (!mine || !slot) return;
      Object.entries(mine).forEach(([label, href]) => {
        const a = document.createElement("a");
        a.href = href; a.textContent = label === "all links" ? "all links" : "play " + label;
        a.className = label === "all links" ? "all-links" : "resume";
        slot.appendChild(a);
      });
    });
  }

  // Lobby: show the chosen game's options and as many seat rows as it has seats.
  // ``hand_sizes`` -> ``Hand sizes`` (as tabletop.web.render.humanize)
  function humanize(key) {
    let text = String(key).replace(/[_-]/g, " ").trim();
    if (text.startsWith("my ")) text = "your " + text.slice(3);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function lobby() {
    savedLinks();
    const select = document.getElementById("game-select");
    if (!select || select.dataset.bound) return;
    select.dataset.bound = "1";
    let asked = 0;  // seat-count questions sent, so a late answer to an older one is dropped
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
      // answers may come back out of order: only the latest question's answer is drawn
      const ticket = ++asked;
      try {
        const r = await fetch("/api/seat-count", {method: "POST", headers: {"Content-Type": "application/json"},
                                                  body: JSON.stringify({game: select.value, params})});
        if (!r.ok || ticket !== asked) return;
        const seating = await r.json();
        if (ticket !== asked) return;
        const n = seating.seats, roles = seating.roles || [], automata = seating.automata || [];
        box.querySelectorAll("li.seat-choice").forEach(li => {
          const on = Number(li.dataset.seat) < n;
          li.hidden = !on;
          li.querySelectorAll("select, input").forEach(el => { el.disabled = !on; });
          // each seat's role (a builder, an explorer) when the game gives seats roles
          const role = roles[Number(li.dataset.seat)] || "player";
          const tag = li.querySelector(".seat-role");
          if (tag) { tag.hidden = role === "player"; tag.textContent = `(${humanize(role)})`; }
        });
        // the rules' own participants (a solo opponent): shown, never a seat to fill
        const auto = box.querySelector(".automata");
        if (auto) {
          auto.hidden = automata.length === 0;
          auto.querySelector(".automata-names").textContent = automata.join(", ");
        }
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
  let busy = 0;
  let swaps = 0;  // boards swapped in so far: a redraw fetched before a newer swap is dropped
  function mark(state) {
    busy = Math.max(0, busy + (state === "busy" ? 1 : -1));
    document.documentElement.dataset.live = busy ? "busy" : "idle";
  }

  function live() {
    const box = document.getElementById("live");
    if (!box || box.dataset.following) return;
    box.dataset.following = "1";
    try {
      const saved = JSON.parse(sessionStorage.getItem(KEPT) || "null");
      sessionStorage.removeItem(KEPT);
      if (saved && saved.at === location.href) restoreForms(box, saved.kept);
    } catch (e) { /* nothing kept */ }
    enhance(box);
    markPicks();
    turnAlert(false);
    autoTake(box);
    let latest = Number(box.dataset.numActions);
    let running = false;
    // The page keeps what it shows when nothing this seat can see changed (another seat's secret
    // step, a bot thinking aloud in its own lair): the server answers 204 for the page's digest,
    // and only the count of actions the page has heard of moves on.
    function caughtUp(n) {
      box.dataset.numActions = String(n);
      box.querySelectorAll("[data-num-actions]").forEach(el => { el.dataset.numActions = String(n); });
      box.querySelectorAll('input[name="expected_actions"]').forEach(el => { el.value = String(n); });
    }
    function withDigest(url) {
      const u = new URL(url, location.href);
      u.searchParams.set("digest", box.dataset.digest || "");
      return u.toString();
    }
    async function redraw() {
      if (running || held) return;
      running = true;
      mark("busy");
      try {
        while (!held && Number(box.dataset.numActions) !== latest) {
          const target = latest;
          if (!box.dataset.fragment) {
            // hot-seat: the server decides what to show (a cover, a seat's board); the page
            // reloads only when that changed, keeping a half-filled form
            if (box.dataset.changed) {
              const r = await fetch(withDigest(box.dataset.changed), {cache: "no-store"});
              if (r.status === 204) { caughtUp(target); if (latest === target) break; continue; }
              if (!r.ok) break;
            }
            try {
              sessionStorage.setItem(KEPT, JSON.stringify({at: location.href, kept: keepForms(box)}));
            } catch (e) { /* no storage: the form starts afresh */ }
            location.reload();
            return;
          }
          const before = swaps;
          const r = await fetch(withDigest(box.dataset.fragment), {cache: "no-store"});
          if (swaps !== before) { if (Number(box.dataset.numActions) === latest) break; continue; }
          if (r.status === 204) { caughtUp(target); if (latest === target) break; continue; }
          if (!r.ok) break;
          const html = await r.text();
          if (held) break;  // asked to hold meanwhile: fetch again on resume
          if (swaps !== before) continue;  // the player's own move was swapped in meanwhile
          swapBoard(box, html, r.headers.get("X-Board-Digest") || "", String(target));
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
    live.heard = n => { if (n > latest) latest = n; };
    const es = new EventSource(`/api/games/${box.dataset.gameId}/events?since=${latest}`);
    es.addEventListener("state", (ev) => {
      latest = JSON.parse(ev.data).num_actions;
      redraw();
    });
    mark("idle");
  }

  // ---------------------------------------------------------------- swapping a board in place
  // A newer board goes into the page without a reload: only the elements that differ are
  // replaced (what stayed the same, such as the cell under the cursor or an open detail, is the
  // very same element afterwards), the scroll stays where it was, the player's half-filled
  // template forms are put back.
  const KEEP_ATTRS = new Set(["data-touched", "data-bound", "open"]);

  function morph(old, fresh, top = false) {
    if (!top) {
      for (const a of Array.from(fresh.attributes)) {
        if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
      }
      for (const a of Array.from(old.attributes)) {
        if (!fresh.hasAttribute(a.name) && !KEEP_ATTRS.has(a.name)) old.removeAttribute(a.name);
      }
    }
    const was = Array.from(old.childNodes), now = Array.from(fresh.childNodes);
    if (was.length !== now.length || old.tagName === "SELECT") {
      if (!old.isEqualNode(fresh)) {
        old.replaceChildren(...now);
        // as a new select would: the option marked selected, else the first
        if (old.tagName === "SELECT") {
          const marked = Array.from(old.options).findIndex(o => o.defaultSelected);
          old.selectedIndex = Math.max(0, marked);
        }
      }
      return;
    }
    now.forEach((n, i) => {
      const o = was[i];
      if (o.nodeType !== n.nodeType || o.nodeName !== n.nodeName) { o.replaceWith(n); return; }
      if (o.nodeType !== Node.ELEMENT_NODE) { if (o.nodeValue !== n.nodeValue) o.nodeValue = n.nodeValue; return; }
      if (!o.isEqualNode(n)) morph(o, n);
    });
  }

  function swapBoard(box, html, digest, count) {
    swaps += 1;
    const logOpen = !!document.querySelector("details#log[open]");
    const kept = keepForms(box);
    const fresh = document.createElement("div");
    fresh.innerHTML = html;
    const x = window.scrollX, y = window.scrollY;
    morph(box, fresh, true);
    box.dataset.digest = digest;
    restoreForms(box, kept);
    const wrap = box.querySelector("[data-num-actions]");
    box.dataset.numActions = wrap ? wrap.dataset.numActions : count;
    if (logOpen) { const d = document.getElementById("log"); if (d) { d.open = true; wholeLog(d); } }
    enhance(box);
    turnAlert(true);
    autoTake(box);
    const newest = document.querySelector("#latest li.newest");
    if (newest) newest.classList.add("flash");
    const status = document.getElementById("status");
    if (status) status.classList.add("flash");
    window.scrollTo(x, y);
    document.documentElement.dataset.swaps = String(swaps);
  }

  // The page's own forms (a move, a take-back) are sent in the background and the answer swapped
  // in: no reload, no jump to the top. A refusal comes back as the same board with the reason,
  // and the player's choices so far are kept. Whatever is not a board of the same kind (the
  // hot-seat cover for the next person, a finished game's page) is opened as a page.
  const timings = [];
  let leaving = false;
  window.addEventListener("pagehide", () => { leaving = true; });
  window.addEventListener("beforeunload", () => { leaving = true; });

  async function sendInPlace(f, submitter) {
    const box = document.getElementById("live");
    if (!box || f.dataset.sending) return;
    f.dataset.sending = "1";
    const t0 = performance.now();
    mark("busy");
    let body;
    try { body = new URLSearchParams(new FormData(f, submitter || undefined)); }
    catch (e) { body = new URLSearchParams(new FormData(f)); }
    try {
      // (a form's own "action" field hides its action attribute as f.action)
      const to = new URL(f.getAttribute("action") || location.href, location.href);
      const r = await fetch(to, {method: "POST", body, cache: "no-store"});
      const html = await r.text();
      const doc = new DOMParser().parseFromString(html, "text/html");
      const fresh = doc.getElementById("live");
      const same = fresh && fresh.dataset.mode === box.dataset.mode
        && (fresh.dataset.fragment || "") === (box.dataset.fragment || "")
        && (fresh.dataset.changed || "") === (box.dataset.changed || "");
      if (!same) { location.assign(r.url); return; }
      const url = new URL(r.url);
      url.searchParams.delete("error");
      url.searchParams.delete("kept");
      history.replaceState(null, "", url.toString());
      if (live.heard) live.heard(Number(fresh.dataset.numActions));
      swapBoard(box, fresh.innerHTML, fresh.dataset.digest || "", fresh.dataset.numActions);
      timings.push(Math.round(performance.now() - t0));
    } catch (e) {
      // offline for a moment, or the page is being left: nothing was swapped in (a form sent
      // the ordinary way here could race a page the player is opening)
      if (!leaving) note("The table could not be reached; nothing was played. Try again.");
    } finally {
      delete f.dataset.sending;
      mark("idle");
    }
  }

  document.addEventListener("submit", ev => {
    const f = ev.target;
    if (ev.defaultPrevented || !(f instanceof HTMLFormElement)) return;
    if ((f.getAttribute("method") || "").toLowerCase() !== "post") return;
    const box = document.getElementById("live");
    if (!box || !box.contains(f) || !window.fetch || !window.DOMParser) return;
    // only a move or a take-back (a rematch, say, opens its own page)
    if (!/\/(act|undo)$/.test(new URL(f.getAttribute("action") || "", location.href).pathname)) return;
    const problem = overLimit(f);
    if (problem) { ev.preventDefault(); note(problem); return; }
    ev.preventDefault();
    sendInPlace(f, ev.submitter);
  });

  // A short note on the board (why a tap did nothing), replaced by the next one.
  function note(text) {
    let el = document.getElementById("board-note");
    const prompt = document.getElementById("prompt");
    if (!el) {
      el = document.createElement("p");
      el.id = "board-note";
      el.className = "error";
      el.setAttribute("role", "alert");
    }
    const at = document.querySelector("[data-note-here]") || prompt;
    if (at && el.parentNode !== at) at.prepend(el);
    el.textContent = text;
    el.hidden = false;
  }

  // ---------------------------------------------------------------- a lone option
  // The server marks an option the player has no reason to think over (the only one, revealing
  // nothing, throwing nothing away: tabletop.web.render.lone_option) with data-auto; the page
  // sends it at once. Not on a page that shows a refusal, and not where the player took a step
  // back to (?undone=1): that position is remembered for this tab, so one can undo further.
  const NOAUTO = "tabletop.no-auto";

  function autoTake(root) {
    const f = root.querySelector("#prompt form[data-auto]");
    if (!f || f.dataset.sent || document.getElementById("error")) return;
    const seenInput = f.querySelector('input[name="seen"]');
    const seen = seenInput ? seenInput.value : "";
    let skip = [];
    try { skip = JSON.parse(sessionStorage.getItem(NOAUTO) || "[]"); } catch (e) { /* none */ }
    if (new URLSearchParams(location.search).get("undone") && !skip.includes(seen)) {
      skip = skip.concat([seen]).slice(-50);
      try { sessionStorage.setItem(NOAUTO, JSON.stringify(skip)); } catch (e) { /* */ }
    }
    if (skip.includes(seen)) return;
    f.dataset.sent = "1";
    f.requestSubmit();
  }

  // ---------------------------------------------------------------- template forms
  // A decision offered as a template (a build: card x cell x facing) is a form the player fills
  // field by field, from the form or by clicking the board. Other seats' moves redraw the board
  // meanwhile; what the player has chosen so far goes back into the same template's new form,
  // wherever the value is still offered, so the live reload never resets a half-filled form.
  const KEPT = "tabletop.kept-forms";

  function formKey(f) {
    const fixed = f.querySelector('input[name="fixed"]');
    return `${f.dataset.template || ""}|${fixed ? fixed.value : ""}`;
  }

  function keepForms(root) {
    const kept = {};
    root.querySelectorAll("form.template").forEach(f => {
      const values = {};
      f.querySelectorAll("select[data-param]").forEach(sel => {
        if (sel.dataset.touched) values[sel.name] = sel.value;
      });
      if (Object.keys(values).length) kept[formKey(f)] = values;
    });
    return kept;
  }

  function restoreForms(root, kept) {
    root.querySelectorAll("form.template").forEach(f => {
      const values = kept[formKey(f)];
      if (!values) return;
      f.querySelectorAll("select[data-param]").forEach(sel => {
        const value = values[sel.name];
        if (value !== undefined && Array.from(sel.options).some(o => o.value === value)) {
          sel.value = value;
          sel.dataset.touched = "1";
        }
      });
    });
    markPicks();
  }

  // A board marks what a click picks with data-pick='{"cell": 4}' (one or more of a template's
  // fields, optionally "template": its kind): a click sets those fields of the template's form,
  // which the player then sends with its button (or finishes by hand).
  function pickOf(el) { return JSON.parse(el.dataset.pick); }

  // The form's selects and option values for a pick's fields; null if the form lacks one.
  function pickFields(f, pick) {
    const found = [];
    for (const [name, value] of Object.entries(pick)) {
      if (name === "template") continue;
      const sel = f.querySelector(`select[data-param="${CSS.escape(name)}"]`);
      const want = canon(value);
      const opt = sel && Array.from(sel.options).find(o => canon(JSON.parse(o.value)) === want);
      if (!opt) return null;
      found.push([sel, opt.value]);
    }
    return found;
  }

  // Fill the first template form that offers every field of the pick; returns it (or null).
  function pick(el, want = pickOf(el)) {
    for (const f of document.querySelectorAll("#prompt form.template")) {
      if (want.template && f.dataset.template !== want.template) continue;
      const found = pickFields(f, want);
      if (!found) continue;
      found.forEach(([sel, value]) => { sel.value = value; sel.dataset.touched = "1"; });
      markPicks();
      return f;
    }
    return null;
  }

  // What the form holds now shows on the board: every data-pick the form agrees with.
  function markPicks() {
    const forms = Array.from(document.querySelectorAll("#prompt form.template"));
    document.querySelectorAll("[data-pick]").forEach(el => {
      let on = false;
      try {
        const want = pickOf(el);
        on = forms.some(f => {
          if (want.template && f.dataset.template !== want.template) return false;
          const found = pickFields(f, want);
          return found && found.length > 0
            && found.every(([sel, value]) => sel.dataset.touched && sel.value === value);
        });
      } catch (e) { /* not a pick */ }
      el.classList.toggle("picked", on);
    });
    showChoices(forms);
  }

  // What each template form holds now, for the board to show without a round trip:
  // - the box gets data-pick-KIND-PARAM="VALUE" for every field (a board's stylesheet may
  //   highlight the places a picked piece may go, or show the Wall edges while a Wall is picked);
  // - an element data-target="KIND:PARAM" (a card to place) gets data-chosen="VALUE";
  // - an element data-tally="KIND" sums, over the fields whose value is one of its data-values,
  //   each field's weight (its data-target element's data-WEIGH, WEIGH named by the tally's
  //   data-weigh; 1 for each field without it), shows the sum in
  //   its .sum and, above its data-limit, is marked over (the form is then not sent, and the
  //   note says data-over, "{n}" and "{limit}" filled in).
  function valueOf(sel) {
    try { const v = JSON.parse(sel.value); return typeof v === "string" ? v : JSON.stringify(v); }
    catch (e) { return sel.value; }
  }

  function slug(text) { return String(text).toLowerCase().replace(/[^a-z0-9]+/g, "-"); }

  function showChoices(forms) {
    const box = document.getElementById("live");
    if (!box) return;
    const now = {};
    forms.forEach(f => f.querySelectorAll("select[data-param]").forEach(sel => {
      now[`${f.dataset.template}:${sel.dataset.param}`] = valueOf(sel);
    }));
    Array.from(box.attributes).forEach(a => {
      if (a.name.startsWith("data-pick-")) box.removeAttribute(a.name);
    });
    Object.entries(now).forEach(([key, value]) => {
      const [kind, param] = key.split(/:(.*)/s);
      box.setAttribute(`data-pick-${slug(kind)}-${slug(param)}`, value);
    });
    box.querySelectorAll("[data-target]").forEach(el => {
      const spec = el.dataset.target;
      if (spec.includes(":") && now[spec] !== undefined) el.dataset.chosen = now[spec];
    });
    seatPlanned(box, now);
    box.querySelectorAll("[data-tally]").forEach(t => tally(t, now));
  }

  // Where each card goes now, drawn on the board itself: a place (data-target="KIND=VALUE")
  // holds spots marked data-slot (empty: "", or the card in it now: data-slot="CARD"). A card
  // staying keeps its spot, a card leaving marks its spot .leaving, and each card coming takes
  // the first free spot in order (the cards already on the board first), shown as a chip
  // (.planned, with the card's data-name) that a tap picks like the card itself. A place
  // without spots lists its cards in its [data-slot-list]. Only what the form holds: nothing
  // is sent.
  function seatPlanned(box, now) {
    box.querySelectorAll(".planned").forEach(el => el.remove());
    box.querySelectorAll("[data-slot].leaving").forEach(el => el.classList.remove("leaving"));
    const source = {};
    box.querySelectorAll("[data-target]:not(.planned)").forEach(el => {
      const spec = el.dataset.target;
      if (spec.includes(":") && !(spec in source)) source[spec] = el;
    });
    box.querySelectorAll('[data-target*="="]').forEach(place => {
      const [kind, value] = place.dataset.target.split(/=(.*)/s);
      const slots = Array.from(place.querySelectorAll("[data-slot]"));
      const list = place.querySelector("[data-slot-list]");
      if (!slots.length && !list) return;
      const coming = [];
      Object.entries(now).forEach(([key, where]) => {
        if (!key.startsWith(kind + ":") || where !== value) return;
        const param = key.slice(kind.length + 1);
        const from = source[key];
        if (slots.some(slot => slot.dataset.slot === param)) return;  // stays where it is
        coming.push({key, param, from, onBoard: !!(from && from.hasAttribute("data-slot"))});
      });
      slots.forEach(slot => {
        const held = slot.dataset.slot;
        if (held && now[`${kind}:${held}`] !== undefined && now[`${kind}:${held}`] !== value) {
          slot.classList.add("leaving");
        }
      });
      coming.sort((a, b) => Number(b.onBoard) - Number(a.onBoard));
      const free = slots.filter(slot => !slot.dataset.slot || slot.classList.contains("leaving"));
      coming.forEach(card => {
        const chip = document.createElement("span");
        chip.className = "planned";
        chip.dataset.target = card.key;
        chip.dataset.planned = card.param;
        chip.textContent = (card.from && card.from.dataset.name) || card.param;
        const spot = free.shift() || list;
        if (spot) spot.appendChild(chip);
      });
    });
  }

  function tally(t, now) {
    const kind = t.dataset.tally, values = (t.dataset.values || "").split(/\s+/);
    const weigh = t.dataset.weigh, weights = {};
    document.querySelectorAll(`#live [data-target^="${CSS.escape(kind)}:"]:not(.planned)`).forEach(el => {
      weights[el.dataset.target] = weigh ? Number(el.dataset[weigh] || 0) : 1;
    });
    let n = 0;
    Object.entries(now).forEach(([key, value]) => {
      if (key.startsWith(kind + ":") && values.includes(value)) n += key in weights ? weights[key] : 1;
    });
    const sum = t.querySelector(".sum");
    if (sum) sum.textContent = String(n);
    const limit = t.dataset.limit === undefined ? Infinity : Number(t.dataset.limit);
    t.classList.toggle("over", n > limit);
    t.dataset.n = String(n);
  }

  // The first tally over its limit for a form (the words to say), or null.
  function overLimit(f) {
    if (!f.dataset.template) return null;
    for (const t of document.querySelectorAll(`#live [data-tally="${CSS.escape(f.dataset.template)}"].over`)) {
      return (t.dataset.over || "Too many.").replace("{n}", t.dataset.n).replace("{limit}", t.dataset.limit);
    }
    return null;
  }

  // Two taps on a board: an element data-target="KIND:PARAM" (a card) is picked first, then an
  // element data-target="KIND=VALUE" (a place) gives that field the value data-value.
  let armed = null;

  function arm(spec) {
    armed = spec;
    document.querySelectorAll("#live [data-target]").forEach(el => {
      el.classList.toggle("armed", el.dataset.target === spec);
      el.classList.toggle("open-place", !!spec && el.dataset.target.startsWith(spec.split(":")[0] + "="));
    });
  }

  function target(el) {
    // a card drawn on a place while another card is picked: the tap is on the place
    if (el.classList.contains("planned") && armed && armed !== el.dataset.target) {
      const place = el.parentElement && el.parentElement.closest('[data-target*="="]');
      if (place) el = place;
    }
    const spec = el.dataset.target;
    if (spec.includes(":")) { arm(armed === spec ? null : spec); return true; }
    const [kind] = spec.split("=");
    if (!armed || !armed.startsWith(kind + ":")) { note("Tap a card first, then where it goes."); return true; }
    const param = armed.slice(kind.length + 1);
    const f = pick(null, {template: kind, [param]: el.dataset.value});
    if (!f) note("That card cannot go there.");
    else { const n = document.getElementById("board-note"); if (n) n.hidden = true; }
    arm(null);
    return true;
  }

  document.addEventListener("change", ev => {
    const sel = ev.target instanceof Element && ev.target.closest("form.template select");
    if (sel) { sel.dataset.touched = "1"; markPicks(); }
  });

  // ---------------------------------------------------------------- the turn alert
  const ALERT = "tabletop.turn-alert";
  let wasYours = null;

  function alertsOn() {
    try { return localStorage.getItem(ALERT) === "1"; } catch (e) { return false; }
  }

  function beep() {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      const ctx = new Ctx();
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 660;
      gain.gain.value = 0.15;
      osc.connect(gain); gain.connect(ctx.destination);
      osc.start(); osc.stop(ctx.currentTime + 0.18);
    } catch (e) { /* no sound here */ }
  }

  // The tab title says "Your turn" while a decision waits for you, and "Waiting for NAME" (the
  // seats still choosing) once you have chosen or while others decide; with the alert switched
  // on, a sound and (if allowed) a notification say so when a move arrives for you.
  function turnAlert(arrived) {
    const wrap = document.querySelector(".board-wrap");
    if (!wrap) return;
    const yours = wrap.dataset.yourTurn === "1";
    const waiting = wrap.dataset.waitingFor || "";
    if (!document.body.dataset.baseTitle) document.body.dataset.baseTitle = document.title;
    const base = document.body.dataset.baseTitle;
    document.title = yours ? "Your turn · " + base : waiting ? `Waiting for ${waiting} · ${base}` : base;
    if (arrived && yours && wasYours === false && alertsOn()) {
      beep();
      if (window.Notification && Notification.permission === "granted" && document.hidden) {
        try { new Notification("Your turn", {body: wrap.dataset.gameTitle || base}); } catch (e) { /* */ }
      }
    }
    wasYours = yours;
  }

  function alertSwitch() {
    const box = document.getElementById("turn-alert");
    if (!box || box.dataset.bound) return;
    box.dataset.bound = "1";
    box.checked = alertsOn();
    box.addEventListener("change", () => {
      try { localStorage.setItem(ALERT, box.checked ? "1" : "0"); } catch (e) { /* */ }
      if (box.checked) {
        beep();
        if (window.Notification && Notification.permission === "default") Notification.requestPermission();
      }
    });
  }

  // ---------------------------------------------------------------- cards, confirmations, map
  function enhance(root) {
    root.querySelectorAll("form[data-confirm]").forEach(f => {
      if (f.dataset.bound) return;
      f.dataset.bound = "1";
      f.addEventListener("submit", ev => { if (!window.confirm(f.dataset.confirm)) ev.preventDefault(); });
    });
    if (sessionStorage.getItem("tabletop.zoom") === "1") zoom(root, true);
  }

  function zoom(root, on) {
    root.querySelectorAll(".pl-mapbox").forEach(m => m.classList.toggle("pl-zoomed", on));
    root.querySelectorAll("[data-zoom-map]").forEach(b => { b.textContent = on ? "Fit the map to the screen" : "Zoom the map"; });
    try { sessionStorage.setItem("tabletop.zoom", on ? "1" : "0"); } catch (e) { /* */ }
  }

  function cardText(el) {
    if (el.dataset && el.dataset.cardText) return el.dataset.cardText;
    const title = Array.from(el.children).find(c => c.tagName.toLowerCase() === "title");
    if (title) return title.textContent;
    return el.textContent.trim();
  }

  function showCard(text) {
    const pop = document.getElementById("card-text");
    if (!pop) return;
    pop.querySelector(".body").textContent = text;
    pop.hidden = false;
  }

  function clicks() {
    if (document.body.dataset.clicks) return;
    document.body.dataset.clicks = "1";
    document.addEventListener("click", ev => {
      const t = ev.target;
      if (!(t instanceof Element)) return;
      if (t.closest("#card-text .close")) { document.getElementById("card-text").hidden = true; return; }
      const z = t.closest("[data-zoom-map]");
      if (z) { const box = z.closest(".pl-board") || document; zoom(box, !(box.querySelector(".pl-mapbox.pl-zoomed"))); return; }
      const toLog = t.closest('a[href="#log"]');
      if (toLog) { const d = document.getElementById("log"); if (d) { d.open = true; wholeLog(d); } return; }
      const toList = t.closest('a[href="#map-list"]');
      if (toList) { const d = document.getElementById("map-list"); if (d) d.open = true; return; }
      const card = t.closest("[data-card-text], .pl-tile, .pl-card, g.pl-region");
      if (card && !t.closest("button, a, form")) showCard(cardText(card));
    });
    document.addEventListener("keydown", ev => {
      if (ev.key === "Escape") { const p = document.getElementById("card-text"); if (p) p.hidden = true; }
      // the replay steps with the keys people expect: n/p or the arrows
      if (ev.target instanceof Element && ev.target.closest("input, select, textarea")) return;
      const next = document.getElementById("next"), prev = document.getElementById("prev");
      if ((ev.key === "n" || ev.key === "ArrowRight") && next) next.click();
      if ((ev.key === "p" || ev.key === "ArrowLeft") && prev) prev.click();
    });
  }

  // The page carries the latest lines a state keeps; opening the full log fetches every line.
  async function wholeLog(d) {
    if (!d || !d.dataset.whole || d.dataset.loaded === String(document.getElementById("live")?.dataset.numActions)) return;
    try {
      const r = await fetch(d.dataset.whole, {cache: "no-store"});
      if (!r.ok) return;
      const old = d.querySelector("ol.events, p.muted");
      const box = document.createElement("div");
      box.innerHTML = await r.text();
      const list = box.querySelector("ol");
      if (old && list) old.replaceWith(list);
      d.dataset.loaded = String(document.getElementById("live")?.dataset.numActions);
    } catch (e) { /* keep the latest lines */ }
  }

  // What every page gets, whatever it names in data-init: card texts on a tap, the map zoom, the
  // turn alert switch, the full log on demand, and one's own link shown whole.
  function start() {
    document.addEventListener("toggle", ev => {
      if (ev.target instanceof HTMLDetailsElement && ev.target.id === "log" && ev.target.open) wholeLog(ev.target);
    }, true);
    clicks();
    alertSwitch();
    const mine = document.getElementById("my-link-url");
    if (mine) mine.textContent = location.origin + mine.dataset.path;
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
  // A decision offered as a template (a form of fields): data-act may name the template's kind
  // and some of its arguments; a click fills those fields and sends the form (the other fields
  // keep what was picked). data-pick only fills them (a piece picked before the space it goes
  // on); the fields count as the player's, so a live reload keeps them.
  function sendTemplate(act) {
    const form = pick(null, Object.assign({template: act.kind}, act.args || {}));
    if (form) form.requestSubmit();
  }
  document.addEventListener("click", ev => {
    if (!(ev.target instanceof Element)) return;
    // a two-tap target names a template's field ("deploy:CARD") or a value ("deploy=front"); a
    // target naming a space ("B1") is played through its data-act
    const tgt = ev.target.closest("#live [data-target]");
    if (tgt && /[:=]/.test(tgt.dataset.target) && document.querySelector("#prompt form.template")) {
      target(tgt);
      return;
    }
    const refused = ev.target.closest("[data-refuse]");
    if (refused) { note(refused.dataset.refuse); return; }
    const picked = ev.target.closest && ev.target.closest("[data-pick]");
    if (picked) { pick(picked); return; }
    const el = ev.target.closest && ev.target.closest("[data-act]");
    if (!el) return;
    const act = JSON.parse(el.dataset.act);
    const want = canon(act);
    for (const input of document.querySelectorAll('#prompt form input[name="action"]')) {
      // requestSubmit: a form that asks first (data-confirm) still asks
      if (canon(JSON.parse(input.value)) === want) { input.form.requestSubmit(); return; }
    }
    sendTemplate(act);
  });

  const api = {remember, savedLinks, lobby, live, pause, pick, timings};
  // Each page names what it needs in <body data-init="lobby live ...">: no inline script.
  autosubmit();
  start();
  (document.body.dataset.init || "").split(/\s+/).forEach(name => {
    if (name && api[name]) api[name]();
  });
  return api;
})();
