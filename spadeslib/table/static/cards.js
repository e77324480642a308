// spadeslib table, cards.js: the cards drawn as SVG (suits, colours, pips,
// faces and backs) and esc, the HTML escape every part uses. One part of
// the table's front end, joined with the others by
// spadeslib.table.app.front_module (one module scope; table.js says more).

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
function cardSVG(card, four, large) {
  const colour = (four ? COLOURS.four : COLOURS.two)[card.suit];
  const big = large ? 1.35 : 1;
  const parts = [];
  const index = (flip) => {
    const g = [];
    if (card.suit === "J") {
      // a joker's index is BJ or LJ (a lone "J" read as a jack), over a big
      // or a small star: the two tell apart in a tight fan, where only the
      // corner shows
      const bigJoker = card.rank === "BJ";
      const mid = 4 + 12 * big;
      g.push(`<text x="${mid}" y="${18 * big}" font-size="${16 * big}" font-weight="800" text-anchor="middle" fill="${colour}" font-family="${FONT}">${bigJoker ? "BJ" : "LJ"}</text>`);
      g.push(`<text x="${mid}" y="${(bigJoker ? 34 : 30) * big}" font-size="${bigJoker ? 17 : 10}" text-anchor="middle" fill="${colour}" font-family="${FONT}">★</text>`);
      return flip ? `<g transform="rotate(180 50 70)">${g.join("")}</g>` : g.join("");
    }
    g.push(`<text x="13" y="${20 * big}" font-size="${18 * big}" font-weight="700" text-anchor="middle" fill="${colour}" font-family="${FONT}">${esc(card.rank)}</text>`);
    g.push(pip(card.suit, 13, 30 * big, 13 * big, false, colour));
    return flip ? `<g transform="rotate(180 50 70)">${g.join("")}</g>` : g.join("");
  };
  const n = Number(card.rank);
  if (card.suit === "J") {
    // the word on two lines, between the corner indices: "LITTLE JOKER" on
    // one line ran into the turned corner's star
    const bigJoker = card.rank === "BJ";
    parts.push(`<text x="50" y="${bigJoker ? 68 : 63}" font-size="${bigJoker ? 44 : 30}" text-anchor="middle" fill="${colour}" font-family="${FONT}">★</text>`);
    parts.push(`<text class="spt-joker-word" x="50" y="87" font-size="11" font-weight="700" text-anchor="middle" fill="${colour}" font-family="${FONT}"><tspan x="50">${bigJoker ? "BIG" : "LITTLE"}</tspan><tspan x="50" dy="12">JOKER</tspan></text>`);
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

// A text as a screen reader should hear it: a card's symbol in words
// ("East plays 5♥" is said "East plays five of hearts": a reader says ♥ as
// "black heart suit", or nothing), a lone suit symbol as its suit ("♠
// spades broken", "spades broken"). The page shows the symbols (setSaid)
const RANK_WORDS = { A: "ace", K: "king", Q: "queen", J: "jack", 10: "ten", 9: "nine", 8: "eight", 7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };
const SYMBOL_SUITS = { "♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades" };
function spoken(text) {
  return String(text ?? "")
    .replace(/(?<![\w])(10|[2-9AKQJ])([♣♦♥♠])/g, (_, r, s) => `${RANK_WORDS[r]} of ${SYMBOL_SUITS[s]}`)
    .replace(/([♣♦♥♠])(\s+(?:clubs|diamonds|hearts|spades)\b)?/g, (_, s, word) => (word ? word.trim() : SYMBOL_SUITS[s]));
}

// An element's words: seen with the symbols, heard with the cards named
// (spoken); `data-text` keeps the words as written (a live region compares them)
function setSaid(el, text) {
  text = text || "";
  const heard = spoken(text);
  if (heard === text) el.textContent = text;
  else el.innerHTML = `<span aria-hidden="true">${esc(text)}</span><span class="spt-sr">${esc(heard)}</span>`;
  el.dataset.text = text;
}
