"""The interactive table, headless: whole games through the API and through
the widgets' own ``click()``, for every preset and modifier, with a check
after every decision that what the widgets show is the engine's state.

Bots play with no pause (synchronously) except in the asyncio tests, which
run the table as Jupyter does: bots and the move timer in tasks on a running
event loop, clicks arriving from another thread (JupyterLab's subshells).
"""

from __future__ import annotations

import asyncio
import html
import itertools
import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from spadeslib import (
    KEEP,
    LOOK,
    MODIFIERS,
    PRESETS,
    TAKE_NEXT,
    Bid,
    Card,
    Discard,
    Draw,
    Exchange,
    Game,
    Hand,
    InvalidRules,
    Phase,
    Rules,
    Seat,
    Suit,
    record,
)
from spadeslib.actions import Action, Look
from spadeslib.bots import make_bot
from spadeslib.display import score_sheet_html, suit_colour
from spadeslib.table import SpadesTable, decisions, equivalent, hint, review_hand
from spadeslib.table.widget import ALL_CARDS

S, N, E, W = Seat.SOUTH, Seat.NORTH, Seat.EAST, Seat.WEST
TARGET = 150  # whole games to 150 points, or down to -150: a few hands each
FLOOR = -150


def _combos() -> list[Rules]:
    combos = []
    for preset in PRESETS:
        for n in range(len(MODIFIERS) + 1):
            for mods in itertools.combinations(MODIFIERS, n):
                try:
                    combos.append(
                        Rules.preset(
                            preset, mods, target=TARGET, losing_threshold=FLOOR
                        )
                    )
                except InvalidRules:
                    continue
    return combos


def short(spec: str) -> Rules:
    """A rule set with the tests' short target and floor."""
    base = Rules.parse(spec)
    return Rules.preset(
        base.preset, base.modifiers, target=TARGET, losing_threshold=FLOOR
    )


ALL_RULES = _combos()
SINGLE = [r for r in ALL_RULES if len(r.modifiers) <= 1]


def snapshot(table: SpadesTable) -> tuple[str, int, bool]:
    """The whole game state (as its record), and what the table adds to it."""
    return record.dumps(table.game), len(table.game.hands), table.between_hands


def shown(widget: Any) -> bool:
    return widget.layout.display != "none"


def check_table(table: SpadesTable) -> None:
    """Every widget shows what the engine's state says, from the learner's view."""
    game = table.game
    view = table.view
    hand = table.shown_hand
    mine = table.learner_to_move()
    legal = set(view.legal) if mine else set()
    assert view.seat == table.seat
    # the learner's cards: exactly the cards held, legal ones enabled
    held = set(view.hand or ())
    for card in ALL_CARDS:
        button = table.button_for(card)
        assert shown(button) == (card in held), card
        assert card.symbol() in button.description
        assert button.tooltip.startswith(card.name)
        if card in held and mine and view.phase is Phase.PLAYING:
            assert button.disabled == (card not in legal), card
            if card not in legal:
                assert hand.why_illegal(card, table.seat) in button.tooltip
        elif card in held and view.phase not in (Phase.EXCHANGE, Phase.BLIND_DISCARD):
            assert button.disabled
    # the bid panel offers exactly the legal bids (and LOOK)
    offered = {
        a
        for a in (
            *(Bid(n) for n in range(14)),
            Bid.NIL,
            Bid.BLIND_NIL,
            Bid.BLIND_SEVEN,
            LOOK,
        )
        if shown(table.button_for(a))
    }
    expected = {a for a in legal if isinstance(a, (Bid, Look))}
    assert offered == expected
    for action in offered:
        assert not table.button_for(action).disabled
    # draw and exchange controls
    drawing = mine and view.phase is Phase.DRAW and view.drawn is not None
    assert shown(table._draw_row) == drawing
    if drawing:
        assert view.drawn.symbol() in table.button_for(KEEP).description
    choosing = mine and view.phase in (Phase.EXCHANGE, Phase.BLIND_DISCARD)
    assert shown(table._confirm_row) == choosing
    # scores and bags always on screen
    status = table._status.value
    for side, points in game.scores.items():
        assert f"{points} points, {game.bags[side]} bag" in status
    moves = sum(len(h.history) for h in game.hands)
    assert f"data-moves='{moves}'" in status
    # seats: bids, tricks, cards left, the seat to move
    felt = table._felt.value
    for seat in view.seats:
        bid = view.bids.get(seat)
        label = html.escape(bid.label()) if bid else "–"
        assert f"bid: {label} · tricks: {view.tricks_won[seat]} · cards: " in felt
    assert felt.count("spt-turn") == (
        1
        if view.to_move is not None and not game.is_over and not table.between_hands
        else 0
    )
    for _seat, card in view.trick:
        assert card.name in felt
    # last trick, score sheet, message line, tools
    if view.tricks:
        last = view.tricks[-1]
        assert all(card.name in table._last_trick.value for card in last.cards)
    assert table._sheet.value == score_sheet_html(game)
    for line in table.message.splitlines():
        assert html.escape(line) in table._message_box.value
    assert table.controls["hint"].disabled == (not mine)
    assert table.controls["next_hand"].disabled == (
        not table.between_hands or game.is_over
    )
    assert table.game.turn == game.hand.turn
    if table.between_hands:
        assert hand is game.hands[-2] and hand.is_over
    else:
        assert hand is game.hand


def act_by_api(table: SpadesTable, action: Action) -> bool:
    """Take ``action`` through the programmatic API."""
    if isinstance(action, Card):
        return table.play(str(action))
    if isinstance(action, Bid):
        return table.bid(action.to_json())
    if isinstance(action, Look):
        return table.look()
    if isinstance(action, Draw):
        return table.keep() if action.keep else table.take_next()
    if isinstance(action, Exchange):
        return table.exchange(" ".join(map(str, action.cards)))
    assert isinstance(action, Discard)
    return table.discard(" ".join(map(str, action.cards)))


def act_by_clicks(table: SpadesTable, action: Action) -> None:
    """Take ``action`` the way a learner does: by clicking its buttons."""
    if isinstance(action, (Exchange, Discard)):
        for card in action.cards:
            button = table.button_for(card)
            assert shown(button) and not button.disabled
            button.click()
            assert button.description.startswith("✓ ")
        confirm = table.controls["confirm"]
        assert not confirm.disabled
        confirm.click()
        return
    button = table.button_for(action)
    assert shown(button) and not button.disabled, (action, table.message)
    button.click()


def play_game(
    table: SpadesTable, choose: Any, act: Any, max_hands: int = 40, check: bool = True
) -> list[str]:
    """Play until the game is over; ``choose(table)`` gives the learner's action."""
    hands = 0
    while not table.game.is_over:
        if table.between_hands:
            hands += 1
            assert hands < max_hands, "the game did not end"
            button = table.controls["next_hand"]
            button.click() if act is act_by_clicks else table.new_hand()
            continue
        assert table.learner_to_move(), table.message
        before = sum(len(h.history) for h in table.game.hands)
        result = act(table, choose(table))
        assert result is not False, table.message
        assert sum(len(h.history) for h in table.game.hands) > before
        if check:
            check_table(table)
    return table.log


def finish_hand(table: SpadesTable, choose: Any, act: Any) -> None:
    """Play the learner's decisions until the hand on the table is over."""
    while not table.between_hands and not table.game.is_over:
        act(table, choose(table))
        check_table(table)


def random_policy(seed: int) -> Any:
    rng = random.Random(seed)

    def choose(table: SpadesTable) -> Action:
        return rng.choice(table.view.legal)

    return choose


def hint_policy(table: SpadesTable) -> Action:
    return table.hint().action


# ------------------------------------------------------------ whole games
@pytest.mark.parametrize("rules", SINGLE, ids=lambda r: r.spec)
def test_whole_game_by_clicking(rules: Rules) -> None:
    table = SpadesTable(rules, seed=17, pause=0, double_click_guard=0)
    check_table(table)
    play_game(table, random_policy(3), act_by_clicks)
    check_table(table)
    assert table.game.is_over and table.errors == []
    assert "Game over" in table.message
    assert table.game.winner in table.game.scores


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.spec)
def test_whole_game_through_the_api_with_hints(rules: Rules) -> None:
    table = SpadesTable(rules, seed=23, pause=0)
    play_game(table, hint_policy, act_by_api, check=False)
    check_table(table)
    assert table.game.is_over and table.errors == []
    # the narration covers every hand's result, computed by the engine
    for hand in table.game.finished_hands:
        for side, score in hand.result.items():
            assert any(
                f": {score.points:+d} this hand" in line for line in table.log
            ), side


def test_message_line_explains_events() -> None:
    table = SpadesTable(short("cards4net"), seed=5, pause=0)
    play_game(table, random_policy(8), act_by_api, check=False)
    log = "\n".join(table.log)
    assert "wins the trick with" in log or "win the trick with" in log
    assert "Spades are broken" in log
    assert "contract made" in log or ": set, " in log
    finished = table.game.finished_hands
    penalties = [s for h in finished for s in h.result.values() if s.penalties]
    nils = [n for h in finished for s in h.result.values() for n in s.nils]
    if penalties:
        assert "bag penalty" in log
    if nils:
        assert "Nil is made" in log or "Nil failed" in log


# ------------------------------------------------------------ special decisions
def _trailing_table(tmp_path: Path, preset: str) -> SpadesTable:
    """A table whose second hand starts with North-South 100+ behind, so the
    learner may bid Blind Nil (classic, yppedia) and must exchange cards."""
    game = Game(preset, seed=41)
    while not game.hand.is_over and game.phase is Phase.BIDDING:
        seat = game.turn
        bid = Bid(6) if seat in (N, S) else Bid(1)
        game.apply(bid if game.hand.is_legal(bid) else game.legal_actions()[0])
    while game.hand.phase is not Phase.OVER and len(game.hands) == 1:
        game.apply(game.hand.random_action(game.rng))
    assert game.scores["EW"] - game.scores["NS"] >= 100, game.scores
    path = tmp_path / "behind.json"
    record.save(game, path)
    table = SpadesTable(preset, seed=1, pause=0, double_click_guard=0)
    assert table.load(path), table.message
    return table


@pytest.mark.parametrize("preset", ["classic", "yppedia"])
def test_blind_nil_and_card_exchange_by_clicking(tmp_path: Path, preset: str) -> None:
    table = _trailing_table(tmp_path, preset)
    check_table(table)
    assert table.game.hand.number == 2
    assert table.learner_to_move() and table.view.hand is None  # face down
    assert set(table.view.legal) >= {Bid.BLIND_NIL, LOOK}
    assert table.view.hand is None and not any(
        shown(table.button_for(c)) for c in table.rules.deck
    )
    act_by_clicks(table, Bid.BLIND_NIL)
    check_table(table)
    assert table.view.phase is Phase.EXCHANGE and table.learner_to_move()
    confirm = table.controls["confirm"]
    first, second = table.view.hand[:2]
    table.button_for(first).click()
    assert confirm.disabled  # two cards are needed
    table.button_for(first).click()  # a second click takes the card back
    assert not table.button_for(first).description.startswith("✓")
    before = snapshot(table)
    confirm.click()  # refused: nothing chosen
    assert snapshot(table) == before
    for card in (first, second):
        table.button_for(card).click()
    confirm.click()
    check_table(table)
    hand = table.game.hand
    assert hand.exchanges[S] == (first, second)
    assert "You pass" in table.message
    received = table.view.received
    assert len(received) == 2 and set(received) <= set(table.view.hand)
    finish_hand(table, random_policy(4), act_by_clicks)
    assert table.shown_hand.result is not None


def test_two_player_blind_nil_draw_and_discard_by_clicking() -> None:
    table = SpadesTable(short("two-player"), seed=9, pause=0, double_click_guard=0)
    view = table.view
    assert view.phase is Phase.DRAW and view.hand is None
    assert set(view.legal) == {Bid.BLIND_NIL, LOOK}
    act_by_clicks(table, Bid.BLIND_NIL)
    assert "Blind Nil (double nil)" in table.message
    drawn = []
    while table.view.phase is Phase.DRAW:
        check_table(table)
        top = table.view.drawn
        assert top is not None and top.symbol() in table.button_for(KEEP).description
        choice = KEEP if len(drawn) % 2 == 0 else TAKE_NEXT
        act_by_clicks(table, choice)
        drawn.append(top)
        if choice is KEEP:
            assert top in (table.view.hand or ())
    assert len(table.view.hand) == 13
    assert table.view.phase is Phase.BLIND_DISCARD and table.learner_to_move()
    check_table(table)
    away = list(table.view.hand[:2])
    for card in away:
        table.button_for(card).click()
    table.controls["confirm"].click()
    assert "You discard" in table.message
    assert not set(away) & set(table.view.hand or table.game.hand.holding[S])
    # the bid is forced now: Blind Nil, the only button
    play_game(table, random_policy(2), act_by_clicks)


def test_blind_seven_is_offered_by_a_button() -> None:
    for seed in range(60):
        table = SpadesTable("classic+jokers", seed=seed, pause=0)
        view = table.view
        if view.hand is None and Bid.BLIND_SEVEN in view.legal:
            break
    else:  # pragma: no cover
        pytest.fail("no seed gives the learner a Blind Seven decision")
    check_table(table)
    button = table.button_for(Bid.BLIND_SEVEN)
    assert shown(button) and "team contract 7" in button.tooltip
    button.click()
    assert table.game.hand.bids[S] == Bid.BLIND_SEVEN
    assert table.game.hand.bids[N] == Bid.BLIND_SEVEN or table.game.hand.bids[N] is None
    check_table(table)


@pytest.mark.parametrize(
    "spec", ["cards4net+mirror", "classic+whiz", "cards4net+suicide", "yppedia+suicide"]
)
def test_bid_panel_offers_exactly_the_legal_bids(spec: str) -> None:
    for seed in range(6):
        table = SpadesTable(spec, seed=seed, pause=0)
        if table.view.hand is None:
            table.look()
        check_table(table)  # compares the buttons shown with legal_actions()
        legal = set(table.view.legal)
        if "mirror" in spec:
            assert len(legal) == 1
        if "whiz" in spec:
            assert len(legal) <= 2
        for n in range(1, 14):  # (0 under classic is read as Nil)
            if Bid(n) not in legal:
                before = snapshot(table)
                table.button_for(Bid(n)).click()  # a hidden button, clicked anyway
                assert snapshot(table) == before
                assert table.message.startswith("Not allowed")
                break


# ------------------------------------------------------------ robustness
def test_refusals_change_nothing() -> None:
    table = SpadesTable("cards4net", seed=12, pause=0, double_click_guard=0)
    if table.view.hand is None:
        table.look()
    refusals = [
        lambda: table.play("AS"),  # not the time to play
        lambda: table.bid(14),
        lambda: table.bid("three"),
        lambda: table.keep(),
        lambda: table.exchange("2C 3D"),
        lambda: table.new_hand(),
        lambda: table.command("XYZ"),
    ]
    for refuse in refusals:
        before = snapshot(table)
        assert refuse() is False
        assert snapshot(table) == before
        assert table.message.startswith("Not allowed: ")
    assert table.bid(3)
    # now playing: an illegal card, by the API and by clicking its (disabled) button
    assert table.learner_to_move() and table.view.phase is Phase.PLAYING
    hand = table.game.hand
    illegal = [c for c in hand.holding[S] if not hand.is_legal(c)]
    not_held = next(c for c in hand.rules.deck if c not in hand.holding[S])
    for card in [*illegal[:2], not_held]:
        before = snapshot(table)
        why = hand.why_illegal(card, S)
        button = table.button_for(card)
        assert button.disabled or not shown(button)
        button.click()
        assert snapshot(table) == before
        assert table.message.splitlines()[0] == f"Not allowed: {why}"
        assert table.play(card) is False and snapshot(table) == before
    # the message line keeps the events under the refusal
    assert len(table.message.splitlines()) > 1


def test_double_click_never_plays_two_cards() -> None:
    table = SpadesTable("cards4net", seed=31, pause=0, double_click_guard=0)
    choose = random_policy(31)
    while not (table.learner_to_move() and table.view.phase is Phase.PLAYING):
        act_by_api(table, choose(table))
    card = table.view.legal[0]
    button = table.button_for(card)
    button.click()
    after_first = snapshot(table)
    played = [
        a for s, a, _ in table.game.hand.history if s == S and isinstance(a, Card)
    ]
    button.click()  # the same button again: its card is gone from the hand
    assert snapshot(table) == after_first
    assert table.message.startswith("Not allowed")
    again = [a for s, a, _ in table.game.hand.history if s == S and isinstance(a, Card)]
    assert again == played
    # with the time guard (the default), a quick second click says so
    guarded = SpadesTable("two-player", seed=3, pause=0)
    if guarded.view.hand is None:
        guarded.look()
    assert guarded.learner_to_move() and guarded.view.drawn is not None
    keep = guarded.button_for(KEEP)
    keep.click()
    after_first = snapshot(guarded)
    assert guarded.learner_to_move()  # the bot drew at once: Keep is live again
    keep.click()
    assert snapshot(guarded) == after_first
    assert "double click" in guarded.message


class Boom:
    """A bot that fails."""

    name = "boom"

    def __init__(self, mode: str) -> None:
        self.mode = mode

    def act(self, view: Any) -> Action:
        if self.mode == "raise":
            raise RuntimeError("boom")
        return Card.parse("BJ")  # never legal here

    def explain(self, view: Any) -> Any:  # pragma: no cover - not asked
        raise RuntimeError("boom")

    def reset(self) -> None:  # pragma: no cover
        pass


@pytest.mark.parametrize("mode", ["raise", "illegal"])
def test_a_failing_bot_shows_a_message_and_the_game_goes_on(mode: str) -> None:
    table = SpadesTable(short("cards4net"), seed=2, pause=0)
    table.set_bot(W, Boom(mode))
    play_game(table, random_policy(1), act_by_api, check=True)
    assert table.game.is_over
    assert table.errors and all("West's bot (boom) failed" in e for e in table.errors)
    assert any("A random legal action was played" in line for line in table.log)


def test_an_error_in_a_callback_becomes_a_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = SpadesTable("cards4net", seed=2, pause=0)

    def broken(*args: Any, **kwargs: Any) -> None:
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(table, "_act", broken)
    assert table.bid(3) is None
    assert "Something went wrong: ZeroDivisionError: oops" in table.message
    monkeypatch.undo()
    table.render()
    check_table(table)


# ------------------------------------------------------------ tools
def test_hint_highlights_its_choice_and_the_typed_command_box() -> None:
    table = SpadesTable("cards4net", seed=6, pause=0)
    tip = table.hint()
    assert tip is not None and tip.action in table.view.legal
    assert table.message.splitlines()[-1].startswith(f"Hint from the {tip.level} bot")
    assert table.button_for(tip.action).button_style == "info"
    box = table.controls["command"]
    mine = sum(1 for s, _, _ in table.game.hand.history if s == S)
    box.value = "look" if table.view.hand is None else "3"
    assert box.value == ""
    assert sum(1 for s, _, _ in table.game.hand.history if s == S) == mine + 1


def test_new_game_from_the_options_panel() -> None:
    table = SpadesTable("cards4net", seed=6, pause=0, double_click_guard=0)
    controls = table.controls
    controls["preset"].value = "classic"
    controls["mod_mirror"].value = True
    controls["partner"].value = "random"
    controls["seed"].value = 99
    controls["target"].value = 200
    controls["new_game"].click()
    assert table.rules.spec == "classic+mirror" and table.rules.target == 200
    assert table.seed == 99 and table.levels[N] == "random"
    check_table(table)
    controls["new_game"].click()  # the seed box still says 99: a new game, new seed
    assert table.seed != 99 and controls["seed"].value == table.seed
    assert table.game.hand.number == 1 and table.rules.spec == "classic+mirror"
    controls["mod_whiz"].value = True  # mirror and whiz do not mix
    before = snapshot(table)
    controls["new_game"].click()
    assert snapshot(table) == before and "mirror cannot be combined" in table.message
    assert table.button_for("3C").style.text_color == suit_colour(Suit.CLUBS, False)
    controls["four_colour"].value = True
    assert table.button_for("3C").style.text_color == suit_colour(Suit.CLUBS, True)
    assert suit_colour(Suit.CLUBS, True) != suit_colour(Suit.CLUBS, False)
    controls["timer"].value = 7
    assert table.timer == 7


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    table = SpadesTable("yppedia", seed=8, pause=0)
    choose = random_policy(5)
    for _ in range(9):
        act_by_api(table, choose(table))
    path = tmp_path / "game.json"
    assert table.save(path) and "Saved the game" in table.message
    assert json.loads(path.read_text())["rules"] == "yppedia"
    other = SpadesTable("two-player", seed=1, pause=0)  # the record brings its rules
    other.controls["path"].value = str(path)
    other.controls["load"].click()
    assert record.dumps(other.game) == record.dumps(table.game)
    assert other.view == table.view
    check_table(other)
    # the loaded game plays on
    finish_hand(other, random_policy(6), act_by_api)
    assert other.shown_hand.is_over and other.shown_hand.number == 1
    before = snapshot(other)
    assert other.load(tmp_path / "missing.json") is False
    assert snapshot(other) == before and "could not load" in other.message
    bad = tmp_path / "bad.json"
    bad.write_text('{"rules": "cards4net", "hands": [{"dealer": "Q"}]}')
    assert other.load(bad) is False and snapshot(other) == before


# ------------------------------------------------------------ review
def _played_hand(seed: int) -> tuple[SpadesTable, list[Any]]:
    """A hand played by a random learner, with the views the learner had."""
    table = SpadesTable("cards4net", seed=seed, pause=0, review_level="rule")
    choose = random_policy(seed)
    seen = []
    while not table.between_hands:
        seen.append(table.view)
        act_by_api(table, choose(table))
    return table, seen


def test_review_rebuilds_exactly_the_views_the_learner_had() -> None:
    table, seen = _played_hand(14)
    hand = table.shown_hand
    found = decisions(hand, S)
    assert [d.view for d in found] == seen
    assert [d.action for d in found] == [a for s, a, _ in hand.history if s == S]
    plays = [d for d in found if isinstance(d.action, Card)]
    assert [d.trick for d in plays] == list(range(1, 14))
    for decision in found:  # each view holds the learner's cards of that moment
        played = {a for s, a, _ in hand.history[: decision.index] if s == S}
        expected = set(hand.initial[S]) - played
        assert set(decision.view.hand or expected) == expected
        assert len(decision.view.played_cards()) == sum(
            isinstance(a, Card) for _, a, _ in hand.history[: decision.index]
        )


def test_review_marks_the_decisions_a_bot_would_take_differently() -> None:
    table, seen = _played_hand(21)
    review = table.review()
    assert review is not None and review.level == "rule"
    assert table.message.endswith(review.summary())
    assert len(review.entries) == len(seen)
    for n, (entry, view) in enumerate(zip(review.entries, seen, strict=True)):
        assert entry.decision.view == view
        if len(view.legal) == 1:
            assert entry.forced and entry.mark == "·"
            continue
        # the same bot, asked independently from the learner's view
        tip = hint(
            view, "rule", seed=f"review/{table.seed}/{entry.decision.view.number}/{n}"
        )
        assert entry.suggestion.action == tip.action
        differs = tip.action != entry.decision.action and not equivalent(
            view, tip.action, entry.decision.action
        )
        assert entry.differs == differs
        assert entry.mark == ("✗" if differs else ("✓" if entry.agrees else "≈"))
        if differs:
            assert tip.reason.rstrip(".") in entry.sentence()
    assert review.differences  # a random learner is never perfect
    # the table shows it trick by trick
    assert "Check my play" in table._review_html.value
    table.controls["review_next"].click()
    table.controls["review_next"].click()
    assert "Trick 2" in table._review_html.value
    assert review.step_text(2).startswith("Trick 2:")


def test_review_of_an_implicit_look_splits_it() -> None:
    game = Game("cards4net", seed=3)
    while game.turn != game.hand.bid_order[0]:  # pragma: no cover
        game.apply(game.legal_actions()[0])
    first = game.turn
    game.apply(4)  # a bid while the cards are face down: looks first
    while not game.finished_hands:
        game.apply(game.hand.random_action(game.rng))
    hand = game.hands[0]
    found = decisions(hand, first)
    assert found[0].action is LOOK and found[0].view.hand is None
    assert found[1].action == Bid(4) and found[1].view.hand is not None
    review = review_hand(hand, first, level="random", seed=1)
    assert len(review.entries) == len(found)


def test_equivalent_cards() -> None:
    deal = {
        "S": "AS KS QS 10S 2H 3H 5H 9D 8D 7D 2C 4C 6C",
        "N": "4H 6H 7H 8H 9H 10H JH QH KH AH 3C 5C 7C",
        "E": "JS 9S 8S 7S 6S 5S 4S 3S 2S 2D 3D 4D 5D",
        "W": "6D 10D JD QD KD AD 8C 9C 10C JC QC KC AC",
    }
    hand = Hand("cards4net", dealer="W", deal=deal)
    for bid in (1, 1, 1, 1):
        hand.apply(bid)
    view = hand.view("S")

    def same(a: str, b: str, v: Any = None) -> bool:
        return equivalent(v or view, Card.parse(a), Card.parse(b))

    assert same("AS", "KS") and same("KS", "QS") and same("AS", "QS")
    assert not same("QS", "10S")  # the jack of spades is out
    assert same("2H", "3H") and not same("3H", "5H")  # the four of hearts is out
    assert same("9D", "7D")  # the eight of diamonds is ours
    assert not same("2C", "4C") and not same("2H", "2C")
    hand.apply("4H")  # North leads the four of hearts
    hand.apply("2D")
    assert same("3H", "5H", hand.view("S"))  # now nothing lies between them
    assert not equivalent(view, Bid(3), Bid(4)) and equivalent(view, Bid(3), Bid(3))


def test_hint_and_review_levels_default_to_the_strongest_installed() -> None:
    from spadeslib.bots import BOTS

    table = SpadesTable(seed=1, pause=0)
    assert table.review_level == next(
        lv for lv in ("search", "rule", "random") if lv in BOTS
    )
    assert make_bot(table.hint_level).name == table.hint_level


# ------------------------------------------------------------ asyncio (Jupyter)
async def _until(predicate: Any, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not predicate():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.002)


def test_bots_play_in_a_task_and_clicks_from_another_thread_are_marshalled() -> None:
    async def main() -> None:
        table = SpadesTable("cards4net", seed=4, pause=0.01, mode="async")
        assert table.busy or table.learner_to_move()
        rng = random.Random(1)
        refused_during_bots = 0
        while not table.between_hands:
            await _until(lambda: table.learner_to_move() or table.between_hands)
            if table.between_hands:
                break
            check_table(table)
            action = rng.choice(table.view.legal)
            if isinstance(action, Card):
                # a click arriving on another thread (as from a JupyterLab subshell)
                moves = len(table.game.hand.history)
                thread = threading.Thread(target=table.button_for(action).click)
                thread.start()
                thread.join()
                assert len(table.game.hand.history) == moves  # not yet: handed over
                await _until(lambda n=moves: len(table.game.hand.history) > n)
            else:
                act_by_api(table, action)
            if table.busy:  # a bot's turn: a click now is refused, nothing changes
                before = snapshot(table)
                held = table.game.hand.holding[S]
                if held:
                    table.button_for(held[0]).click()
                    assert snapshot(table) == before
                    assert "turn" in table.message.splitlines()[0]
                    refused_during_bots += 1
        assert refused_during_bots > 0
        assert table.shown_hand.is_over and table.errors == []

    asyncio.run(main())


def test_move_timer_plays_a_random_legal_move() -> None:
    async def main() -> None:
        table = SpadesTable("yppedia", seed=4, pause=0.001, timer=0.05, mode="async")
        await _until(table.learner_to_move)
        before = len(table.game.hand.history)
        await _until(lambda: len(table.game.hand.history) > before, timeout=5)
        assert any(line.startswith("Time is up") for line in table.log)
        table.controls["timer"].value = 0
        assert table.timer is None

    asyncio.run(main())
