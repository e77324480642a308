"""The synced state: built from the learner's view only, JSON, complete enough
to draw the table, and never holding a card the learner may not see."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from spadeslib import Card, Phase, Rules
from spadeslib.actions import Bid, Exchange
from spadeslib.bots import Suggestion
from spadeslib.bots.ladder import ELO, LADDER
from spadeslib.cards import FULL_DECK, Rank, Suit
from spadeslib.table import TableSession, table_state
from spadeslib.view import PlayerView

DECK = (
    *FULL_DECK,
    Card(Rank.LITTLE_JOKER, Suit.JOKER),
    Card(Rank.BIG_JOKER, Suit.JOKER),
)
SEED = 0  # classic: the learner's side bids a blind nil within six hands


def seen_in(view: PlayerView) -> set[Card]:
    """Every card this view lets the learner see."""
    seen = set(view.holding or ()) | set(view.played_cards())
    seen |= set(view.passed) | set(view.received) | set(view.known_discards)
    if view.drawn is not None:
        seen.add(view.drawn)
    return seen


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [str(k), *strings(v)]]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def cards_in(state: dict[str, Any]) -> set[Card]:
    """Every card named anywhere in the state: as a code ("QH", also inside
    "pass 2C 3D"), as a symbol ("Q♥") or in words ("queen of hearts")."""
    found = set()
    # the rules in words are the same for every deal ("jokers replace 2♣ and 2♥")
    state = {k: v for k, v in state.items() if k != "options"}
    state["sheet"] = {k: v for k, v in state["sheet"].items() if k != "rules"}
    text = strings(state)
    tokens = {t for s in text for t in re.split(r"[\s,;:()]+", s)}
    joined = "\n".join(text)
    for card in DECK:
        symbol = re.escape(card.symbol)
        if (
            str(card) in tokens
            or re.search(rf"(?<![0-9A-Za-z]){symbol}", joined)
            or card.name in joined
        ):
            found.add(card)
    return found


def watch_game(
    spec: str, seed: int, hands: int = 2, review: bool = True
) -> tuple[int, bool]:
    """Play with the learner random and the bots one move at a time; check
    every state. Returns how many states were checked, and whether the
    learner's side exchanged cards (a blind nil)."""
    rules = Rules.parse(spec)
    session = TableSession(rules, seed=seed, speed="step", auto_review=review)
    rng = random.Random(seed)
    seen: set[Card] = set()
    checked = 0
    while not session.game.is_over and len(session.game.finished_hands) < hands:
        view = session.view
        seen |= seen_in(view)
        state = table_state(session)
        json.dumps(state)
        leaked = cards_in(state) - seen
        assert not leaked, f"{spec}: state names unseen cards {sorted(leaked)}"
        checked += 1
        if session.between:
            session.new_hand()
        elif session.learner_to_move():
            if view.phase is Phase.PLAYING and rng.random() < 0.2:
                session.hint()
                continue
            session.act(rng.choice(view.legal))
        else:
            session.step()
    exchanged = any(
        isinstance(action, Exchange) and seat in (session.seat, session.seat.partner)
        for hand in session.game.hands
        for seat, action, _ in hand.history
    )
    return checked, exchanged


@pytest.mark.parametrize(
    ("spec", "seed"),
    [
        ("cards4net", 1),
        ("classic", 2),
        ("yppedia+mirror", 3),
        ("classic+jokers", 4),
        ("two-player", 5),
        ("cards4net+suicide+ten_for_200", 6),
    ],
)
def test_state_never_holds_a_card_the_learner_may_not_see(spec: str, seed: int) -> None:
    assert watch_game(spec, seed)[0] > 50


def test_blind_nil_exchange_and_two_player_draws_stay_private() -> None:
    # classic, SEED: within six hands South's side is far enough behind for a blind
    # nil, and the random learner's side bids it: cards change hands face down
    checked, exchanged = watch_game("classic", SEED, hands=6, review=False)
    assert exchanged and checked > 150
    checked = sum(watch_game("two-player", 100 + s, hands=1)[0] for s in range(6))
    assert checked > 100


def test_the_state_names_cards_for_the_learner_only() -> None:
    session = TableSession("classic", seed=2024)
    state = table_state(session, {"four_colour": True})
    hand = state["hand"]
    assert len(hand["cards"]) == 13 and not hand["hidden"]
    first = hand["cards"][0]
    assert set(first) >= {"code", "rank", "suit", "name", "legal", "why"}
    suits = [c["suit"] for c in hand["cards"]]
    order = "JSHCD"
    assert suits == sorted(suits, key=order.index)  # sorted by suit
    assert [s["pos"] for s in state["seats"]] == ["bottom", "left", "top", "right"]
    assert state["prefs"] == {"four_colour": True}
    levels = state["options"]["levels"]
    labels = state["options"]["level_labels"]
    assert levels == list(LADDER) and set(labels) == set(levels)
    rated = [ELO[level] for level in levels]
    assert rated == sorted(rated), "the ladder's ratings rise level by level"
    assert labels["expert"] == f"expert (Elo {ELO['expert']})"
    assert all(m["words"] for m in state["options"]["modifiers"])


def test_the_sheet_counts_in_words() -> None:
    session = TableSession(Rules("classic", target=100), seed=3)
    rng = random.Random(2)
    while not session.between and not session.game.is_over:
        session.act(rng.choice(session.view.legal))
    sheet = table_state(session)["sheet"]
    text = json.dumps(sheet)
    assert "(s)" not in text and "1 bags" not in text and "1 tricks" not in text
    assert "ten_for_200" not in text
    row = sheet["rows"][0]
    assert row["hand"] == 1
    assert sheet["status"].startswith(("Hand 1 over", "Game over"))


def test_illegal_cards_carry_their_reason_while_playing() -> None:
    session = TableSession("cards4net", seed=3)
    rng = random.Random(3)
    while True:
        view = session.view
        if view.phase is Phase.PLAYING and len(view.legal) < len(view.holding or ()):
            break
        session.act(rng.choice(view.legal))
    state = table_state(session)
    assert state["hand"]["playable"]
    illegal = [c for c in state["hand"]["cards"] if not c["legal"]]
    assert illegal and all(c["why"].startswith("You ") for c in illegal)
    legal = [c for c in state["hand"]["cards"] if c["legal"]]
    assert {c["code"] for c in legal} == {str(c) for c in view.legal}


def test_a_new_game_starts_a_clean_log_and_keeps_the_numbering() -> None:
    session = TableSession("cards4net", seed=2024)
    session.act(session.view.legal[0])
    session.command("not a move")
    before = table_state(session)["log"]
    assert before[0]["text"].startswith("New game: Cards4.net, seed 2024.")
    assert session.new_game(seed=2024)
    after = table_state(session)["log"]
    texts = [line["text"] for line in after]
    assert sum(t.startswith("New game") for t in texts) == 1, texts
    assert texts[0].startswith("New game: Cards4.net, seed 2024.")
    assert after[0]["n"] > before[-1]["n"], "the page tells new lines by number"
    assert len(session.log) == len(before) + len(after), "the session keeps all"
    assert not session.new_game(rules="no-such-preset")
    refused = table_state(session)
    assert refused["log"] == after, "a refusal is shown, not added to the story"
    assert "no-such-preset" in refused["notice"]


def test_a_paused_table_says_whose_turn_it_is() -> None:
    """Paused on your turn read "press Play on" though a click plays; paused
    on a bot's turn, a key press said "Please wait" for a bot that waits."""
    table = TableSession("classic", seed=3, speed="step")  # South bids first
    table.pause()
    assert table.learner_to_move()
    assert "it is your turn" in table_state(table)["prompt"]
    while table.learner_to_move():
        table.act(table.game.hand.legal_actions()[0])
    assert table_state(table)["prompt"] == "Paused: press Play on to let the bots move."
    table.hint()
    assert "The game is paused" in (table.notice or ""), table.notice


def test_why_does_not_repeat_the_hint_s_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach's line is its card words and its main reason; its whole
    analysis opens with the card words, which *Why?* said a second time
    (chapter 11, hand 1, trick 10); words that say more stay
    (:attr:`~spadeslib.bots.Suggestion.more`)."""
    session = TableSession("classic", seed=3)
    words = "It sheds a high spade under East's A♠"
    line = f"{words}; over the whole hand your side takes 1.0 fewer bags on average."
    rest = "On average your side ends the hand 118 points ahead of the other side."
    tip = Suggestion(Bid(3), f"{words}. {rest}", "search", line)
    monkeypatch.setattr(session.advisor, "hint", lambda view: tip)
    assert session.hint() is tip
    hint = table_state(session)["hint"]
    assert (hint["text"], hint["more"]) == (line, rest)


def test_a_game_is_in_play_once_the_learner_has_decided_until_it_ends() -> None:
    """``in_play`` is what makes New game ask before throwing a game away."""
    session = TableSession(Rules("classic", target=100), seed=5)
    assert not table_state(session)["table"]["in_play"]  # dealt, nothing decided
    rng = random.Random(5)
    assert session.act(rng.choice(session.view.legal))
    assert table_state(session)["table"]["in_play"]
    while not session.game.is_over:
        if session.between:
            assert session.new_hand()
        else:
            assert session.act(rng.choice(session.view.legal))
    state = table_state(session)
    assert not state["table"]["in_play"]
    won = "won" if session.game.winner == "NS" else "lost"  # South's side
    assert state["prompt"].startswith(f"Game over, you {won}: "), state["prompt"]
