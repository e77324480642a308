// spadeslib table, layout.js: the table's frame, drawn once (SKELETON),
// the toolbar's tools, the button helper and the layout's widths. One
// part of the table's front end (spadeslib.table.app.front_module).

// the toolbar's tools that stay focusable while unavailable (aria-disabled):
// each one's key in state.controls and state.unavailable, and its name when
// the state gives no reason
const TOOLS = { hint: "hint", estimate: "estimate", undo: "undo", replay: "replay", "review-open": "review", step: "step" };
const TOOL_NAMES = { hint: "Hint", estimate: "The estimate", undo: "Undo", replay: "Replay", "review-open": "Check my play", step: "Next move" };

// `more`: words after the label that large print leaves out (table.css,
// .spt-more), where the toolbar has no room for them; the name (aria-label)
// always says them
function button(testid, label, aria, extra = "", more = "") {
  const rest = more ? `<span class="spt-more">${esc(more)}</span>` : "";
  return `<button type="button" class="spt-btn" data-testid="${testid}" aria-label="${esc(aria)}" ${extra}>${esc(label)}${rest}</button>`;
}

// the layout's widths (table.css): the side-by-side layout, and the
// narrow one with the side panel underneath
const WIDE = 760;
const NARROW = 460;

// the review, over the felt, comes before the choices in the page's order:
// Tab from its Close reaches the one Next hand, under it
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
      <div class="spt-trick" data-testid="trick" aria-label="the trick in play" role="group" tabindex="-1"></div>
      <div class="spt-trick-note" data-testid="trick-note"></div>
    </div>
    <div class="spt-seat spt-pos-right"></div>
    <div class="spt-strip">
      <div class="spt-prompt" data-testid="prompt" role="paragraph"></div>
      <div class="spt-notice" data-testid="notice" aria-live="assertive" aria-atomic="true"></div>
      <div class="spt-hint" data-testid="hint-box" hidden>
        <span class="spt-hint-text" data-testid="hint-text"></span>
        <button type="button" class="spt-why" data-testid="hint-why" aria-label="why: the coach's whole analysis" aria-keyshortcuts="w" aria-expanded="false" hidden>Why?</button>
        <div class="spt-hint-more" data-testid="hint-more" role="region" aria-label="why: the coach's whole analysis" tabindex="0" hidden></div>
      </div>
      <div class="spt-estimate" data-testid="estimate-text"></div>
    </div>
    <div class="spt-review" data-testid="review" role="dialog" aria-label="check my play" tabindex="-1" hidden></div>
    <div class="spt-actions" role="group" aria-label="your choices"></div>
    <div class="spt-seat spt-pos-bottom"></div>
    <div class="spt-hand" data-testid="hand" role="group" aria-label="your hand"></div>
  </div>
  <div class="spt-side">
    <details class="spt-sheet-box" data-testid="sheet-toggle"><summary>Score sheet</summary><div data-testid="score-sheet" class="spt-sheet"></div></details>
    <div class="spt-bids" data-testid="bid-history"></div>
    <div class="spt-viewer" data-testid="tricks-viewer"></div>
    <div class="spt-log" data-testid="log" role="log" aria-live="off" aria-label="what happened" tabindex="0"></div>
  </div>
</div>
<div class="spt-tools" role="toolbar" aria-label="table controls">
  ${button("hint", "Hint", "hint: what would the coach do?", 'aria-keyshortcuts="h" title="key h"')}
  ${button("estimate", "How good is my hand?", "how good is my hand? expected tricks and a suggested bid")}
  ${button("undo", "Undo", "undo my last decision", 'aria-keyshortcuts="u" title="key u"')}
  ${button("replay", "Replay", "replay this deal from the start", 'title="Replay this deal"', " this deal")}
  ${button("review-open", "Check my play", "check my play: review the last hand")}
  <span class="spt-speed" role="group" aria-label="bot speed">
    ${["step", "slow", "normal", "fast"].map((s) => button(`speed-${s}`, s, `bot speed ${s}`)).join("")}
  </span>
  ${button("step", "Next move", "let the next bot move", 'aria-keyshortcuts="s" title="key s"')}
  ${button("pause", "Pause", "pause the bots")}
  ${button("save", "Save", "save the game: download the record")}
  ${button("load", "Load", "load a game: upload a record file")}
  <input type="file" accept=".json,application/json" data-testid="load-file" aria-label="record file to load" hidden>
  ${button("options-toggle", "Options", "options and new game", 'aria-expanded="false"')}
</div>
<div class="spt-options" data-testid="options" hidden></div>
<div class="spt-sr" data-testid="live" aria-live="polite"></div>
`;
