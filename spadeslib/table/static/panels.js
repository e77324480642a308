// spadeslib table, panels.js: the review (Check my play), the score sheet,
// the bid history, the tricks viewer, and the resume offer with the game
// kept in this browser. Methods of TableView (table.js mixes them in).

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

// two resume tokens hold the same game at the same point: the same deal,
// seat and moves (the lines of its log told beside them may differ)
function sameGame(a, b) {
  const moves = (t) => JSON.stringify(t ? [t.rules, t.seed, t.seat, t.hands, !!t.between] : null);
  return !!a && !!b && moves(a) === moves(b);
}

// a review row's points lost: the average, and the figure its rating reads
// (less the noise of the coach's deals) where Python gives it, each as the
// row's text says it (Python rounds both: lost, lost_rated)
function lostCell(r) {
  if (r.loss === null || r.loss === undefined) return "–";
  const loss = esc(r.lost);
  if (r.lost_rated === null || r.lost_rated === undefined) return loss;
  return `${loss} <span class="spt-rated">(${esc(r.lost_rated)} less the noise)</span>`;
}

// why the others bid, after the review's rows: each line and the cards it
// bid on by suit, as Python words and groups them (a finished hand's only),
// in a <details> closed at first, kept open when the review is drawn again
function bidsSection(rv, four, open) {
  const colours = four ? COLOURS.four : COLOURS.two;
  const items = rv.bids
    .map((b) => {
      const suits = b.cards.map((g) => `<span class="spt-bid-suit"><span style="color:${colours[g.suit]}">${esc(g.symbol)}</span>&nbsp;${esc(g.ranks)}</span>`).join(" ");
      const cards = suits ? `<span class="spt-bid-cards" role="img" aria-label="${esc(b.cards_label)}">${suits}</span>` : "";
      return `<li data-testid="review-bid">${esc(b.text)}${cards}</li>`;
    })
    .join("");
  return `<details class="spt-review-bids" data-testid="review-bids"${open ? " open" : ""}><summary>${esc(rv.bids_title)}</summary><p class="spt-review-note">${esc(rv.bids_note)}</p><ul>${items}</ul></details>`;
}

const Panels = {
  // Check my play: the review of the last finished hand opens, even one the
  // learner closed before. A closed review is only hidden here: when the
  // state holds it, it shows again at once and Python is not asked (asking
  // again would log its summary again); otherwise Python answers with it.
  openReview() {
    this.reviewClosed = null;
    const s = this.state();
    if (s.review) return this.renderReview(s);
    this.send({ type: "review" });
  },

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
    // another hand's review opens at its top, its result and summary in
    // view (it kept the last one's scroll: hand 2's opened 278 px down)
    const another = this.reviewShown !== rv.hand;
    this.reviewShown = rv.hand;
    const top = () => {
      if (another) el.scrollTop = 0;
    };
    // one Next hand, under the review (board.js): the review comes before
    // the choices in the page's order (layout.js), so Tab from Close reaches it
    const head = `<div class="spt-review-head"><b>Check my play · hand ${esc(rv.hand)}</b><span class="spt-review-buttons">${button("review-close", "Close", "close the review")}</span></div>${rv.result ? `<p class="spt-review-result" data-testid="review-result">${esc(rv.result)}</p>` : ""}`;
    if (rv.state === "pending") {
      el.innerHTML = `${head}<p>The coach is checking your decisions…</p>`;
      return top();
    }
    const counts = Object.entries(rv.counts || {}).map(([k, v]) => `<span class="spt-chip spt-r-${esc(k)}">${esc(k)}: ${v}</span>`).join(" ");
    const rows = rv.rows
      .map((r) => `<tr data-testid="review-row" class="spt-r-${esc(r.rating)}"><td>${esc(r.when)}</td><td data-label="you">${esc(r.yours)}</td><td data-label="best">${esc(r.best)}</td><td data-label="lost">${lostCell(r)}</td><td>${esc(r.rating)}</td><td class="spt-review-text">${esc(r.text)}</td></tr>`)
      .join("");
    const open = !another && !!el.querySelector(".spt-review-bids")?.open;
    const bids = rv.bids?.length ? bidsSection(rv, !!s.prefs?.four_colour, open) : "";
    el.innerHTML = `${head}
      <p class="spt-review-summary">${esc(rv.summary)}</p><div class="spt-chips">${counts}</div>
      <div class="spt-review-table"><table><thead><tr><th>when</th><th>you</th><th>best</th><th>points lost</th><th>rating</th><th>why</th></tr></thead><tbody>${rows}</tbody></table></div>${bids}`;
    top();
  },

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
    const start = s.sheet.start
      ? `<tr class="spt-start"><td>start</td>${sides.map((d) => `<td><b>${s.sheet.start[d.id].total}</b><br><small>${esc(s.sheet.start[d.id].bags)}</small></td>`).join("")}</tr>`
      : "";
    const totals = sides.map((d) => `<td><b>${s.sheet.scores[d.id]}</b><br><small>${esc(s.sheet.bags[d.id])}</small></td>`).join("");
    const rules = s.sheet.rules.map((line) => `<li>${esc(line)}</li>`).join("");
    const grew = this.sheetRows !== s.sheet.rows.length;
    this.sheetRows = s.sheet.rows.length;
    this.q("score-sheet").innerHTML = `<table><thead><tr><th>hand</th>${head}</tr></thead><tbody>${start}${rows}<tr class="spt-total"><td>now</td>${totals}</tr></tbody></table>
      <p class="spt-sheet-status">${esc(s.sheet.status)}</p><details><summary>Rules of this table</summary><ul>${rules}</ul></details>`;
    // a finished hand: the newest row, the totals and the status in view
    // (the rows scroll under the title and the headings: both stay in view)
    // to the status line's bottom, never half of it (large print cut it)
    if (grew) {
      const body = this.q("score-sheet");
      const status = body.querySelector(".spt-sheet-status");
      const end = status ? status.getBoundingClientRect().bottom - body.getBoundingClientRect().top + body.scrollTop + 3 : body.scrollHeight;
      // but the newest hand's row whole, under the sticky headings, first
      // (large print's sheet is too short for both: its top was cut)
      const rows = body.querySelectorAll("tbody tr:not(.spt-total)");
      const newest = rows[rows.length - 1];
      const heads = body.querySelector("thead")?.offsetHeight || 0;
      const top = newest ? newest.getBoundingClientRect().top - body.getBoundingClientRect().top + body.scrollTop - heads : Infinity;
      body.scrollTop = Math.min(end - body.clientHeight, top);
    }
  },

  renderBids(s) {
    const bids = s.bids.map((b) => `<span class="spt-bid-item">${esc(b.who)} <b>${esc(b.bid)}</b></span>`).join(" · ");
    // the blind nil exchange: which cards went each way, for the whole hand
    const partner = s.seats.find((p) => p.role === "partner")?.title || "your partner";
    const list = (cards) => cards.map((c) => `<b>${esc(c.symbol)}</b>`).join(" ");
    const passed = s.hand?.passed || [];
    const received = s.hand?.received || [];
    const swap = [passed.length ? `you passed ${list(passed)}` : "", received.length ? `received ${list(received)}` : ""].filter(Boolean).join(", ");
    // two players: the cards the learner saw go to the discard pile are out
    // of play for the whole hand (a count the learner keeps)
    const gone = s.hand?.discards || [];
    const pile = gone.length ? `<div class="spt-pile" data-testid="discards">${esc(s.hand.discards_words)}: ${list(gone)}</div>` : "";
    this.q("bid-history").innerHTML = `<b>Bids</b> (in bidding order): ${bids || "none yet"}${swap ? `<div class="spt-swap" data-testid="exchange"><span class="spt-swap-badge" aria-hidden="true">⇄</span> Swap with ${esc(partner)}: ${swap}.</div>` : ""}${pile}`;
  },

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
      .map((p) => {
        const m = swapMark(s, p);
        return `<div class="spt-mini${p.seat === t.winner ? " spt-won" : ""}${m.cls}" role="img" aria-label="${esc(p.who)}: ${esc(p.card.name)}${esc(m.words)}${p.seat === t.winner ? ", won the trick" : ""}">${cardSVG(p.card, four, false)}<span>${esc(p.who)}</span></div>`;
      })
      .join("");
    const last = this.trickShown === done.length - 1 ? " (last)" : "";
    el.innerHTML = `<div class="spt-viewer-head"><span><b>Trick ${t.n}/${done.length}${last}</b>: ${esc(t.winner_name)} won</span>
      ${button("trick-prev", "◀", "previous trick", this.trickShown === 0 ? "disabled" : "")}${button("trick-next", "▶", "next trick", last ? "disabled" : "")}</div><div class="spt-minis">${cards}</div>`;
  },

  // ------------------------------------------------------- the browser's copy
  // the game kept in this browser, under the table's key, else under the
  // page's address (where tables before the key's change kept it)
  stored() {
    try {
      return JSON.parse(localStorage.getItem(this.storageKey) || localStorage.getItem(this.oldStorageKey) || "null");
    } catch (e) {
      return null;
    }
  },

  store(s) {
    if (!s.resume) return;
    try {
      localStorage.setItem(this.storageKey, JSON.stringify({ token: s.resume, rules: s.table.rules, hand: s.table.hand, summary: s.table.summary, deal: s.table.deal, speed: s.options?.speed }));
    } catch (e) {
      /* storage full or disabled: the game simply is not kept */
    }
  },

  renderResume(s) {
    if (this.resumeDecided) return this.store(s);
    const saved = this.stored();
    const moves = (t) => (t?.hands || []).reduce((n, h) => n + h.length, 0);
    // the kept game is the one on screen (the same moves: only its log's
    // hints and reviews may differ): nothing to offer
    const same = saved && sameGame(saved.token, s.resume);
    const banner = this.q("resume-banner");
    if (!saved || same || moves(saved.token) === 0) {
      this.resumeDecided = true;
      // offered while the table was still reaching the kept game (a fresh
      // table draws before its bots have bid): the offer goes
      if (!banner.hidden) {
        banner.hidden = true;
        this.q("live").textContent = "";
      }
      return this.store(s);
    }
    const shown = !banner.hidden;
    banner.innerHTML = resumeBanner(saved, s.table);
    banner.hidden = false;
    // a screen reader hears the offer when it appears
    if (!shown) this.q("live").textContent = resumeText(saved, s.table);
  },
};
