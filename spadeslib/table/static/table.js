// spadeslib table: the front end of spadeslib.table.app.SpadesTable (anywidget).
//
// This module draws ONE synced JSON value, model.get("state"), built in Python
// from the learner's view (spadeslib/table/state.py), and sends back what the
// learner did. It decides no rule: every click goes to Python, where the engine
// accepts or refuses it; a refusal comes back as state.notice.
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
// "bid-blind_seven"; other actions "act-look", "act-keep", "act-take_next";
// "confirm-choice", "choose-note" (the count, or why a click chose nothing). Seats "seat-N|E|S|W" (data-turn). Trick "trick", its cards
// "trick-card-N", "drawn-card" (the two-player draw). Messages: "prompt", "notice" (the refusal), "hint-text",
// "estimate-text", "log" (role=log), "live" (aria-live announcements).
// Toolbar: "hint", "estimate", "undo", "replay", "next-hand", "game-over-new", "step", "pause",
// "speed-step|slow|normal|fast", "review-open", "save", "load", "load-file".
// Options: "options-toggle", "options", "opt-preset", "opt-mod-NAME",
// "opt-partner" (in "opt-partner-row", hidden for two players), "opt-opponents",
// "apply-levels" (the bots' levels in this game), "opt-pending-levels" (a change
// waiting for the next hand, in Python's words), "opt-seed", "opt-timer", "new-game", "opt-four-colour",
// "opt-large-print". Panels: "score-sheet", "sheet-toggle", "bid-history",
// "tricks-viewer", "trick-prev", "trick-next", "review", "review-close",
// "review-row", "resume-banner", "resume-yes", "resume-no", "timer".
// Keys (focus anywhere in the table): arrows move between cards, Enter or
// Space plays the focused card, digits bid (two digits quickly for 10-13),
// n Nil, l look, h hint, u undo. When your turn to play comes with the focus
// on a card you may not play, it moves to the first card you may; in the
// two-player draw it comes back to the draw's buttons after each draw. A
// control that goes away or is disabled under the focus (a bid, New game,
// the review's Close) hands it on (refocus), never to the page; a tool of
// the toolbar that becomes unavailable (Replay once the deal starts again)
// keeps it: it is only aria-disabled.

const MAX_UPLOAD = 1000000;
// how long a hand's end waits for the review's summary, to be said with it
const HOLD = 1500;
// the toolbar's tools that stay focusable while unavailable (aria-disabled):
// each one's key in state.controls and state.unavailable, and its name when
// the state gives no reason
const TOOLS = { hint: "hint", estimate: "estimate", undo: "undo", replay: "replay", "review-open": "review", step: "step" };
const TOOL_NAMES = { hint: "Hint", estimate: "The estimate", undo: "Undo", replay: "Replay", "review-open": "Check my play", step: "Next move" };
// how long Replay and New game wait for the second press (unless the focus leaves them)
const ARMED = 10000;
const SUITS = {
  S: { word: "spades", path: "M50 4C30 28 4 42 4 62c0 14 11 24 24 24 9 0 16-4 19-10-1 10-5 18-13 22h32c-8-4-12-12-13-22 3 6 10 10 19 10 13 0 24-10 24-24C96 42 70 28 50 4z" },
  H: { word: "hearts", path: "M50 94C20 66 3 49 3 29 3 14 15 4 28 4c10 0 18 6 22 15 4-9 12-15 22-15 13 0 25 10 25 25 0 20-17 37-47 65z" },
  D: { word: "diamonds", path: "M50 2l40 48-40 48-40-48z" },
  C: { word: "clubs", path: "M50 6a20 20 0 0 1 17 31 20 20 0 1 1-12 34c1 11 5 19 13 25H32c8-6 12-14 13-25a20 20 0 1 1-12-34A20 20 0 0 1 50 6z" },
};
const COLOURS = {
  two: { S: "#1a1a1a", C: "#1a1a1a", H: "#c0392b", D: "#c0392b", J: "#6c3483" },
  four: { S: "#1a1a1a", C: "#1e8449", H: "#c0392b", D: "#1f5fbf", J: "#6c3483" },
};
// pip centres (x, y, upside down) on a 100 x 140 card, for ranks 2-10
const L = 31, C = 50, R = 69;
const PIPS = {
  2: [[C, 30], [C, 110, 1]],
  3: [[C, 30], [C, 70], [C, 110, 1]],
  4: [[L, 30], [R, 30], [L, 110, 1], [R, 110, 1]],
  5: [[L, 30], [R, 30], [C, 70], [L, 110, 1], [R, 110, 1]],
  6: [[L, 30], [R, 30], [L, 70], [R, 70], [L, 110, 1], [R, 110, 1]],
  7: [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [L, 110, 1], [R, 110, 1]],
  8: [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [C, 90, 1], [L, 110, 1], [R, 110, 1]],
  9: [[L, 30], [R, 30], [L, 57], [R, 57], [C, 70], [L, 83, 1], [R, 83, 1], [L, 110, 1], [R, 110, 1]],
  10: [[L, 30], [R, 30], [C, 44], [L, 57], [R, 57], [L, 83, 1], [R, 83, 1], [C, 96, 1], [L, 110, 1], [R, 110, 1]],
};
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function pip(suit, x, y, size, flip, colour) {
  const s = size / 100;
  const turn = flip ? ` rotate(180 50 50)` : "";
  return `<path d="${SUITS[suit].path}" fill="${colour}" transform="translate(${x - size / 2} ${y - size / 2}) scale(${s})${turn}"/>`;
}

// One card face as SVG (viewBox 100 x 140): corner indices, pips or a large
// suit for aces and faces; jokers get a star. Drawn here, no images or fonts.
export function cardSVG(card, four, large) {
  const colour = (four ? COLOURS.four : COLOURS.two)[card.suit];
  const big = large ? 1.35 : 1;
  const parts = [];
  const index = (flip) => {
    const g = [];
    const label = card.suit === "J" ? "J" : card.rank;
    g.push(`<text x="13" y="${20 * big}" font-size="${18 * big}" font-weight="700" text-anchor="middle" fill="${colour}" font-family="${FONT}">${esc(label)}</text>`);
    if (card.suit === "J") {
      g.push(`<text x="13" y="${37 * big}" font-size="${13 * big}" text-anchor="middle" fill="${colour}" font-family="${FONT}">★</text>`);
    } else {
      g.push(pip(card.suit, 13, 30 * big, 13 * big, false, colour));
    }
    return flip ? `<g transform="rotate(180 50 70)">${g.join("")}</g>` : g.join("");
  };
  const n = Number(card.rank);
  if (card.suit === "J") {
    const word = card.rank === "BJ" ? "BIG" : "LITTLE";
    parts.push(`<text x="50" y="78" font-size="44" text-anchor="middle" fill="${colour}" font-family="${FONT}">★</text>`);
    parts.push(`<text x="50" y="104" font-size="12" font-weight="700" text-anchor="middle" fill="${colour}" font-family="${FONT}">${word} JOKER</text>`);
  } else if (n >= 2 && n <= 10 && !large) {
    for (const [x, y, flip] of PIPS[n]) parts.push(pip(card.suit, x, y, 19, flip, colour));
  } else if (card.rank === "A" || (large && n >= 2 && n <= 10)) {
    parts.push(pip(card.suit, 50, 72, large ? 46 : 40, false, colour));
    if (large && n) parts.push(`<text x="50" y="124" font-size="26" font-weight="700" text-anchor="middle" fill="${colour}" font-family="${FONT}">${n}</text>`);
  } else {
    parts.push(`<rect x="24" y="24" width="52" height="92" rx="4" fill="${colour}" fill-opacity="0.08" stroke="${colour}" stroke-width="1.2"/>`);
    parts.push(`<text x="50" y="72" font-size="40" font-weight="700" text-anchor="middle" fill="${colour}" font-family="${FONT}">${esc(card.rank)}</text>`);
    parts.push(pip(card.suit, 50, 95, 22, false, colour));
  }
  // the corner indices apart from the rest (a card that may not be played
  // now fades its pips and figure, never its indices: table.css)
  return `<svg class="spt-face" viewBox="0 0 100 140" aria-hidden="true" focusable="false"><rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#555" stroke-width="1.5"/><g class="spt-art">${parts.join("")}</g><g class="spt-index">${index(false)}${index(true)}</g></svg>`;
}

function backSVG() {
  return `<svg class="spt-face" viewBox="0 0 100 140" aria-hidden="true" focusable="false"><rect x="1" y="1" width="98" height="138" rx="8" fill="#1f3a93" stroke="#555" stroke-width="1.5"/><rect x="9" y="9" width="82" height="122" rx="5" fill="none" stroke="#c9d3f0" stroke-width="2" stroke-dasharray="4 3"/></svg>`;
}

// The offer to resume the game kept in this browser: what it was and, when
// this page deals another game (the next lesson's link), which one.
function resumeText(saved, table) {
  const what = saved.summary || `${saved.rules}, hand ${saved.hand}.`;
  if (saved.deal && table.deal && saved.deal !== table.deal) {
    return `This browser kept your last game: ${what} This page deals ${table.deal}: resume your last game instead?`;
  }
  return `This browser kept your last game: ${what} Resume it?`;
}

// The resume offer's markup: its words, then its two buttons (table.css
// puts them beside the words, or under them on a narrow table).
function resumeBanner(saved, table) {
  return `<span class="spt-resume-text">${esc(resumeText(saved, table))}</span><span class="spt-resume-buttons">${button("resume-yes", "Resume", "resume my saved game")}${button("resume-no", "No, keep this table", "do not resume; keep this table")}</span>`;
}

// a review row's points lost: the average, and the figure its rating reads
// (less the noise of the coach's deals) where Python gives it
function lostCell(r) {
  if (r.loss === null || r.loss === undefined) return "–";
  const loss = esc(Number(r.loss).toFixed(1));
  if (r.rated === null || r.rated === undefined) return loss;
  return `${loss} <span class="spt-rated">(${esc(Number(r.rated).toFixed(1))} less the noise)</span>`;
}

function button(testid, label, aria, extra = "") {
  return `<button type="button" class="spt-btn" data-testid="${testid}" aria-label="${esc(aria)}" ${extra}>${esc(label)}</button>`;
}

// the layout's widths (table.css): the side-by-side layout, and the
// narrow one with the side panel underneath
const WIDE = 760;
const NARROW = 460;

const SKELETON = `
<div class="spt-bar">
  <span class="spt-status" data-testid="status"></span>
  <span class="spt-timer" data-testid="timer" hidden></span>
</div>
<div class="spt-resume" data-testid="resume-banner" hidden></div>
<div class="spt-main">
  <div class="spt-felt" data-testid="felt">
    <div class="spt-spades" data-testid="spades-broken" hidden></div>
    <div class="spt-seat spt-pos-top"></div>
    <div class="spt-seat spt-pos-left"></div>
    <div class="spt-centre">
      <div class="spt-trick" data-testid="trick" aria-label="the trick in play" role="group"></div>
      <div class="spt-trick-note" data-testid="trick-note"></div>
    </div>
    <div class="spt-seat spt-pos-right"></div>
    <div class="spt-strip">
      <div class="spt-prompt" data-testid="prompt" role="paragraph"></div>
      <div class="spt-notice" data-testid="notice" aria-live="assertive" aria-atomic="true"></div>
      <div class="spt-hint" data-testid="hint-text"></div>
      <div class="spt-estimate" data-testid="estimate-text"></div>
    </div>
    <div class="spt-actions" role="group" aria-label="your choices"></div>
    <div class="spt-seat spt-pos-bottom"></div>
    <div class="spt-hand" data-testid="hand" role="group" aria-label="your hand"></div>
    <div class="spt-review" data-testid="review" role="dialog" aria-label="check my play" tabindex="-1" hidden></div>
  </div>
  <div class="spt-side">
    <details class="spt-sheet-box" data-testid="sheet-toggle"><summary>Score sheet</summary><div data-testid="score-sheet" class="spt-sheet"></div></details>
    <div class="spt-bids" data-testid="bid-history"></div>
    <div class="spt-viewer" data-testid="tricks-viewer"></div>
    <div class="spt-log" data-testid="log" role="log" aria-live="off" aria-label="what happened" tabindex="0"></div>
  </div>
</div>
<div class="spt-tools" role="toolbar" aria-label="table controls">
  ${button("hint", "Hint", "hint: what would the coach do?")}
  ${button("estimate", "How good is my hand?", "how good is my hand? expected tricks and a suggested bid")}
  ${button("undo", "Undo", "undo my last decision")}
  ${button("replay", "Replay this deal", "replay this deal from the start")}
  ${button("review-open", "Check my play", "check my play: review the last hand")}
  <span class="spt-speed" role="group" aria-label="bot speed">
    ${["step", "slow", "normal", "fast"].map((s) => button(`speed-${s}`, s, `bot speed ${s}`)).join("")}
  </span>
  ${button("step", "Next move", "let the next bot move")}
  ${button("pause", "Pause", "pause the bots")}
  ${button("save", "Save", "save the game: download the record")}
  ${button("load", "Load", "load a game: upload a record file")}
  <input type="file" accept=".json,application/json" data-testid="load-file" aria-label="record file to load" hidden>
  ${button("options-toggle", "Options", "options and new game", 'aria-expanded="false"')}
</div>
<div class="spt-options" data-testid="options" hidden></div>
<div class="spt-sr" data-testid="live" aria-live="polite"></div>
`;

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
    this.storageKey = `spadeslib-table:${location.pathname}:${model.get("name")}`;
    this.resumeDecided = false;
    this.bind();
    this.render();
    this.host = el;
    this.fitter = new ResizeObserver(() => this.fit());
    this.fitter.observe(el);
  }

  // narrower than the layout: the side panel goes under the table, and
  // under NARROW px the table is zoomed to the width (nothing is cut off)
  fit() {
    const w = this.host.clientWidth;
    if (!w) return;
    const narrow = w < WIDE;
    this.root.classList.toggle("spt-narrow", narrow);
    this.root.style.zoom = narrow && w < NARROW ? String(Math.max(0.5, w / NARROW)) : "";
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
    if (el.dataset.action) return this.act(el.dataset.action);
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
        return this.q("load-file").click();
      case "options-toggle":
        return this.toggleOptions();
      case "apply-levels":
        return this.applyLevels();
      case "new-game":
        if (s.table.in_play && !this.confirmed(el, "New game: press again to end the game in play; it is not kept (Save keeps it).", "end the game in play and start a new one")) return;
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
    const notice = this.q("notice");
    if (again && text && notice.textContent === text) {
      notice.textContent = "";
      requestAnimationFrame(() => {
        if (still()) notice.textContent = text;
      });
    } else if (notice.textContent !== text) notice.textContent = text;
  }

  // Check my play: the review of the last finished hand opens, even one the
  // learner closed before. A closed review is only hidden here: when the
  // state holds it, it shows again at once and Python is not asked (asking
  // again would log its summary again); otherwise Python answers with it.
  openReview() {
    this.reviewClosed = null;
    const s = this.state();
    if (s.review) return this.renderReview(s);
    this.send({ type: "review" });
  }

  // a button that throws away what is in play (the hand, the game): the
  // first click asks, a second one does it. It stays armed until the focus
  // leaves it or ARMED ms pass (time for a screen reader to speak the
  // question); while armed its name says so too ("sure? press again to ...")
  confirmed(el, words, ask) {
    if (this.armed?.el === el && Date.now() < this.armedUntil) {
      this.disarm();
      return true;
    }
    this.disarm();
    const off = () => this.disarm();
    this.armed = { el, off, label: el.textContent, aria: el.getAttribute("aria-label") };
    this.armedUntil = Date.now() + ARMED;
    el.textContent = "Sure? Click again";
    el.setAttribute("aria-label", `sure? press again to ${ask}`);
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
    a.el.textContent = a.label;
    a.el.setAttribute("aria-label", a.aria);
  }

  confirmReplay(el) {
    if (this.confirmed(el, "Replay this deal: press again to throw the hand in play away.", "throw the hand in play away and replay this deal")) {
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
    const tag = ev.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const s = this.state();
    const card = ev.target.closest?.("[data-code]");
    if (card && (ev.key === "ArrowLeft" || ev.key === "ArrowRight" || ev.key === "Home" || ev.key === "End")) {
      const cards = [...this.q("hand").querySelectorAll("[data-code]")];
      let i = cards.indexOf(card);
      i = ev.key === "Home" ? 0 : ev.key === "End" ? cards.length - 1 : i + (ev.key === "ArrowRight" ? 1 : -1);
      i = Math.max(0, Math.min(cards.length - 1, i));
      cards.forEach((c, j) => (c.tabIndex = j === i ? 0 : -1));
      cards[i].focus();
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
    const key = ev.key.toLowerCase();
    if (ev.repeat && (key === "h" || key === "u")) return; // a held key asks once
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
    const keys = { h: "hint", u: "undo", n: "nil", l: "look", k: "keep", t: "take_next" };
    if (!(key in keys)) return;
    ev.preventDefault();
    if (key === "h") return this.send({ type: "hint" });
    if (key === "u") return this.send({ type: "undo" });
    this.act(keys[key]);
    void s;
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
    this.q("notice").textContent = text;
  }

  markEdited(el) {
    const id = el?.dataset?.testid;
    // the display prefs go to Python at once and come back in the state
    if (id && id !== "opt-four-colour" && id !== "opt-large-print") el.dataset.edited = "true";
  }

  onOption(ev) {
    this.markEdited(ev.target);
    const id = ev.target.dataset.testid;
    if (id === "opt-four-colour") this.send({ type: "prefs", four_colour: ev.target.checked });
    if (id === "opt-large-print") this.send({ type: "prefs", large_print: ev.target.checked });
    if (id === "opt-preset") this.renderRulesWords();
    if (id === "opt-preset" || ev.target.dataset.mod) this.greyConflicts();
  }

  // A variant that cannot go with the chosen rule set or another chosen
  // variant is greyed out, with the library's reason (state.options.conflicts);
  // a chosen one stays free to untick.
  greyConflicts() {
    const o = this.state().options;
    const panel = this.q("options");
    const preset = panel.querySelector('[data-testid="opt-preset"]')?.value;
    const boxes = [...panel.querySelectorAll("[data-mod]")];
    const chosen = new Set(boxes.filter((b) => b.checked).map((b) => b.dataset.mod));
    if (preset) chosen.add(preset);
    for (const box of boxes) {
      const m = box.dataset.mod;
      const hit = (o.conflicts || []).find((c) => (c.a === m && chosen.has(c.b)) || (c.b === m && chosen.has(c.a)));
      const off = !!hit && !box.checked;
      box.disabled = off;
      const label = box.closest("label");
      label.classList.toggle("spt-mod-off", off);
      const note = label.querySelector(".spt-mod-why");
      const why = off ? ` (not with ${hit.a === m ? hit.b : hit.a}: ${hit.why})` : "";
      if (note.textContent !== why) note.textContent = why;
    }
  }

  toggleOptions() {
    const panel = this.q("options");
    const open = panel.hidden;
    panel.hidden = !open;
    this.q("options-toggle").setAttribute("aria-expanded", String(open));
    if (open) this.renderOptions(this.state());
  }

  newGame() {
    const p = this.q("options");
    const mods = [...p.querySelectorAll("[data-mod]")].filter((b) => b.checked).map((b) => b.dataset.mod);
    this.newGameAsked = this.state().table.game; // the panel closes when it starts
    this.send({
      type: "new_game",
      preset: p.querySelector('[data-testid="opt-preset"]').value,
      modifiers: mods,
      seed: p.querySelector('[data-testid="opt-seed"]').value.trim(),
      timer: p.querySelector('[data-testid="opt-timer"]').value.trim(),
      partner: p.querySelector('[data-testid="opt-partner-row"]')?.hidden ? "" : p.querySelector('[data-testid="opt-partner"]')?.value || "",
      opponents: p.querySelector('[data-testid="opt-opponents"]').value,
    });
  }

  // the levels chosen in the panel, for the game in play (Python decides
  // whether the game has a partner, from which hand they apply, and refuses
  // what it must)
  applyLevels() {
    const p = this.q("options");
    this.send({
      type: "levels",
      partner: p.querySelector('[data-testid="opt-partner"]').value,
      opponents: p.querySelector('[data-testid="opt-opponents"]').value,
    });
  }

  // ------------------------------------------------------- the browser's copy
  stored() {
    try {
      return JSON.parse(localStorage.getItem(this.storageKey) || "null");
    } catch (e) {
      return null;
    }
  }

  store(s) {
    if (!s.resume) return;
    try {
      localStorage.setItem(this.storageKey, JSON.stringify({ token: s.resume, rules: s.table.rules, hand: s.table.hand, summary: s.table.summary, deal: s.table.deal, speed: s.options?.speed }));
    } catch (e) {
      /* storage full or disabled: the game simply is not kept */
    }
  }

  renderResume(s) {
    if (this.resumeDecided) return this.store(s);
    const saved = this.stored();
    const moves = (t) => (t?.hands || []).reduce((n, h) => n + h.length, 0);
    const same = saved && JSON.stringify(saved.token) === JSON.stringify(s.resume);
    if (!saved || same || moves(saved.token) === 0) {
      this.resumeDecided = true;
      return this.store(s);
    }
    const banner = this.q("resume-banner");
    const shown = !banner.hidden;
    banner.innerHTML = resumeBanner(saved, s.table);
    banner.hidden = false;
    // a screen reader hears the offer when it appears
    if (!shown) this.q("live").textContent = resumeText(saved, s.table);
  }

  // ------------------------------------------------------------- drawing
  render() {
    const s = this.state();
    if (!s.table) return;
    this.busyUntil = 0;
    this.seq += 1;
    const r = this.root;
    const hadFocus = r.contains(document.activeElement);
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
    this.q("status").textContent = `${t.title || t.rules} · seed ${t.seed} · ${s.sheet.status}`;
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
    this.renderResume(s);
    this.keepPrefs(s);
    if (hadFocus && this.focusLost()) this.refocus();
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
  // turn: the hand; else the Options button
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
    const next = this.q("next-hand") || (cardsFirst ? card || choice : choice || card) || this.q("options-toggle");
    const to = this.drawButton() || next || this.root;
    to.focus();
    this.parkedOn = to.dataset?.code;
  }

  // the display settings (four colours, large print) belong to the browser:
  // kept in it, and given back to a table opened again
  keepPrefs(s) {
    const key = `${this.storageKey}:prefs`;
    const now = { four_colour: !!s.prefs?.four_colour, large_print: !!s.prefs?.large_print };
    if (!this.prefsRestored) {
      this.prefsRestored = true;
      let kept = null;
      try {
        kept = JSON.parse(localStorage.getItem(key) || "null");
      } catch (e) {
        kept = null;
      }
      if (kept && (kept.four_colour !== now.four_colour || kept.large_print !== now.large_print)) {
        return this.send({ type: "prefs", four_colour: !!kept.four_colour, large_print: !!kept.large_print });
      }
    }
    try {
      localStorage.setItem(key, JSON.stringify(now));
    } catch (e) {
      /* storage full or disabled: the settings simply are not kept */
    }
  }

  // after New game: the panel closes once the game starts; a refused choice
  // keeps it open, the reason shown in it, so the learner can change it
  renderNewGame(s) {
    if (this.newGameAsked === undefined || this.newGameAsked === null) return;
    const panel = this.q("options");
    if (s.table.game !== this.newGameAsked) {
      this.newGameAsked = null;
      panel.hidden = true;
      this.q("options-toggle").setAttribute("aria-expanded", "false");
      return;
    }
    const note = panel.querySelector('[data-testid="opt-notice"]');
    if (note && s.notice) note.textContent = s.notice;
  }

  renderTimer(s) {
    const el = this.q("timer");
    clearInterval(this.timerTick);
    if (!s.timer) {
      el.hidden = true;
      return;
    }
    const end = Date.now() + s.timer.left * 1000;
    const tick = () => {
      const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      el.textContent = `Time left: ${left} s`;
      el.classList.toggle("spt-urgent", left <= 5);
    };
    el.hidden = false;
    tick();
    this.timerTick = setInterval(tick, 250);
  }

  renderSeat(seat) {
    const box = this.root.querySelector(`.spt-pos-${seat.pos}`);
    box.dataset.testid = `seat-${seat.seat}`;
    box.dataset.turn = String(seat.turn);
    box.setAttribute("role", "group"); // a label on a role-less div is dropped
    box.classList.toggle("spt-turn", seat.turn);
    const level = seat.role === "you" ? "" : ` · ${seat.level} bot`;
    const turn = seat.turn ? `<span class="spt-turn-mark">▶ ${esc(seat.role === "you" ? "your turn" : seat.verb)}</span>` : "";
    const bid = seat.bid === null ? "–" : esc(seat.bid);
    box.setAttribute("aria-label", `${seat.title}${level}: bid ${seat.bid ?? "not yet"}, ${seat.tricks} tricks won, ${seat.cards} cards left${seat.turn ? ", to move" : ""}`);
    // the top seat has two lines of room (above the trick): its turn marker
    // goes on the facts line; the side seats have room for a third line;
    // a narrow plate wraps between "bid 3", "· won 0", "· cards 13" and
    // "· rule bot", never inside one (spt-fact)
    const inline = seat.pos === "top" ? ` ${turn}` : "";
    box.innerHTML = `<div class="spt-seat-name">${esc(seat.title)}${seat.dealer ? ' <span class="spt-dealer" title="dealer">D</span>' : ""}<span class="spt-level">${seat.role === "you" ? "" : ` <span class="spt-fact">· ${esc(seat.level)} bot</span>`}</span></div>
      <div class="spt-seat-facts"><span class="spt-fact">bid <b>${bid}</b></span> <span class="spt-fact">· won <b>${seat.tricks}</b></span> <span class="spt-fact">· cards ${seat.cards}</span>${inline}</div>${inline ? "" : turn}`;
  }

  renderTrick(s) {
    const four = !!s.prefs?.four_colour;
    const el = this.q("trick");
    const slots = { top: "", left: "", right: "", bottom: "" };
    for (const p of s.trick.current) {
      slots[p.pos] = `<div class="spt-played" data-testid="trick-card-${p.seat}" role="img" aria-label="${esc(p.who)}: ${esc(p.card.name)}">${cardSVG(p.card, four, false)}<span class="spt-who">${esc(p.who)}</span></div>`;
    }
    if (s.trick.drawn) {
      // the two-player draw: the top card of the stock, face up, in the middle
      slots.bottom = `<div class="spt-played" data-testid="drawn-card" role="img" aria-label="top of the stock: ${esc(s.trick.drawn.name)}">${cardSVG(s.trick.drawn, four, false)}<span class="spt-who">top card</span></div>`;
    }
    el.innerHTML = Object.entries(slots).map(([pos, html]) => `<div class="spt-slot spt-slot-${pos}">${html}</div>`).join("");
    // one line (ellipsis, the whole text in its title); whether spades are
    // broken is a badge in the felt's corner, so the note never wraps onto
    // the prompt below it
    const note = this.q("trick-note");
    note.textContent = s.trick.note || "";
    note.title = s.trick.note || "";
    const broken = s.trick.spades_broken;
    const badge = this.q("spades-broken");
    badge.hidden = broken === null || broken === undefined;
    badge.textContent = broken ? "♠ spades broken" : "♠ spades not broken";
    badge.classList.toggle("spt-broken", !!broken);
  }

  renderStrip(s) {
    this.q("prompt").textContent = s.prompt;
    // the refusal's region stays in the page, empty when there is none
    // (a region shown only when its words come is often not spoken)
    // a refusal from Python, else why a tool pressed is unavailable, kept
    // until the tool can be used (or a refusal comes); the same refusal
    // again (a new notice_id) is said again
    if (this.toolNote && (s.notice || !(this.toolNote.key in (s.unavailable || {})))) this.toolNote = null;
    const said = s.notice || this.toolNote?.text || "";
    this.sayNotice(said, !!s.notice && s.notice_id !== this.noticeId, () => this.state().notice === said);
    this.noticeId = s.notice_id;
    const hint = this.q("hint-text");
    hint.textContent = s.hint ? `Hint: ${s.hint.label}. ${s.hint.text}` : "";
    hint.hidden = !s.hint;
    const est = this.q("estimate-text");
    est.textContent = s.estimate ? s.estimate.text : "";
    est.hidden = !s.estimate;
  }

  renderActions(s) {
    const el = this.root.querySelector(".spt-actions");
    const hinted = s.hint?.action;
    const parts = s.buttons.map((b) => {
      const id = b.action === "look" || b.action === "keep" || b.action === "take_next" ? `act-${b.action}` : `bid-${b.action}`;
      const cls = b.action === hinted ? " spt-hinted" : "";
      return `<button type="button" class="spt-btn spt-bid${cls}" data-testid="${id}" data-action="${esc(b.action)}" aria-label="${esc(b.aria)}"${b.key ? ` aria-keyshortcuts="${esc(b.key)}"` : ""}>${esc(b.label)}</button>`;
    });
    if (s.hand.choose) {
      const c = s.hand.choose;
      const n = this.chosen.size;
      const ok = n >= c.min && n <= c.max;
      const need = c.min === c.max ? `${c.min}` : `up to ${c.max}`;
      const note = this.chooseFull ? `<span class="spt-choose-note spt-choose-full" data-testid="choose-note">${esc(this.chooseFull)}</span>` : `<span class="spt-choose-note" data-testid="choose-note">Choose ${need} cards to ${esc(c.verb)} (${n} chosen)</span>`;
      parts.push(note);
      parts.push(`<button type="button" class="spt-btn spt-primary" data-testid="confirm-choice" aria-label="${esc(c.verb)} the ${n} chosen cards" data-ready="${ok}"${ok ? "" : " disabled"}>${esc(c.label)} ${n}</button>`);
    }
    if (s.controls.next_hand) parts.push(button("next-hand", "Next hand", "deal the next hand").replace("spt-btn", "spt-btn spt-primary"));
    if (s.controls.new_game) parts.push(button("game-over-new", "New game…", "choose the rules and start a new game").replace("spt-btn", "spt-btn spt-primary"));
    el.innerHTML = parts.join("");
  }

  renderHand(s) {
    const el = this.q("hand");
    const focused = this.root.querySelector(":focus")?.dataset?.code;
    const four = !!s.prefs?.four_colour;
    const large = !!s.prefs?.large_print;
    const hinted = s.hint?.action;
    // the fan's width follows the number of cards and of suit gaps (table.css):
    // both are set at every draw, face down too (a count left from the last
    // hand, 0 cards, once spread 13 backs past both edges of the felt)
    if (s.hand.hidden) {
      this.playable = false;
      const n = s.hand.hidden_count;
      el.style.setProperty("--n", n);
      el.style.setProperty("--gaps", 0);
      this.handShape = null;
      el.innerHTML = Array.from({ length: n }, (_, i) => `<div class="spt-card spt-back" style="--i:${i};--n:${n}">${backSVG()}</div>`).join("") + `<div class="spt-hidden-note">${n ? `Your ${n} cards are face down: you have not looked yet.` : "You have no cards yet."}</div>`;
      return;
    }
    const cards = s.hand.cards;
    const n = cards.length;
    el.style.setProperty("--n", n);
    el.style.setProperty("--gaps", cards.filter((c, i) => i > 0 && cards[i - 1].suit !== c.suit).length);
    // each card's looks and words: a card that may not be played now is
    // dimmed and its name says so (the reason is its description and title)
    const facts = cards.map((c, i) => {
      const chosen = this.chosen.has(c.code);
      const dim = s.hand.playable && !c.legal;
      return {
        cls: ["spt-card", dim ? "spt-illegal" : "", chosen ? "spt-chosen" : "", c.code === hinted ? "spt-hinted" : "", i > 0 && cards[i - 1].suit !== c.suit ? "spt-suit-start" : ""].join(" "),
        legal: String(c.legal),
        name: dim ? `${c.name}, not playable now` : c.name,
        why: c.why || null,
        title: c.why ? `${c.name}: ${c.why}` : null,
        pressed: s.hand.choose ? String(chosen) : null,
      };
    });
    // The same cards as at the last draw (a bot has moved): the buttons stay
    // and change only what changed, so the focused card is not announced
    // again at every bot move; a new hand of cards is drawn anew
    const shape = JSON.stringify([cards.map((c) => c.code), four, large]);
    let buttons = [...el.querySelectorAll("[data-code]")];
    const same = shape === this.handShape && buttons.length === n;
    this.handShape = shape;
    if (same) {
      const put = (b, name, value) => {
        if (value === null) b.removeAttribute(name);
        else if (b.getAttribute(name) !== value) b.setAttribute(name, value);
      };
      buttons.forEach((b, i) => {
        const f = facts[i];
        if (b.className !== f.cls) b.className = f.cls;
        put(b, "data-legal", f.legal);
        put(b, "aria-label", f.name);
        put(b, "aria-description", f.why);
        put(b, "title", f.title);
        put(b, "aria-pressed", f.pressed);
      });
    } else {
      const attr = (name, value) => (value === null ? "" : ` ${name}="${esc(value)}"`);
      el.innerHTML = cards
        .map((c, i) => {
          const f = facts[i];
          return `<button type="button" class="${f.cls}" style="--i:${i}" data-testid="card-${esc(c.code)}" data-code="${esc(c.code)}" data-legal="${f.legal}" aria-label="${esc(f.name)}"${attr("aria-description", f.why)}${attr("aria-pressed", f.pressed)}${attr("title", f.title)} tabindex="-1">${cardSVG(c, four, large)}</button>`;
        })
        .join("");
      buttons = [...el.querySelectorAll("[data-code]")];
    }
    const legal = (b) => b.dataset.legal === "true";
    // the card that keeps the keyboard: the focused one, else the one that had it
    let keep = buttons.find((b) => b.dataset.code === focused) || (same ? buttons.find((b) => b.tabIndex === 0) : undefined);
    // when your turn to play comes, the keyboard moves off a card you may not play
    const turnCame = s.hand.playable && !this.playable;
    this.playable = !!s.hand.playable;
    if (keep && turnCame && !legal(keep)) keep = undefined;
    keep = keep || buttons.find(legal) || buttons[0];
    for (const b of buttons) {
      const tab = b === keep ? 0 : -1;
      if (b.tabIndex !== tab) b.tabIndex = tab;
    }
    // the focus moves only when its card is gone or may not be played now
    if (keep && focused && document.activeElement !== keep) keep.focus();
  }

  renderReview(s) {
    const el = this.q("review");
    const rv = s.review;
    if (!rv || this.reviewClosed === rv.hand) {
      el.hidden = true;
      if (!rv) this.reviewClosed = null;
      return;
    }
    // a dialog that opens takes the focus (Escape or Close gives it back),
    // unless the learner is typing in the Options panel
    const opening = el.hidden && !this.q("options").contains(document.activeElement);
    el.hidden = false;
    if (opening) queueMicrotask(() => el.focus());
    const head = `<div class="spt-review-head"><b>Check my play · hand ${esc(rv.hand)}</b>${button("review-close", "Close", "close the review")}</div>${rv.result ? `<p class="spt-review-result" data-testid="review-result">${esc(rv.result)}</p>` : ""}`;
    if (rv.state === "pending") {
      el.innerHTML = `${head}<p>The coach is checking your decisions…</p>`;
      return;
    }
    const counts = Object.entries(rv.counts || {}).map(([k, v]) => `<span class="spt-chip spt-r-${esc(k)}">${esc(k)}: ${v}</span>`).join(" ");
    const rows = rv.rows
      .map((r) => `<tr data-testid="review-row" class="spt-r-${esc(r.rating)}"><td>${esc(r.when)}</td><td data-label="you">${esc(r.yours)}</td><td data-label="best">${esc(r.best)}</td><td data-label="lost">${lostCell(r)}</td><td>${esc(r.rating)}</td><td class="spt-review-text">${esc(r.text)}</td></tr>`)
      .join("");
    el.innerHTML = `${head}
      <p class="spt-review-summary">${esc(rv.summary)}</p><div class="spt-chips">${counts}</div>
      <div class="spt-review-table"><table><thead><tr><th>when</th><th>you</th><th>best</th><th>points lost</th><th>rating</th><th>why</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  }

  renderSheet(s) {
    const box = this.q("sheet-toggle");
    const open = s.prefs?.sheet_open !== false;
    if (box.open !== open) box.open = open;
    const sides = s.sheet.sides;
    const head = sides.map((d) => `<th>${esc(d.name)}</th>`).join("");
    const rows = s.sheet.rows
      .map((row) => {
        const cells = sides
          .map((d) => {
            const c = row.sides[d.id];
            const pts = `${c.points > 0 ? "+" : ""}${c.points}`;
            return `<td><span class="${c.points < 0 ? "spt-neg" : ""}">${pts}</span> → <b>${c.total}</b><br><small>bid ${esc(c.bids)}, ${esc(c.tricks)}, ${esc(c.bags)}${c.penalty ? ", bag penalty" : ""}</small></td>`;
          })
          .join("");
        return `<tr><td>${row.hand}</td>${cells}</tr>`;
      })
      .join("");
    const totals = sides.map((d) => `<td><b>${s.sheet.scores[d.id]}</b><br><small>${esc(s.sheet.bags[d.id])}</small></td>`).join("");
    const rules = s.sheet.rules.map((line) => `<li>${esc(line)}</li>`).join("");
    const grew = this.sheetRows !== s.sheet.rows.length;
    this.sheetRows = s.sheet.rows.length;
    this.q("score-sheet").innerHTML = `<table><thead><tr><th>hand</th>${head}</tr></thead><tbody>${rows}<tr class="spt-total"><td>now</td>${totals}</tr></tbody></table>
      <p class="spt-sheet-status">${esc(s.sheet.status)}</p><details><summary>Rules of this table</summary><ul>${rules}</ul></details>`;
    // a finished hand: the newest row, the totals and the status in view
    if (grew) box.scrollTop = box.scrollHeight;
  }

  renderBids(s) {
    const bids = s.bids.map((b) => `<span class="spt-bid-item">${esc(b.who)} <b>${esc(b.bid)}</b></span>`).join(" · ");
    this.q("bid-history").innerHTML = `<b>Bids</b> (in bidding order): ${bids || "none yet"}`;
  }

  renderViewer(s) {
    const el = this.q("tricks-viewer");
    const done = s.trick.done;
    if (!done.length) {
      this.trickShown = null;
      el.innerHTML = `<b>Tricks this hand</b>: none finished yet`;
      return;
    }
    if (this.trickShown === null || this.trickShown >= done.length || this.lastDone !== done.length) this.trickShown = done.length - 1;
    this.lastDone = done.length;
    const t = done[this.trickShown];
    const four = !!s.prefs?.four_colour;
    const cards = t.plays
      .map((p) => `<div class="spt-mini${p.seat === t.winner ? " spt-won" : ""}" role="img" aria-label="${esc(p.who)}: ${esc(p.card.name)}${p.seat === t.winner ? ", won the trick" : ""}">${cardSVG(p.card, four, false)}<span>${esc(p.who)}</span></div>`)
      .join("");
    const last = this.trickShown === done.length - 1 ? " (last)" : "";
    el.innerHTML = `<div class="spt-viewer-head"><span><b>Trick ${t.n}/${done.length}${last}</b>: ${esc(t.winner_name)} won</span>
      ${button("trick-prev", "◀", "previous trick", this.trickShown === 0 ? "disabled" : "")}${button("trick-next", "▶", "next trick", last ? "disabled" : "")}</div><div class="spt-minis">${cards}</div>`;
  }

  // the game's log: the lines of every state (its last ones) and those the
  // table sent when asked, by number; lines of an earlier game are dropped.
  // Older lines the page lacks (opened or reloaded mid-game, or more lines
  // than a state carries written at once) are asked for, one request at a time.
  logEntries(s) {
    const from = s.log_from ?? 0;
    for (const n of this.logLines.keys()) if (n < from) this.logLines.delete(n);
    for (const e of s.log) this.logLines.set(e.n, e.text);
    const first = s.log.length ? s.log[0].n : from;
    let missing = false;
    for (let n = from; n < first && !missing; n++) missing = !this.logLines.has(n);
    if (missing && !this.logAsked) {
      this.logAsked = true;
      this.send({ type: "log" });
    }
    return [...this.logLines].sort((a, b) => a[0] - b[0]).map(([n, text]) => ({ n, text }));
  }

  receiveLog(msg) {
    this.logAsked = false;
    for (const e of msg.lines || []) this.logLines.set(e.n, e.text);
    const s = this.state();
    if (s.table) this.renderLog(s);
  }

  renderLog(s) {
    const el = this.q("log");
    const log = this.logEntries(s);
    // the lines shown stay; new ones are added under them (the log is read
    // at will: the live region, not the log, speaks what happened)
    const shown = this.logShown || [];
    const kept = shown.length <= log.length && shown.every((e, i) => e.n === log[i].n && e.text === log[i].text) && el.children.length === shown.length;
    if (!kept) el.innerHTML = "";
    el.insertAdjacentHTML("beforeend", log.slice(kept ? shown.length : 0).map((e) => `<div>${esc(e.text)}</div>`).join(""));
    this.logShown = log;
    // show the newest lines; when they do not all fit, the first of them
    // (a game loaded or resumed brings its whole story: then the newest)
    const fresh = log.filter((e) => e.n > this.announced);
    const first = this.announced >= 0 && fresh.length <= 8 ? log.findIndex((e) => e.n > this.announced) : -1;
    const bottom = el.scrollHeight - el.clientHeight;
    const node = first >= 0 ? el.children[first] : null;
    el.scrollTop = node ? Math.min(bottom, node.offsetTop - el.children[0].offsetTop) : bottom;
    // a screen reader hears what happened and, when it comes, that it is
    // the learner's turn (the prompt)
    const mine = s.table.to_move === "you";
    const turn = mine && !this.wasMine && s.prompt ? s.prompt : null;
    this.announce(s, this.announced >= 0 ? fresh : [], turn);
    this.wasMine = mine;
    if (log.length) this.announced = Math.max(this.announced, log[log.length - 1].n);
  }

  // The live region, one write a state: the last lines of what happened,
  // then the learner's turn. A hand's end is one announcement: the last
  // trick, the score (the review's result), the review's summary, what
  // comes next. The review is checked after the score is logged (some 50 ms
  // later): until it comes, HOLD ms at most, the hand's end waits for it.
  announce(s, news, turn) {
    const rv = s.review;
    const held = this.held;
    const lines = (held?.lines || []).concat(news);
    turn = turn || held?.turn || null;
    // a hand's end is said once: the same hand ended again (after Undo or
    // Replay) is a new end, with new lines of the log
    const first = rv?.result ? lines.find((e) => rv.result.includes(e.text)) : null;
    const end = first && `${s.table.game}:${rv.hand}:${first.n}`;
    const scored = !!end && this.endSaid !== end;
    if (scored && rv.state === "pending") {
      if (!held) this.holdTimer = setTimeout(() => this.flushHeld(), HOLD);
      this.held = { lines, turn, end, result: rv.result };
      return;
    }
    clearTimeout(this.holdTimer);
    this.held = null;
    let said;
    if (scored) {
      this.endSaid = end;
      said = this.endLines(lines, rv.result, rv.state === "ready" ? rv.summary : null);
    } else if (held) {
      // the review went away unsaid (a new hand, a new game): the score first
      this.endSaid = held.end;
      said = this.endLines(held.lines, held.result, null).concat(news.slice(-4).map((e) => e.text));
    } else said = lines.slice(-4).map((e) => e.text);
    if (turn) said.push(turn);
    if (said.length) this.q("live").textContent = said.join(" ");
  }

  // the review did not come in time: the hand's end is said without it
  flushHeld() {
    const held = this.held;
    if (!held) return;
    this.held = null;
    this.endSaid = held.end;
    const said = this.endLines(held.lines, held.result, null);
    if (held.turn) said.push(held.turn);
    this.q("live").textContent = said.join(" ");
  }

  // a hand's end in words: the last two lines before the score, the score
  // as one text, the review's summary (where it is in the log), the lines after
  endLines(lines, result, summary) {
    const texts = lines.map((e) => e.text).filter((text) => text !== summary);
    const score = texts.map((text) => result.includes(text));
    const first = score.indexOf(true);
    const last = score.lastIndexOf(true);
    return [...texts.slice(Math.max(0, first - 2), first), result, ...(summary ? [summary] : []), ...texts.slice(last + 1)];
  }

  // A tool that cannot be used now (Hint, the estimate, Undo, Replay, Check
  // my play, Next move) stays in the Tab order, marked aria-disabled, never
  // disabled: a screen reader finds it and hears that it is unavailable;
  // pressed, it sends nothing and the notice says why (unavailable)
  renderTools(s) {
    const c = s.controls;
    const set = (id, on, show = true) => {
      const b = this.q(id);
      if (!b) return;
      b.hidden = !show;
      if (on) b.removeAttribute("aria-disabled");
      else b.setAttribute("aria-disabled", "true");
      if (!on && this.armed?.el === b) this.disarm(); // an unavailable button asks nothing
    };
    for (const [id, key] of Object.entries(TOOLS)) set(id, c[key], id !== "step" || s.options.speed === "step");
    for (const sp of s.options.speeds) {
      const b = this.q(`speed-${sp}`);
      if (b) b.setAttribute("aria-pressed", String(sp === s.options.speed));
    }
    const pause = this.q("pause");
    pause.textContent = s.options.paused ? "Play on" : "Pause";
    pause.setAttribute("aria-label", s.options.paused ? "play on: let the bots move" : "pause the bots");
    pause.setAttribute("aria-pressed", String(!!s.options.paused));
  }

  // What the options panel is built from: a redraw rebuilds it only when
  // this changes (another rule set's variants, two or four players).
  optionsShape(s) {
    const o = s.options;
    return JSON.stringify([o.presets.map((p) => p.id), o.modifiers.map((m) => m.id), o.levels, s.table.players]);
  }

  // A redraw while the panel is open: the state is the truth for every
  // control the learner has not touched; a touched one (a seed being typed,
  // a rule set chosen but not yet sent) keeps the learner's value.
  refreshOptions(s) {
    const panel = this.q("options");
    const edited = new Map([...panel.querySelectorAll('[data-edited="true"]')].map((el) => [el.dataset.testid, el.type === "checkbox" ? el.checked : el.value]));
    const focused = document.activeElement && panel.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    if (this.optionsShapeSeen !== this.optionsShape(s)) {
      this.renderOptions(s);
      for (const [id, value] of edited) {
        const el = panel.querySelector(`[data-testid="${id}"]`);
        if (!el) continue;
        if (el.type === "checkbox") el.checked = value;
        else el.value = value;
        el.dataset.edited = "true";
      }
      if (focused) panel.querySelector(`[data-testid="${focused}"]`)?.focus();
      this.renderRulesWords();
      this.greyConflicts();
      return;
    }
    const o = s.options;
    const set = (id, value) => {
      const el = panel.querySelector(`[data-testid="${id}"]`);
      if (!el || el.dataset.edited === "true" || id === focused) return;
      if (el.type === "checkbox") el.checked = !!value;
      else if (el.value !== value) el.value = value;
    };
    set("opt-preset", o.preset);
    for (const m of o.modifiers) set(`opt-mod-${m.id}`, m.on);
    set("opt-partner", o.partner);
    set("opt-opponents", o.opponents);
    this.renderPendingLevels(o);
    set("opt-timer", String(o.timer ?? ""));
    set("opt-four-colour", s.prefs?.four_colour);
    set("opt-large-print", s.prefs?.large_print);
    this.renderRulesWords();
    this.greyConflicts();
  }

  renderOptions(s) {
    const o = s.options;
    const panel = this.q("options");
    this.optionsShapeSeen = this.optionsShape(s);
    const label = (l) => (o.level_labels && o.level_labels[l]) || l;
    const levels = (sel) => o.levels.map((l) => `<option value="${esc(l)}"${l === sel ? " selected" : ""}>${esc(label(l))}</option>`).join("");
    const presets = o.presets.map((p) => `<option value="${esc(p.id)}"${p.id === o.preset ? " selected" : ""}>${esc(p.title)}</option>`).join("");
    const mods = o.modifiers
      .map((m) => `<label class="spt-mod"><input type="checkbox" data-testid="opt-mod-${esc(m.id)}" data-mod="${esc(m.id)}" aria-label="${esc(m.title)}: ${esc(m.words)}"${m.on ? " checked" : ""}> <b>${esc(m.title)}</b>: ${esc(m.words)}<span class="spt-mod-why" data-testid="opt-mod-why-${esc(m.id)}"></span></label>`)
      .join("");
    // shown only for a rule set with partners (the one chosen in the panel)
    const partner = `<label data-testid="opt-partner-row">Partner <select data-testid="opt-partner" aria-label="partner's level">${levels(o.partner || o.opponents)}</select></label>`;
    panel.innerHTML = `<div class="spt-opt-grid">
      <label>Rule set <select data-testid="opt-preset" aria-label="rule set">${presets}</select></label>
      <p class="spt-preset-words" data-testid="opt-preset-words"></p>
      <fieldset><legend>Variants</legend>${mods}</fieldset>
      ${o.house_rules ? `<p class="spt-house-rules" data-testid="opt-house-rules">${esc(o.house_rules)} New game keeps them.</p>` : ""}
      ${partner}
      <label>Opponents <select data-testid="opt-opponents" aria-label="opponents' level">${levels(o.opponents)}</select></label>
      ${button("apply-levels", "Change the bots' levels", "change the bots' levels in this game to the ones chosen above: from this hand if nobody has moved yet, else from the next hand")}
      <p class="spt-pending-levels" data-testid="opt-pending-levels"></p>
      <label>Seed <input type="text" inputmode="numeric" maxlength="40" data-testid="opt-seed" aria-label="seed for the new game (empty for a fresh deal)" placeholder="empty: a fresh deal"></label>
      <label>Move timer <input type="text" inputmode="decimal" maxlength="6" size="6" data-testid="opt-timer" aria-label="seconds for each of your decisions; when they run out, face-down cards are turned up, or the rule bot's move is played for you (empty for none)" placeholder="none" value="${esc(String(o.timer ?? ""))}"> seconds a decision (empty: no timer)</label>
      ${button("new-game", "New game", "start a new game with these options").replace("spt-btn", "spt-btn spt-primary")}
      <p class="spt-notice" data-testid="opt-notice" role="alert"></p>
      <label><input type="checkbox" data-testid="opt-four-colour" aria-label="four-colour deck"${s.prefs?.four_colour ? " checked" : ""}> Four-colour deck (clubs green, diamonds blue)</label>
      <label><input type="checkbox" data-testid="opt-large-print" aria-label="large print cards"${s.prefs?.large_print ? " checked" : ""}> Large print</label>
    </div>`;
    this.renderPendingLevels(o);
    this.renderRulesWords();
    this.greyConflicts();
  }

  renderPendingLevels(o) {
    const line = this.q("options").querySelector('[data-testid="opt-pending-levels"]');
    if (!line) return;
    if (line.textContent !== (o.pending_levels || "")) line.textContent = o.pending_levels || "";
    line.hidden = !o.pending_levels;
  }

  renderRulesWords() {
    const o = this.state().options;
    const panel = this.q("options");
    const sel = panel.querySelector('[data-testid="opt-preset"]');
    const words = panel.querySelector('[data-testid="opt-preset-words"]');
    if (!sel || !words) return;
    const p = o.presets.find((x) => x.id === sel.value);
    words.textContent = p ? p.words : "";
    // two players have no partner: the partner's level is hidden (and not sent)
    const row = panel.querySelector('[data-testid="opt-partner-row"]');
    const players = p?.players ?? this.state().table.players;
    if (row) row.hidden = players !== 4;
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
