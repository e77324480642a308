// spadeslib table: the front end of spadeslib.table.app.SpadesTable (anywidget).
//
// This module draws ONE synced JSON value, model.get("state"), built in Python
// from the learner's view (spadeslib/table/state.py), and sends back what the
// learner did. It decides no rule: every click goes to Python, where the engine
// accepts or refuses it; a refusal comes back as state.notice.
//
// No build step: Python (spadeslib.table.app.front_module) joins the parts in
// static/ into the one module anywidget serves, in this order: cards.js,
// layout.js, board.js, panels.js, log.js, options.js, then this file. They
// share one module scope; each panel file holds methods of TableView, mixed
// in below with Object.assign. Only this file exports.
//
// Messages JS -> Python (model.send), all plain JSON:
//   {type:"card", card:"QH"}              play a card (also an illegal one: the
//                                         engine's reason comes back as notice)
//   {type:"act", action:"4"|"nil"|"blind_nil"|"blind_seven"|"look"|"keep"|"take_next"}
//   {type:"choose", cards:["2C","3D"]}    blind-nil exchange or two-player discard
//   {type:"hint"} {type:"estimate"} {type:"undo"} {type:"replay"}
//   {type:"next_hand"} {type:"step"} {type:"review"} {type:"save"}
//   {type:"speed", speed:"step"|"slow"|"normal"|"fast"}  {type:"pause", paused:bool}
//   {type:"new_game", preset, modifiers:[...], seed:"text or empty", partner, opponents}
//   {type:"levels", partner, opponents}  change the bots' levels in this game (from
//                                         this hand if untouched, else the next;
//                                         a two-player game leaves the partner's)
//   {type:"prefs", four_colour, large_print, sheet_open}
//   {type:"upload", name, text}           a record file read in the browser (<= 1 MB)
//   {type:"resume", token}                the game kept in this browser's localStorage
//   {type:"log"}                          this game's older log lines (the state
//                                         brings only the last ones, state.log;
//                                         state.log_from numbers the game's first)
// Messages Python -> JS (model.on("msg:custom")):
//   {type:"download", filename, text}     save the record as a file in the browser
//   {type:"log", lines:[{n, text}]}       the game's log, asked for with {type:"log"}
//
// DOM conventions (for tests and screen readers): every control is a real
// <button>, <select> or <input> with an aria-label in words and a stable
// data-testid. Root: data-testid="spades-table" with data-phase, data-hand,
// data-to-move and data-seq (increments on every redraw). Cards in the hand:
// data-testid="card-QH", aria-label "queen of hearts", data-legal="true|false";
// a card that may not be played now is dimmed (class spt-illegal, its name
// "queen of hearts, not playable now") but stays an enabled button: the
// click asks Python, whose refusal explains why (the reason is also its
// aria-description and title). A redraw with the same cards keeps the hand's
// buttons (a screen reader does not hear the focused card again at each bot
// move). Seats are labelled groups; the log is read at will (aria-live off):
// "live" is the one voice, and "notice" (assertive) is always in the page.
// Bids: "bid-4", "bid-nil", "bid-blind_nil",
// "bid-blind_seven" (a button whose state has "confirm", a blind bid, asks
// for a second press, as New game does in a game in play); other actions "act-look", "act-keep", "act-take_next";
// "confirm-choice", "choose-note" (the count, or why a click chose nothing). Seats "seat-N|E|S|W" (data-turn). Trick "trick", its cards
// "trick-card-N", "drawn-card" (the two-player draw). Messages: "prompt", "notice" (the refusal), "hint-box" (holding
// "hint-text", the hint's line; "hint-why", Why?, aria-expanded; "hint-more", the whole analysis),
// "estimate-text", "log" (role=log), "live" (aria-live announcements).
// Toolbar: "hint", "estimate", "undo", "replay", "next-hand", "game-over-new", "step", "pause",
// "speed-step|slow|normal|fast", "review-open", "save", "load", "load-file".
// Options: "options-toggle", "options", "opt-preset", "opt-mod-NAME",
// "opt-partner" (in "opt-partner-row", hidden for two players), "opt-opponents",
// "apply-levels" (the bots' levels in this game), "opt-pending-levels" (a change
// waiting for the next hand, in Python's words), "opt-seed", "opt-timer", "new-game", "opt-four-colour",
// "opt-large-print". Panels: "score-sheet", "sheet-toggle", "bid-history",
// "tricks-viewer", "trick-prev", "trick-next", "review", "review-close",
// "review-row", "review-bids", "review-bid", "resume-banner", "resume-yes", "resume-no", "timer".
// Keys (focus anywhere in the table): arrows move between cards (Up and
// Down as Left and Right) and between the bids, Enter or
// Space plays the focused card, digits bid (two digits quickly for 10-13),
// n Nil, l look (while offered), k keep and t take the next card (in a
// game with the draw), h hint, u undo, s Next move (at Step speed; no key
// bids blind); a letter pressed with Shift is none of them. A key pressed in the table without Ctrl, Alt or Meta stays in
// it: JupyterLab's notebook shortcuts (b adds a cell, x cuts, m makes
// Markdown, d d deletes, the arrows move between cells, Shift+Enter runs
// the table's cell again) do not see it; Ctrl+S and the like still reach
// the host. (data-lm-suppress-shortcuts on the root does not do it: Lumino
// matches the focused element itself before it reaches the root.) Escape closes the
// review and the Options panel. When your turn to play comes with the focus
// on a card you may not play, it moves to the nearest card you may (and
// after a card is played, to its neighbour, not to the hand's first); in the
// two-player draw it comes back to the draw's buttons after each draw. A
// control that goes away or is disabled under the focus (a bid, New game,
// the review's Close) hands it on (refocus), never to the page; a tool of
// the toolbar that becomes unavailable (Replay once the deal starts again)
// keeps it: it is only aria-disabled, unless the learner's turn has just
// come (Next move at Step speed): then the focus goes to the hand.

const MAX_UPLOAD = 1000000;
// how long Replay, New game, Load and a blind bid wait for the second press
// (unless the focus leaves them)
const ARMED = 10000;

class TableView {
  constructor(model, el) {
    this.model = model;
    this.root = document.createElement("div");
    this.root.className = "spt";
    this.root.dataset.testid = "spades-table";
    this.root.tabIndex = -1;
    this.root.innerHTML = SKELETON;
    el.appendChild(this.root);
    this.q = (id) => this.root.querySelector(`[data-testid="${id}"]`);
    this.seq = 0;
    this.chosen = new Set();
    this.announced = -1;
    this.logLines = new Map(); // the game's log lines seen, by number
    this.logAsked = false; // the older lines are asked for, not yet come
    this.playable = false; // the hand was playable at the last draw
    this.trickShown = null; // index of the finished trick shown in the viewer
    this.reviewClosed = null;
    this.busyUntil = 0;
    this.digits = "";
    // the key of the game kept in this browser: the page as the kernel knows
    // it (the notebook's path in JupyterLab) and the table's name, not the
    // page's address, which JupyterLab rewrites after a reload
    // (/lab/tree/notebooks/11_play.ipynb became /lab/tree/notebooks, and the
    // game kept before the reload was lost); the address only where the
    // kernel knows no page (Voila, whose address stays). A game kept by an
    // older table, under the address, is still read (stored)
    this.storageKey = `spadeslib-table:${model.get("page") || location.pathname}:${model.get("name")}`;
    this.oldStorageKey = `spadeslib-table:${location.pathname}:${model.get("name")}`;
    this.resumeDecided = false;
    this.bind();
    this.render();
    this.host = el;
    this.fitter = new ResizeObserver(() => this.fit());
    this.fitter.observe(el);
  }

  // narrower than the layout: the side panel goes under the table, and
  // under NARROW px the table is zoomed to the width (nothing is cut off).
  // Zoomed (a phone), table.css makes the buttons tall enough to touch
  // (--unzoom undoes the zoom in their sizes) and lays the hand in two rows
  fit() {
    const w = this.host.clientWidth;
    if (!w) return;
    const narrow = w < WIDE;
    const zoom = narrow && w < NARROW ? Math.max(0.5, w / NARROW) : 1;
    this.root.classList.toggle("spt-narrow", narrow);
    this.root.classList.toggle("spt-zoomed", zoom < 1);
    this.root.style.zoom = zoom < 1 ? String(zoom) : "";
    if (zoom < 1) this.root.style.setProperty("--unzoom", String(1 / zoom));
    else this.root.style.removeProperty("--unzoom");
  }

  send(msg) {
    this.model.send(msg);
  }

  // a bid, Look, Keep, Take the next card: in the two-player draw (phase
  // "draw") the keyboard comes back to the draw's buttons after each one
  act(action) {
    this.drawing = this.state().table?.phase === "draw" ? action : null;
    this.decide({ type: "act", action });
  }

  // a learner's decision: one at a time until the next state arrives
  decide(msg) {
    if (Date.now() < this.busyUntil) return;
    this.busyUntil = Date.now() + 1500;
    this.send(msg);
  }

  bind() {
    const r = this.root;
    r.addEventListener("click", (ev) => this.onClick(ev));
    r.addEventListener("keydown", (ev) => this.onKey(ev));
    this.q("load-file").addEventListener("change", (ev) => this.onFile(ev));
    this.q("sheet-toggle").addEventListener("toggle", () => {
      const open = this.q("sheet-toggle").open;
      if (open !== this.state().prefs?.sheet_open) this.send({ type: "prefs", sheet_open: open });
    });
    this.q("options").addEventListener("change", (ev) => this.onOption(ev));
    // a control the learner has touched keeps its value until the panel closes
    this.q("options").addEventListener("input", (ev) => this.markEdited(ev.target));
  }

  state() {
    return this.model.get("state") || {};
  }

  onClick(ev) {
    const el = ev.target.closest("[data-testid]");
    if (!el || !this.root.contains(el)) return;
    const id = el.dataset.testid;
    const s = this.state();
    if (el.getAttribute("aria-disabled") === "true") return this.unavailable(el);
    if (id.startsWith("card-")) return this.clickCard(el.dataset.code);
    if (el.dataset.action) {
      // a blind bid (a gamble before seeing a card) asks first, in Python's words
      if (el.dataset.confirmWhat && !this.confirmed(el, el.dataset.confirmWhat, el.dataset.confirmWords)) return;
      return this.act(el.dataset.action);
    }
    if (id.startsWith("speed-")) return this.send({ type: "speed", speed: id.slice(6) });
    const simple = { hint: "hint", estimate: "estimate", undo: "undo", step: "step", save: "save" };
    if (id === "replay") return this.confirmReplay(el);
    if (id === "review-open") return this.openReview();
    if (id === "next-hand") return this.decide({ type: "next_hand" });
    if (simple[id]) return this.send({ type: simple[id] });
    switch (id) {
      case "confirm-choice":
        return this.decide({ type: "choose", cards: [...this.chosen] });
      case "pause":
        return this.send({ type: "pause", paused: !s.options?.paused });
      case "load":
        // a record loaded replaces the game in play: asked first, as New game does
        if (s.table.in_play && !this.confirmed(el, "load over this game", "Load: press again to choose a record file; it replaces this game, which is not kept (Save keeps it).")) return;
        return this.q("load-file").click();
      case "hint-why":
        return this.toggleWhy(s);
      case "options-toggle":
        return this.toggleOptions();
      case "apply-levels":
        return this.applyLevels();
      case "new-game":
        if (s.table.in_play && !this.confirmed(el, "end this game", "New game: press again to end this game and start a new one; this game is not kept (Save keeps it).")) return;
        return this.newGame();
      case "game-over-new":
        if (this.q("options").hidden) this.toggleOptions();
        return this.q("new-game")?.focus();
      case "review-close":
        this.reviewClosed = s.review?.hand ?? null;
        this.render();
        return this.refocus();
      case "trick-prev":
      case "trick-next": {
        const done = s.trick?.done || [];
        const at = this.trickShown ?? done.length - 1;
        this.trickShown = Math.max(0, Math.min(done.length - 1, at + (id === "trick-next" ? 1 : -1)));
        return this.renderViewer(s);
      }
      case "resume-yes": {
        this.resumeDecided = true;
        const saved = this.stored();
        this.send({ type: "resume", token: saved?.token });
        if (saved?.speed && saved.speed !== s.options?.speed) this.send({ type: "speed", speed: saved.speed });
        this.q("resume-banner").setAttribute("hidden", "");
        return this.refocus();
      }
      case "resume-no":
        this.resumeDecided = true;
        this.q("resume-banner").setAttribute("hidden", "");
        return this.store(s);
    }
  }

  // a tool pressed while it is unavailable (aria-disabled): nothing is sent;
  // the notice says why, in the table's words (state.unavailable), else that
  // it is not available now. The same words again are emptied first, so a
  // screen reader speaks them again
  unavailable(el) {
    const id = el.dataset.testid;
    const key = TOOLS[id] || id;
    const said = this.state().unavailable?.[key] || `${TOOL_NAMES[id] || el.textContent.trim()} is not available now.`;
    this.toolNote = { key, text: said }; // kept while the tool stays unavailable
    const notice = this.q("notice");
    this.sayNotice(said, true, () => !notice.textContent);
  }

  // The notice region says `text`. Said `again` while it already says it,
  // it is emptied and written at the next frame, so that a screen reader
  // speaks it again, unless `still()` no longer holds by then
  sayNotice(text, again, still) {
    // its words are seen with the suits' symbols, heard with the cards named (setSaid)
    const notice = this.q("notice");
    const says = notice.textContent ? notice.dataset.text : "";
    if (again && text && says === text) {
      setSaid(notice, "");
      requestAnimationFrame(() => {
        if (still()) setSaid(notice, text);
      });
    } else if (says !== text) setSaid(notice, text);
  }

  // a button that throws away what is in play (the hand, the game) or bets
  // hundreds of points blind: the first click asks, a second one does it.
  // It stays armed until the focus leaves it or ARMED ms pass (time for a
  // screen reader to speak the question). While armed it says what the
  // second press does, `what` ("end this game"): its words "Click again:
  // end this game", its name "press again to end this game"; the live
  // region says `words`, the same with what is lost
  confirmed(el, what, words) {
    if (this.armed?.el === el && Date.now() < this.armedUntil) {
      this.disarm();
      return true;
    }
    this.disarm();
    const off = () => this.disarm();
    this.armed = { el, off, label: el.innerHTML, aria: el.getAttribute("aria-label") };
    this.armedUntil = Date.now() + ARMED;
    el.textContent = `Click again: ${what}`;
    el.setAttribute("aria-label", `press again to ${what}`);
    this.q("live").textContent = words;
    // a click that did not focus the button (Safari) leaves only the timer
    if (document.activeElement === el) el.addEventListener("blur", off);
    this.armTimer = setTimeout(off, ARMED);
    return false;
  }

  disarm() {
    const a = this.armed;
    if (!a) return;
    this.armed = null;
    this.armedUntil = 0;
    clearTimeout(this.armTimer);
    a.el.removeEventListener("blur", a.off);
    a.el.innerHTML = a.label; // its words as they were (large print's shorter ones too)
    a.el.setAttribute("aria-label", a.aria);
  }

  confirmReplay(el) {
    if (this.confirmed(el, "replay the deal", "Replay this deal: press again to throw the hand in play away and replay the deal from the start.")) {
      this.send({ type: "replay" });
    }
  }

  clickCard(code) {
    const s = this.state();
    if (s.hand?.choose) {
      const c = s.hand.choose;
      this.chooseFull = null;
      if (this.chosen.has(code)) this.chosen.delete(code);
      else if (this.chosen.size < c.max) this.chosen.add(code);
      else {
        // one card too many: said on screen (the note) and to a screen reader
        const most = c.min === c.max ? `exactly ${c.max}` : `at most ${c.max}`;
        this.chooseFull = `You ${c.verb} ${most} cards: click a chosen card to put it back.`;
        this.q("live").textContent = this.chooseFull;
      }
      this.renderActions(s); // the count and the button follow each click
      return this.renderHand(s);
    }
    this.decide({ type: "card", card: code });
  }

  onKey(ev) {
    // JupyterLab listens on the document, after the table (bubbling)
    if (!ev.ctrlKey && !ev.metaKey && !ev.altKey) ev.stopPropagation();
    // Escape closes the Options panel (from anywhere in it, a box being
    // typed in too), the focus back on its button; the review, over the
    // felt, closes first unless the focus is in the panel
    const options = this.q("options");
    if (ev.key === "Escape" && !options.hidden && (options.contains(ev.target) || this.q("review").hidden)) {
      ev.preventDefault();
      this.toggleOptions();
      this.q("options-toggle").focus();
      return;
    }
    const tag = ev.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const s = this.state();
    const card = ev.target.closest?.("[data-code]");
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[ev.key];
    if (card && (step || ev.key === "Home" || ev.key === "End")) {
      const cards = [...this.q("hand").querySelectorAll("[data-code]")];
      let i = cards.indexOf(card);
      i = ev.key === "Home" ? 0 : ev.key === "End" ? cards.length - 1 : i + step;
      i = Math.max(0, Math.min(cards.length - 1, i));
      cards.forEach((c, j) => (c.tabIndex = j === i ? 0 : -1));
      cards[i].focus();
      ev.preventDefault();
      return;
    }
    // the arrows move along the choices (the bids), as along the hand
    const choice = ev.target.closest?.(".spt-actions button");
    if (choice && (step || ev.key === "Home" || ev.key === "End")) {
      const all = [...this.root.querySelectorAll(".spt-actions button:not(:disabled)")];
      let i = all.indexOf(choice);
      i = ev.key === "Home" ? 0 : ev.key === "End" ? all.length - 1 : i + step;
      all[Math.max(0, Math.min(all.length - 1, i))]?.focus();
      ev.preventDefault();
      return;
    }
    if (card && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      return this.clickCard(card.dataset.code);
    }
    if (ev.key === "Escape" && !this.q("review").hidden) {
      ev.preventDefault(); // Escape closes the review, as a dialog's does
      this.reviewClosed = s.review?.hand ?? null;
      this.render();
      return this.refocus();
    }
    if (ev.target.tagName === "BUTTON" && (ev.key === "Enter" || ev.key === " ")) return;
    // Shift+K is not k (Caps Lock's K is): a letter with Shift is no key of
    // the table; a digit typed with Shift (AZERTY) still bids
    if (ev.shiftKey && /^[a-z]$/i.test(ev.key)) return;
    const key = ev.key.toLowerCase();
    if (ev.repeat && (key === "h" || key === "u" || key === "s" || key === "w")) return; // a held key asks once
    if (/^[0-9]$/.test(key)) {
      ev.preventDefault();
      this.digits += key;
      clearTimeout(this.digitTimer);
      const wanted = this.digits;
      const fire = () => {
        this.digits = "";
        this.decide({ type: "act", action: String(Number(wanted)) });
      };
      if (wanted === "1") this.digitTimer = setTimeout(fire, 700);
      else fire();
      return;
    }
    if (key === "w") {
      // Why?, where a hint has more to say: opened or shut, and focused
      const why = this.q("hint-why");
      if (why.hidden || this.q("hint-box").hidden) return;
      ev.preventDefault();
      this.toggleWhy(s);
      return why.focus();
    }
    const keys = { h: "hint", u: "undo", n: "nil", l: "look", k: "keep", t: "take_next", s: "step" };
    if (!(key in keys)) return;
    // l acts only while Look is offered, k and t only in a game with the
    // draw (Python's state says both): else they are quietly nothing
    const offered = (s.buttons || []).some((b) => b.action === keys[key]);
    if ((key === "l" && !offered) || ((key === "k" || key === "t") && !offered && !s.table.draw)) return;
    ev.preventDefault();
    if (key === "h") return this.send({ type: "hint" });
    if (key === "u") return this.send({ type: "undo" });
    if (key === "s") {
      // Next move, as its button: shown at Step speed only; said why when unavailable
      const next = this.q("step");
      if (next.hidden) return;
      return next.getAttribute("aria-disabled") === "true" ? this.unavailable(next) : this.send({ type: "step" });
    }
    this.act(keys[key]);
  }

  onFile(ev) {
    const file = ev.target.files && ev.target.files[0];
    ev.target.value = "";
    if (!file) return;
    if (file.size > MAX_UPLOAD) {
      this.localNotice(`Could not load ${file.name}: the file is larger than ${MAX_UPLOAD / 1000} kB, so it is not a game record.`);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => this.send({ type: "upload", name: file.name.slice(0, 80), text: String(reader.result) });
    reader.onerror = () => this.localNotice(`Could not read ${file.name}.`);
    reader.readAsText(file);
  }

  localNotice(text) {
    setSaid(this.q("notice"), text);
  }

  // ------------------------------------------------------------- drawing
  render() {
    const s = this.state();
    if (!s.table) return;
    this.busyUntil = 0;
    this.seq += 1;
    const r = this.root;
    const hadFocus = r.contains(document.activeElement);
    // a tool under the focus, usable until this state (Next move at Step speed)
    const tool = document.activeElement?.closest?.(".spt-tools [data-testid]");
    const toolWasOn = !!tool && tool.getAttribute("aria-disabled") !== "true";
    const turnCame = s.table.to_move === "you" && !this.myTurn;
    this.myTurn = s.table.to_move === "you";
    const prefs = s.prefs || {};
    r.dataset.phase = s.table.phase;
    r.dataset.hand = s.table.hand;
    r.dataset.toMove = s.table.to_move || "";
    r.dataset.seq = this.seq;
    r.classList.toggle("spt-large", !!prefs.large_print);
    if (!s.hand.choose) {
      this.chosen.clear();
      this.chooseFull = null;
    }
    const t = s.table;
    // a practice game's start comes last: a narrow bar cuts it, not the hand
    const status = this.q("status");
    status.textContent = status.title = [t.title || t.rules, `seed ${t.seed}`, s.sheet.status, s.options.start && `started from ${s.options.start}`].filter(Boolean).join(" · ");
    this.renderTimer(s);
    // a seat box no player sits at (East and West in a two-player game) is
    // emptied and hidden, whatever game it showed before
    const used = new Set(s.seats.map((seat) => seat.pos));
    for (const pos of ["top", "left", "right", "bottom"]) {
      const box = this.root.querySelector(`.spt-pos-${pos}`);
      if (used.has(pos)) box.hidden = false;
      else if (!box.hidden) {
        box.hidden = true;
        box.innerHTML = "";
        delete box.dataset.testid;
      }
    }
    for (const seat of s.seats) this.renderSeat(seat);
    this.renderTrick(s);
    this.renderStrip(s);
    this.renderActions(s);
    this.renderHand(s);
    this.renderReview(s);
    this.renderSheet(s);
    this.renderBids(s);
    this.renderViewer(s);
    this.renderLog(s);
    this.renderTools(s);
    this.renderNewGame(s);
    if (!this.q("options").hidden) this.refreshOptions(s);
    this.keepOptionInView(s);
    this.renderResume(s);
    this.keepPrefs(s);
    const toolWentOff = toolWasOn && turnCame && tool.getAttribute("aria-disabled") === "true";
    if (hadFocus && (this.focusLost() || toolWentOff)) this.refocus();
    else if (hadFocus) this.backToDraw();
  }

  // The two-player draw goes on for some 13 decisions: after each one the
  // focus, put on the hand while the other player draws (refocus), comes
  // back to the draw's buttons when they are offered again, unless the
  // learner has moved it since.
  backToDraw() {
    if (!this.drawing || this.state().table?.phase !== "draw") {
      this.drawing = null;
      return;
    }
    const active = document.activeElement;
    const parked = active === this.root || (active?.dataset?.code && active.dataset.code === this.parkedOn);
    const again = this.drawButton();
    if (parked && again) again.focus();
  }

  // the button of the draw the learner last used (Keep, Take the next
  // card), or the first of the draw's buttons; none when the draw is over
  drawButton() {
    if (!this.drawing || this.state().table?.phase !== "draw") return null;
    const acts = this.root.querySelector(".spt-actions");
    return acts.querySelector(`[data-action="${CSS.escape(this.drawing)}"]`) || acts.querySelector('[data-action]:not([data-action^="blind"])');
  }

  // the focus is out of the table, or on a control a redraw disabled or hid
  // (a bid once it is made, New game in the panel that closes): the browser
  // would drop it to the page, where the table's keys stop. An unavailable
  // tool (aria-disabled, Replay once the deal starts again) keeps it
  focusLost() {
    const el = document.activeElement;
    if (!el || !this.root.contains(el)) return true;
    if (el === this.root) return false;
    return !!el.disabled || !el.getClientRects().length;
  }

  // the control the learner used is gone (a bid, Look, Next hand, Replay,
  // New game, the review's Close): focus goes to what comes next, so the
  // keyboard and the keys h, u, l keep working. The learner's turn: the
  // first card they may play, or the prompt's choice (the hinted one, else
  // the first that is not a blind bid); between hands Next hand; the bots'
  // turn: the hand; the hand played out (the bots finish the last trick):
  // the trick, until the review takes it; else the Options button
  refocus() {
    const s = this.state();
    const hand = this.q("hand");
    const acts = this.root.querySelector(".spt-actions");
    const card = hand.querySelector('[data-code][tabindex="0"]:not(.spt-illegal)') || hand.querySelector("[data-code]:not(.spt-illegal)");
    const choice =
      acts.querySelector("button.spt-hinted:not(:disabled)") ||
      acts.querySelector('button:not([data-action^="blind"]):not(:disabled)') ||
      acts.querySelector("button:not(:disabled)");
    const cardsFirst = s.hand?.playable || s.hand?.choose;
    const trick = hand.querySelector("[data-code]") ? null : this.q("trick");
    const next = this.q("next-hand") || (cardsFirst ? card || choice : choice || card) || trick || this.q("options-toggle");
    const to = this.drawButton() || next || this.root;
    to.focus();
    this.parkedOn = to.dataset?.code;
  }

  download(msg) {
    const blob = new Blob([msg.text], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = msg.filename || "spades-game.json";
    a.dataset.testid = "download-link";
    this.root.appendChild(a);
    a.click();
    setTimeout(() => {
      URL.revokeObjectURL(url);
      a.remove();
    }, 1000);
  }
}

// the methods kept in the other parts (see the top of this file)
Object.assign(TableView.prototype, Board, Panels, Log, Options);

function render({ model, el }) {
  const view = new TableView(model, el);
  const onState = () => view.render();
  const onMsg = (msg) => {
    if (msg && msg.type === "download") view.download(msg);
    if (msg && msg.type === "log") view.receiveLog(msg);
  };
  model.on("change:state", onState);
  model.on("msg:custom", onMsg);
  return () => {
    model.off("change:state", onState);
    model.off("msg:custom", onMsg);
    clearInterval(view.timerTick);
    clearTimeout(view.holdTimer);
    view.fitter.disconnect();
  };
}

export default { render };
