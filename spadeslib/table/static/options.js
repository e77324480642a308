// spadeslib table, options.js: the Options panel (rule set, variants, the
// bots' levels, seed, timer, New game) and the display settings kept in
// this browser. Methods of TableView (table.js mixes them in).

const Options = {
  markEdited(el) {
    const id = el?.dataset?.testid;
    // the display prefs go to Python at once and come back in the state
    if (id && id !== "opt-four-colour" && id !== "opt-large-print") el.dataset.edited = "true";
  },

  onOption(ev) {
    this.markEdited(ev.target);
    const id = ev.target.dataset.testid;
    if (id === "opt-four-colour" || id === "opt-large-print") {
      const pref = id === "opt-four-colour" ? "four_colour" : "large_print";
      this.anchorOption(ev.target, pref);
      this.send({ type: "prefs", [pref]: ev.target.checked });
    }
    if (id === "opt-preset") this.renderRulesWords();
    if (id === "opt-preset" || ev.target.dataset.mod) this.greyConflicts();
  },

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
  },

  // A display setting ticked in the panel: its box keeps its place in the
  // panel while the table redraws (large print makes every line above it
  // taller: the box, at the panel's foot, went out of view under the
  // learner's pointer), until the state says the setting is on (or off)
  anchorOption(box, pref) {
    const panel = this.q("options");
    const row = box.closest("label") || box;
    const top = row.getBoundingClientRect().top - panel.getBoundingClientRect().top;
    this.optionAnchor = { id: box.dataset.testid, pref, value: box.checked, top, until: Date.now() + 5000 };
  },

  keepOptionInView(s) {
    const a = this.optionAnchor;
    if (!a) return;
    const panel = this.q("options");
    const box = panel.querySelector(`[data-testid="${a.id}"]`);
    if (panel.hidden || !box || Date.now() > a.until) {
      this.optionAnchor = null;
      return;
    }
    const row = box.closest("label") || box;
    const at = () => row.getBoundingClientRect();
    const edge = () => panel.getBoundingClientRect();
    panel.scrollTop += at().top - edge().top - a.top;
    // and whole, when it has grown to more lines than there is room under it
    const below = at().bottom - (edge().top + panel.clientHeight);
    if (below > 0) panel.scrollTop += below + 2;
    if (!!s.prefs?.[a.pref] === a.value) this.optionAnchor = null;
  },

  toggleOptions() {
    const panel = this.q("options");
    const open = panel.hidden;
    panel.hidden = !open;
    this.q("options-toggle").setAttribute("aria-expanded", String(open));
    if (open) this.renderOptions(this.state());
    // narrow, the panel opens under the toolbar (table.css): into view
    if (open && this.root.classList.contains("spt-narrow")) panel.scrollIntoView?.({ block: "nearest" });
  },

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
  },

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
  },

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
  },

  // the display settings (four colours, large print) belong to the browser:
  // kept in it, and given back to a table opened again
  keepPrefs(s) {
    const key = `${this.storageKey}:prefs`;
    const now = { four_colour: !!s.prefs?.four_colour, large_print: !!s.prefs?.large_print };
    if (!this.prefsRestored) {
      this.prefsRestored = true;
      let kept = null;
      try {
        kept = JSON.parse(localStorage.getItem(key) || localStorage.getItem(`${this.oldStorageKey}:prefs`) || "null");
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
  },

  // What the options panel is built from: a redraw rebuilds it only when
  // this changes (another rule set's variants, two or four players, the
  // lines on what New game keeps: house rules, the game's start).
  optionsShape(s) {
    const o = s.options;
    return JSON.stringify([o.presets.map((p) => p.id), o.modifiers.map((m) => m.id), o.levels, s.table.players, o.house_rules, o.start]);
  },

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
  },

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
      ${o.start ? `<p class="spt-house-rules" data-testid="opt-start">This game started from ${esc(o.start)}: New game with these rules starts there again; other rules start from 0.</p>` : ""}
      ${partner}
      <label>Opponents <select data-testid="opt-opponents" aria-label="opponents' level">${levels(o.opponents)}</select></label>
      ${button("apply-levels", "Change the bots' levels", "change the bots' levels in this game to the ones chosen above: from this hand if nobody has moved yet, else from the next hand")}
      <p class="spt-pending-levels" data-testid="opt-pending-levels"></p>
      <label>Seed <input type="text" inputmode="numeric" maxlength="40" data-testid="opt-seed" aria-label="seed for the new game (empty for a fresh deal)" placeholder="empty: a fresh deal"></label>
      <label>Move timer <input type="text" inputmode="decimal" maxlength="6" size="6" data-testid="opt-timer" aria-label="seconds for each of your decisions; when they run out, a random legal card is played for you (in the bidding: face-down cards are turned up, or the rule bot's bid is made) (empty for none)" placeholder="none" value="${esc(String(o.timer ?? ""))}"> seconds a decision (empty: no timer)</label>
      ${button("new-game", "New game", "start a new game with these options").replace("spt-btn", "spt-btn spt-primary")}
      <p class="spt-notice" data-testid="opt-notice" role="alert"></p>
      <label><input type="checkbox" data-testid="opt-four-colour" aria-label="four-colour deck"${s.prefs?.four_colour ? " checked" : ""}> Four-colour deck (clubs green, diamonds blue)</label>
      <label><input type="checkbox" data-testid="opt-large-print" aria-label="large print cards"${s.prefs?.large_print ? " checked" : ""}> Large print</label>
    </div>`;
    this.renderPendingLevels(o);
    this.renderRulesWords();
    this.greyConflicts();
  },

  renderPendingLevels(o) {
    const line = this.q("options").querySelector('[data-testid="opt-pending-levels"]');
    if (!line) return;
    if (line.textContent !== (o.pending_levels || "")) line.textContent = o.pending_levels || "";
    line.hidden = !o.pending_levels;
  },

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
  },
};
