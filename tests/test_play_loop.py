"""The loop that drives bots (``play_until``) and the validated
``Game.apply`` it uses: hands counted without scanning the game, illegal
choices refused with the bot, seat and rule named and nothing changed,
the same decisions as applying each bot's choice by hand; and the
``spades`` command's core commands start without the extensions."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import game_snapshot
from spadeslib import LOOK, Game, IllegalAction, RuleId
from spadeslib.actions import Action
from spadeslib.bots import BotError, make_bot, play_until
from spadeslib.cli import build_parser
from spadeslib.view import PlayerView


class _LastChoice:
    """Plays the last legal action, except one chosen illegal action."""

    name = "stubborn"

    def __init__(self, illegal: Action | None = None) -> None:
        self.illegal = illegal

    def act(self, view: PlayerView) -> Action:
        if self.illegal is not None and self.illegal not in view.legal:
            return self.illegal
        return view.legal[-1]


@pytest.mark.parametrize("rules", ["cards4net", "classic+jokers", "two-player"])
def test_play_until_makes_the_decisions_of_a_loop_over_views(rules: str) -> None:
    looped = Game(rules, seed=9)
    bots = {s: make_bot("random", seed=f"9/{s.letter}") for s in looped.hand.seats}
    play_until(looped, bots, hands=3)
    by_hand = Game(rules, seed=9)
    again = {s: make_bot("random", seed=f"9/{s.letter}") for s in by_hand.hand.seats}
    while len(by_hand.finished_hands) < 3 and not by_hand.is_over:
        seat = by_hand.turn
        assert seat is not None
        by_hand.apply(again[seat].act(by_hand.view(seat)))
    assert game_snapshot(looped) == game_snapshot(by_hand)
    assert len(looped.finished_hands) == 3


def test_play_until_counts_hands_from_where_the_game_stands() -> None:
    game = Game("cards4net", seed=4)
    bots = {s: make_bot("random", seed=s.letter) for s in game.hand.seats}
    play_until(game, bots, hands=2)
    play_until(game, bots, hands=1)
    assert len(game.finished_hands) == 3 and not game.hand.history


def test_play_until_stops_when_asked_and_at_a_seat_without_a_bot() -> None:
    game = Game("cards4net", seed=4)
    bots = {s: make_bot("random", seed=s.letter) for s in game.hand.seats}
    play_until(game, bots, stop=lambda g: len(g.hand.tricks) == 5)
    assert len(game.hand.tricks) == 5 and not game.finished_hands
    north_missing = {s: b for s, b in bots.items() if s.letter != "N"}
    play_until(game, north_missing)
    assert game.turn is not None and game.turn.letter == "N"


def test_an_illegal_choice_names_the_bot_the_seat_and_the_rule() -> None:
    game = Game("cards4net", seed=2)
    bots = {s: _LastChoice() for s in game.hand.seats}
    play_until(game, bots, stop=lambda g: g.hand.phase.value == "playing")
    seat = game.turn
    assert seat is not None
    held = game.view(seat).holding
    assert held is not None
    missing = next(c for c in game.rules.deck if c not in held)
    before = game_snapshot(game)
    bots[seat] = _LastChoice(illegal=missing)
    with pytest.raises(BotError) as raised:
        play_until(game, bots)
    message = str(raised.value)
    assert message.startswith(
        f"bot 'stubborn' at {seat.full}, hand 1 (seed 2/1), trick 1: "
        f"chose {missing.symbol}:"
    )
    assert message.endswith("[rule: card-not-held]")
    assert f"does not hold the {missing.name}" in message
    assert game_snapshot(game) == before


def test_validated_apply_refuses_without_change_and_reads_text() -> None:
    game = Game("cards4net", seed=3)
    before = game_snapshot(game)
    with pytest.raises(IllegalAction) as raised:
        game.apply("AS")  # a card while bidding
    assert raised.value.rule == RuleId.WRONG_PHASE
    assert game_snapshot(game) == before
    seat = game.turn
    assert seat is not None
    with pytest.raises(IllegalAction) as raised:
        game.apply(game.legal_actions()[0], seat.left)
    assert raised.value.rule == RuleId.NOT_YOUR_TURN
    game.apply("look")  # text is read as the phase expects it
    assert game.hand.history[-1][1] is LOOK and game_snapshot(game) != before


def test_core_commands_are_built_without_the_extensions() -> None:
    core = build_parser(extensions=False)._subparsers._actions[1].choices  # type: ignore[union-attr]
    full = build_parser()._subparsers._actions[1].choices  # type: ignore[union-attr]
    assert set(core) == {"rules", "play", "replay", "bench"} < set(full)
    code = (
        "import sys\n"
        "from spadeslib.cli import main\n"
        "sys.argv = ['spades', 'play', '--hands', '1', '--no-progress']\n"
        "assert main() == 0\n"
        "print(sorted(m for m in sys.modules if m.startswith(('spadeslib.exercises',"
        " 'spadeslib.analysis', 'spadeslib.parallel', 'spadeslib.record'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip().splitlines()[-1] == "[]"
