// spadeslib table, board.js: what each state redraws on the table: the
// move timer, the seats, the trick, the prompt and notice, your choices,
// your hand and the toolbar. Methods of TableView (table.js mixes them in).

// The blind nil exchange (classic, YPPedia): the cards the learner
// received from the partner and those it passed, by code, from the state's
// hand.passed and hand.received, and the words that mark them
function swapped(s) {
  const codes = (list) => new Set((list || []).map((c) => c.code));
  return { got: codes(s.hand?.received), gave: codes(s.hand?.passed) };
}
const RECEIVED = "received from your partner";
// the hint's analysis boxes numbered, one per table on the page (the id
// Why?'s aria-controls names)
let hintBoxes = 0;
const PASSED = "passed by you to your partner";

// a played card's words and class: the learner's card it received, or the
// partner's card that the learner passed it
function swapMark(s, p) {
  const { got, gave } = swapped(s);
  if (p.card && p.pos === "bottom" && got.has(p.card.code)) return { cls: " spt-received", words: `, ${RECEIVED}` };
  if (p.card && p.pos === "top" && gave.has(p.card.code)) return { cls: " spt-passed", words: `, ${PASSED}` };
  return { cls: "", words: "" };
}

const Board = {
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
      // at 0 the table's choice is on its way: "0 s" would wait there
      el.textContent = left ? `Time left: ${left} s` : "Time is up";
      el.classList.toggle("spt-urgent", left <= 5);
    };
    el.hidden = false;
    tick();
    this.timerTick = setInterval(tick, 250);
  },

  renderSeat(seat) {
    const box = this.root.querySelector(`.spt-pos-${seat.pos}`);
    box.dataset.testid = `seat-${seat.seat}`;
    box.dataset.turn = String(seat.turn);
    box.setAttribute("role", "group"); // a label on a role-less div is dropped
    box.classList.toggle("spt-turn", seat.turn);
    const level = seat.role === "you" ? "" : ` · ${seat.level} bot`;
    const turn = seat.turn ? `<span class="spt-turn-mark">▶ ${esc(seat.role === "you" ? "your turn" : seat.verb)}</span>` : "";
    const bid = seat.bid === null ? "–" : esc(seat.bid);
    box.setAttribute("aria-label", `${seat.title}${level}: bid ${seat.bid ?? "not yet"}, ${seat.tricks} tricks won, ${seat.cards} cards left${seat.dealer ? ", dealer" : ""}${seat.turn ? ", to move" : ""}`);
    // the top seat has two lines of room (above the trick): its turn marker
    // goes on the facts line; the side seats have room for a third line;
    // a narrow plate wraps between "North (partner) D", "· rule bot",
    // "bid 3", "· won 0" and "· cards 13", never inside one (spt-fact)
    const inline = seat.pos === "top" ? ` ${turn}` : "";
    box.innerHTML = `<div class="spt-seat-name"><span class="spt-fact">${esc(seat.title)}${seat.dealer ? ' <span class="spt-dealer" title="dealer" aria-hidden="true">D</span>' : ""}</span><span class="spt-level">${seat.role === "you" ? "" : ` <span class="spt-fact">· ${esc(seat.level)} bot</span>`}</span></div>
      <div class="spt-seat-facts"><span class="spt-fact">bid <b>${bid}</b></span> <span class="spt-fact">· won <b>${seat.tricks}</b></span> <span class="spt-fact">· cards ${seat.cards}</span>${inline}</div>${inline ? "" : turn}`;
  },

  renderTrick(s) {
    const four = !!s.prefs?.four_colour;
    const el = this.q("trick");
    const slots = { top: "", left: "", right: "", bottom: "" };
    // the trick just won, which stays in the middle, dimmed, until the next
    // card is played (Python sends it only while no card of the next is down)
    const last = s.trick.last || null;
    el.classList.toggle("spt-finished", !!last);
    el.setAttribute("aria-label", last ? `the last trick: ${spoken(last.text)}` : "the trick in play");
    for (const p of last ? last.plays : s.trick.current) {
      const m = swapMark(s, p);
      slots[p.pos] = `<div class="spt-played${m.cls}" data-testid="trick-card-${p.seat}" role="img" aria-label="${esc(p.who)}: ${esc(p.card.name)}${esc(m.words)}">${cardSVG(p.card, four, false)}<span class="spt-who">${esc(p.who)}</span></div>`;
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
    setSaid(note, s.trick.note || "");
    note.title = s.trick.note || "";
    const broken = s.trick.spades_broken;
    const badge = this.q("spades-broken");
    badge.hidden = broken === null || broken === undefined;
    setSaid(badge, broken ? "♠ spades broken" : "♠ spades not broken");
    badge.classList.toggle("spt-broken", !!broken);
  },

  renderStrip(s) {
    setSaid(this.q("prompt"), s.prompt);
    // the refusal's region stays in the page, empty when there is none
    // (a region shown only when its words come is often not spoken)
    // a refusal from Python, else why a tool pressed is unavailable, kept
    // until the tool can be used (or a refusal comes); the same refusal
    // again (a new notice_id) is said again
    if (this.toolNote && (s.notice || !(this.toolNote.key in (s.unavailable || {})))) this.toolNote = null;
    const said = s.notice || this.toolNote?.text || "";
    this.sayNotice(said, !!s.notice && s.notice_id !== this.noticeId, () => this.state().notice === said);
    this.noticeId = s.notice_id;
    this.renderHint(s);
    const est = this.q("estimate-text");
    est.textContent = s.estimate ? s.estimate.text : "";
    est.hidden = !s.estimate;
  },

  // The hint: its main point in one line ("Hint: K♣. ..."), then Why? (a
  // button, when the state has more to say: hint.more) that opens the
  // coach's whole analysis under it, all of it (never a scrolling box). A
  // new hint comes shut. While it is open the trick keeps the height it had
  // (keepTrick): the felt grows to hold the analysis, and the trick's cards
  // neither shrink nor move
  renderHint(s) {
    const h = s.hint;
    this.q("hint-box").hidden = !h;
    setSaid(this.q("hint-text"), h ? `Hint: ${h.label}. ${h.text}` : "");
    const more = h?.more || "";
    if (more !== this.hintMore) {
      this.hintMore = more;
      this.whyOpen = false;
    }
    const open = !!more && this.whyOpen;
    const why = this.q("hint-why");
    const full = this.q("hint-more");
    if (!full.id) full.id = `spt-hint-more-${++hintBoxes}`;
    why.hidden = !more;
    why.setAttribute("aria-controls", full.id);
    why.setAttribute("aria-expanded", String(open));
    this.keepTrick(open);
    if (full.dataset.text !== (open ? more : "")) setSaid(full, open ? more : "");
    full.hidden = !open;
  },

  // Why? pressed (or its key, w): the analysis opened or shut
  toggleWhy(s) {
    this.whyOpen = !this.whyOpen;
    this.renderHint(s);
  },

  // the trick's row held at the height it has now (measured before the
  // analysis opens; CSS px, whatever the zoom), or let go
  keepTrick(hold) {
    const centre = this.root.querySelector(".spt-centre");
    if (!hold) centre.style.minHeight = "";
    else if (!centre.style.minHeight) {
      const zoom = parseFloat(this.root.style.zoom) || 1;
      centre.style.minHeight = `${centre.getBoundingClientRect().height / zoom}px`;
    }
  },

  renderActions(s) {
    const el = this.root.querySelector(".spt-actions");
    const hinted = s.hint?.action;
    const parts = s.buttons.map((b) => {
      const id = b.action === "look" || b.action === "keep" || b.action === "take_next" ? `act-${b.action}` : `bid-${b.action}`;
      const cls = b.action === hinted ? " spt-hinted" : "";
      // a blind bid asks for a second press first (table.js, confirmed)
      const ask = b.confirm ? ` data-confirm-what="${esc(b.confirm.what)}" data-confirm-words="${esc(b.confirm.words)}"` : "";
      return `<button type="button" class="spt-btn spt-bid${cls}" data-testid="${id}" data-action="${esc(b.action)}" aria-label="${esc(b.aria)}"${b.key ? ` aria-keyshortcuts="${esc(b.key)}"` : ""}${ask}>${esc(b.label)}</button>`;
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
    // the same choices as at the last draw: the buttons stay (the focus and
    // a blind bid's question with them); else the focus stays on the same
    // choice (h on the bid 0 once put it on the hinted 6, and Enter bid 6)
    const html = parts.join("");
    if (html === this.actionsHtml && el.children.length === parts.length) return;
    this.actionsHtml = html;
    const had = el.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    el.innerHTML = html;
    if (had) this.q(had)?.focus();
  },

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
    // a card received from the partner (the blind nil exchange) is marked
    // (an outline and a badge) and its name says so, for the whole hand
    const { got } = swapped(s);
    const facts = cards.map((c, i) => {
      const chosen = this.chosen.has(c.code);
      const dim = s.hand.playable && !c.legal;
      const received = got.has(c.code);
      const name = received ? `${c.name}, ${RECEIVED}` : c.name;
      return {
        cls: ["spt-card", dim ? "spt-illegal" : "", chosen ? "spt-chosen" : "", c.code === hinted ? "spt-hinted" : "", received ? "spt-received" : "", i > 0 && cards[i - 1].suit !== c.suit ? "spt-suit-start" : ""].join(" "),
        legal: String(c.legal),
        name: dim ? `${name}, not playable now` : name,
        why: c.why || null,
        title: c.why ? `${name}: ${c.why}` : received ? name : null,
        received,
        pressed: s.hand.choose ? String(chosen) : null,
      };
    });
    // The same cards as at the last draw (a bot has moved): the buttons stay
    // and change only what changed, so the focused card is not announced
    // again at every bot move; a new hand of cards is drawn anew
    const shape = JSON.stringify([cards.map((c) => c.code), four, large, [...got]]);
    let buttons = [...el.querySelectorAll("[data-code]")];
    const same = shape === this.handShape && buttons.length === n;
    // where the focused card was: a card played, its neighbour takes its place
    const at = buttons.findIndex((b) => b.dataset.code === focused);
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
          return `<button type="button" class="${f.cls}" style="--i:${i}" data-testid="card-${esc(c.code)}" data-code="${esc(c.code)}" data-legal="${f.legal}" aria-label="${esc(f.name)}"${attr("aria-description", f.why)}${attr("aria-pressed", f.pressed)}${attr("title", f.title)} tabindex="-1">${cardSVG(c, four, large)}${f.received ? '<span class="spt-swap-badge" aria-hidden="true">⇄</span>' : ""}</button>`;
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
    if (!keep && at >= 0) keep = buttons[Math.min(at, buttons.length - 1)];
    // ... to the card nearest to it that may be played
    if (keep && turnCame && !legal(keep)) {
      const i = buttons.indexOf(keep);
      keep = buttons.filter(legal).sort((a, b) => Math.abs(buttons.indexOf(a) - i) - Math.abs(buttons.indexOf(b) - i))[0];
    }
    keep = keep || buttons.find(legal) || buttons[0];
    for (const b of buttons) {
      const tab = b === keep ? 0 : -1;
      if (b.tabIndex !== tab) b.tabIndex = tab;
    }
    // the focus moves only when its card is gone or may not be played now
    if (keep && focused && document.activeElement !== keep) keep.focus();
  },

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
  },
};
