// spadeslib table, log.js: the game's log and the live region, the one
// voice a screen reader hears (what happened, a hand's end, your turn).
// Methods of TableView (table.js mixes them in).

// how long a hand's end waits for the review's summary, to be said with it
const HOLD = 1500;

const Log = {
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
  },

  receiveLog(msg) {
    this.logAsked = false;
    for (const e of msg.lines || []) this.logLines.set(e.n, e.text);
    const s = this.state();
    if (s.table) this.renderLog(s);
  },

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
  },

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
    // the review's summary, logged, is said without its paragraph on "less the noise"
    const say = (e) => (rv?.said && e.text === rv.summary ? rv.said : e.text);
    let said;
    if (scored) {
      this.endSaid = end;
      said = this.endLines(lines, rv.result, rv.state === "ready" ? rv : null);
    } else if (held) {
      // the review went away unsaid (a new hand, a new game): the score first
      this.endSaid = held.end;
      said = this.endLines(held.lines, held.result, null).concat(news.slice(-4).map(say));
    } else said = lines.slice(-4).map(say);
    if (turn) said.push(turn);
    // the cards named in words (spoken): "5♥" is read "black heart suit", or not at all
    if (said.length) this.q("live").textContent = spoken(said.join(" "));
  },

  // the review did not come in time: the hand's end is said without it
  flushHeld() {
    const held = this.held;
    if (!held) return;
    this.held = null;
    this.endSaid = held.end;
    const said = this.endLines(held.lines, held.result, null);
    if (held.turn) said.push(held.turn);
    this.q("live").textContent = spoken(said.join(" "));
  },

  // a hand's end in words: the score first, as one text, then the last two
  // lines before it (the last trick, said "Last trick: ..."), the review's summary (`review`, where
  // it is in the log) in the words to say (review.said: without the
  // paragraph on "less the noise", which the review shows), the lines after
  endLines(lines, result, review) {
    const texts = lines.map((e) => e.text).filter((text) => text !== review?.summary);
    const score = texts.map((text) => result.includes(text));
    const first = score.indexOf(true);
    const last = score.lastIndexOf(true);
    const summary = review ? review.said ?? review.summary : null;
    // the trick's lines come after the score: "Last trick:" says they came before it
    const trick = texts.slice(Math.max(0, first - 2), first);
    if (trick.length) trick[0] = `Last trick: ${trick[0]}`;
    return [result, ...trick, ...(summary ? [summary] : []), ...texts.slice(last + 1)];
  },
};
