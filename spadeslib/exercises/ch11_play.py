"""Chapter 11 exercises: playing and reviewing with the library.

Play hands with bots from code, review a finished hand, read a game record,
and let the coach review your seat's plays ("check my play").

>>> from spadeslib.exercises import key_text, load
>>> q1, q2, q3, q4 = load("11_play", seed=1)
>>> q2.feedback(key_text(q2)).correct, q3.feedback(key_text(q3)).correct
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .. import record
from ..cards import Suit
from ..game import Game
from ..hand import Hand
from ..rules import Rules
from ..seats import Seat
from .answer_lists import TrickNumbers
from .answers import Whole
from .ch11_check_my_play import CheckMyPlay
from .feedback import Feedback, Mistake
from .reading import AnswerError, plural
from .scenarios import (
    deal,
    new_seed,
    sensible,
    tricks_text,
)
from .specs import SetSpec, Spec

CHAPTER = "11_play"
CHAPTER_GAME_SEED = 7
"""The seed of the game chapter 11's *Bots in every seat* plays
(``Game("cards4net", seed=7)``), which a learner may copy for 11.1."""
TITLE = "Play"
INTRO = (
    "They use the library the way the play chapter does: play hands with bots in "
    "every seat, review a finished hand, load a saved game at a table, and check a "
    "beginner's play with the search coach. Each needs a few lines of code, all "
    "shown in chapter 11."
)


def one_side(answer: Any, side: str, game: str) -> Any:
    """``answer``, unless it is both sides' scores (``game.scores`` itself):
    then an :class:`AnswerError` saying to take one side's."""
    if isinstance(answer, Mapping):
        raise AnswerError(
            f"that is both sides' scores; take one side's score: "
            f"{game}.scores['{side}']"
        )
    return answer


class PlayWithBots(Spec):
    number = 1
    title = "Play two hands with the bots"
    intro = "Write the code in the empty cell, then give the score."
    worked = """\
from spadeslib.bots import make_bot, play_until

game = Game("cards4net", seed=q1.game_seed)
bots = {seat: make_bot("rule") for seat in game.hand.seats}
play_until(game, bots, hands=2)
"""
    answer_code = 'game.scores["NS"]'
    public = ("game_seed",)
    chapter = CHAPTER
    answer = Whole("points (North-South's score)")
    must_catch = ("last-hand",)

    def generate(self, rng: random.Random) -> None:
        self.game_seed = rng.randrange(1000, 10000)

    def play(
        self, seed: int | None = None, level: str = "rule", hands: int | None = 2
    ) -> Game:
        """The game the exercise asks for (or the same with another
        ``seed``, bot ``level`` or number of ``hands``: ``None``, the whole
        game), played by the library."""
        from ..bots import make_bot, play_until

        game = Game("cards4net", seed=self.game_seed if seed is None else seed)
        bots = {seat: make_bot(level) for seat in game.hand.seats}
        play_until(game, bots, hands=hands)
        return game

    def score(
        self, seed: int | None = None, level: str = "rule", hands: int | None = 2
    ) -> int:
        """North-South's score in :meth:`play`'s game (remembered)."""
        memo = self._cache.setdefault("scores", {})
        if (seed, level, hands) not in memo:
            memo[seed, level, hands] = self.play(seed, level, hands).scores["NS"]
        return int(memo[seed, level, hands])

    def parse(self, answer: Any) -> Any:
        return super().parse(one_side(answer, "NS", "game"))

    def key(self) -> int:
        if "game" not in self._cache:
            self._cache["game"] = self.play()
        return int(self._cache["game"].scores["NS"])

    def prompt(self) -> str:
        return (
            f'Make a game with `Game("cards4net", seed={self.game_seed})` (this is '
            "`q1.game_seed`), give every seat a rule bot "
            '(`make_bot("rule")`), and let `play_until(game, bots, hands=2)` play '
            "two hands, as chapter 11 does in *Bots in every seat*. What is "
            "North-South's score after the two hands?"
        )

    def mistakes(self) -> list[Mistake]:
        self.key()
        game: Game = self._cache["game"]
        results = game.results()
        return [
            Mistake(
                "last-hand",
                results[1]["NS"].points,
                "that is what North-South scored in hand 2 alone; the score is the "
                "running total (`game.scores`)",
            ),
            Mistake(
                "first-hand",
                results[0]["NS"].points,
                "that is North-South's result in hand 1; play two hands",
            ),
            Mistake(
                "other-side",
                game.scores["EW"],
                "that is East-West's score; the question asks for North-South",
            ),
            *self.seed_mistakes(),
            Mistake(
                "whole-game",
                self.score(hands=None),
                "that is North-South's score at the end of the whole game: without "
                "`hands=2`, `play_until` plays until the game is over",
            ),
            Mistake(
                "chapter-seed",
                self.score(CHAPTER_GAME_SEED),
                f"that is North-South's score in chapter 11's game (`seed="
                f"{CHAPTER_GAME_SEED}`); build this one with `seed=q1.game_seed` "
                f"({self.game_seed})",
            ),
        ]

    def diagnose(self, parsed: Any) -> Feedback | None:
        """The game with search bots (``make_bot("search")``), asked only of
        an answer no other mistake explains: its game takes a second."""
        if parsed == self.expected or any(parsed == m.answer for m in self.mistakes()):
            return None
        if parsed != self.score(level="search"):
            return None
        return Feedback(
            "incorrect",
            'that is the score with search bots (`make_bot("search")`); the '
            'question asks for rule bots, `make_bot("rule")`',
            "search-bots",
        )

    def seed_mistakes(self) -> list[Mistake]:
        """The game built with the notebook's ``SEED`` (the exercise's seed)
        instead of ``q1.game_seed``."""
        if self.seed == self.game_seed:
            return []
        return [
            Mistake(
                "exercise-seed",
                self.score(self.seed),
                f"that is North-South's score in the game of `seed={self.seed}` "
                "(`SEED`, the seed of the exercises); build the game with "
                f"`seed=q1.game_seed` ({self.game_seed})",
            )
        ]

    def hint(self) -> str:
        return (
            "`from spadeslib.bots import make_bot, play_until`; build a dict "
            "`{seat: bot}` for `game.hand.seats`, then read `game.scores`."
        )

    def explain(self) -> str:
        self.key()
        game: Game = self._cache["game"]
        rows = [
            f"Hand {i}: NS {r['NS'].points:+d}, EW {r['EW'].points:+d}"
            for i, r in enumerate(game.results(), 1)
        ]
        return "; ".join(rows) + f". Totals: {game.scores}."


class Trumping(SetSpec):
    number = 2
    title = "Review a hand: tricks won by trumping"
    intro = "Read the tricks of a finished hand."
    chapter = CHAPTER
    answer = TrickNumbers()
    # neither a trick left out nor one listed wrongly is named (see below)
    names_missing = False
    names_extra = False

    def generate(self, rng: random.Random) -> None:
        self.hand: Hand = deal(Rules("cards4net"), rng)
        play_rng = random.Random(new_seed(rng))
        while not self.hand.is_over:
            self.hand.apply(sensible(self.hand, play_rng), check=False)
        self.seat = rng.choice(list(Seat))

    def kind(self, number: int) -> str:
        trick = self.hand.tricks[number - 1]
        card = trick.card_of(self.seat)
        assert card is not None
        led = trick.plays[0][1].suit
        if card.suit is not Suit.SPADES:
            partner = trick.card_of(self.seat.partner)
            spade = partner is not None and partner.suit is Suit.SPADES
            if spade and led is not Suit.SPADES:
                return "partner-trumped"
            return "no-spade"
        if led is Suit.SPADES:
            return "spade-led"
        return "won" if trick.winner == self.seat else "overtrumped"

    def acceptable(self) -> bool:
        kinds = [self.kind(n) for n in range(1, 14)]
        return "won" in kinds and ("spade-led" in kinds or "overtrumped" in kinds)

    def key(self) -> frozenset[int]:
        return frozenset(n for n in range(1, 14) if self.kind(n) == "won")

    def universe(self) -> list[int]:
        return list(range(1, 14))

    def item_text(self, item: Any) -> str:
        return f"trick {item}"

    def prompt(self) -> str:
        return (
            f"A finished hand:\n{tricks_text(self.hand.tricks)}\nIn which tricks did "
            f"{self.seat.full} win by trumping (a spade on a trick led in another "
            "suit)?"
        )

    def why_not(self, item: Any) -> str:
        trick = self.hand.tricks[item - 1]
        card = trick.card_of(self.seat)
        assert card is not None
        kind = self.kind(item)
        if kind == "spade-led":
            return (
                f"spades were led, so {self.seat.full}'s {card.symbol} followed "
                "suit; that is not trumping"
            )
        if kind == "overtrumped":
            assert trick.winner is not None
            return (
                f"{self.seat.full} trumped with {card.symbol} but "
                f"{trick.winner.full} overtrumped"
            )
        partner = ""
        if kind == "partner-trumped":
            partner = f"; {self.seat.partner.full}, the partner, trumped"
        return f"{self.seat.full} played {card.symbol}, not a spade{partner}"

    def why_yes(self, item: Any) -> str:
        trick = self.hand.tricks[item - 1]
        card = trick.card_of(self.seat)
        assert card is not None
        return (
            f"{self.seat.full} played {card.symbol} on a "
            f"{trick.plays[0][1].suit.singular} lead and won the trick"
        )

    # A wrong answer names the kind of mistake, never the trick: naming it
    # would hand over the answer ("none" would get "you left out trick 7").
    # The solution names every trick.
    def kind_text(self, kind: str) -> str:
        """What is wrong with listing a trick of ``kind`` (no trick named)."""
        seat = self.seat.full
        return {
            "spade-led": (
                f"you listed a trick in which spades were led: {seat}'s spade "
                "followed suit there, and following suit is not trumping"
            ),
            "overtrumped": (
                f"you listed a trick in which {seat} trumped but another player "
                f"played a higher spade (overtrumped), so {seat} did not win it"
            ),
            "no-spade": f"you listed a trick in which {seat} played no spade",
            "partner-trumped": (
                f"you listed a trick in which {seat} played no spade: there "
                f"{self.seat.partner.full}, {seat}'s partner, trumped"
            ),
        }[kind]

    def missing_text(self, missing: Sequence[Any]) -> str:
        """What is wrong with leaving out tricks of the key."""
        return (
            f"you left out {plural(len(missing), 'trick')} that {self.seat.full} "
            "won by trumping: look again for tricks led in another suit in which "
            f"{self.seat.full} played a spade and took the trick"
        )

    def extra_text(self, extra: Sequence[Any]) -> list[str]:
        """Each kind of mistake among the tricks listed wrongly, once."""
        kinds = dict.fromkeys(map(self.kind, extra))
        return [self.kind_text(kind) for kind in kinds]

    def _order(self, item: Any) -> Any:
        return item  # trick numbers, in order

    def hint(self) -> str:
        return (
            "Look for tricks whose first card is not a spade, where the seat played a "
            "spade and is the winner."
        )

    def explain(self) -> str:
        return (
            "; ".join(f"trick {n}: {self.why_yes(n)}" for n in sorted(self.expected))
            + "."
        )


class ReadRecord(Spec):
    number = 3
    title = "Read a game record"
    intro = (
        "A saved game is a record: JSON text that *Save* writes and *Load* reads back "
        "at a table."
    )
    worked = """\
from spadeslib.table import SpadesTable

table = SpadesTable(seed=1, speed="instant")  # any seed: the record replaces its game
table.from_json(q3.record)
print(table.game)
"""
    answer_code = 'table.game.scores["EW"]'
    public = ("record",)
    chapter = CHAPTER
    answer = Whole("points (East-West's score)")
    must_catch = ("other-side",)

    def generate(self, rng: random.Random) -> None:
        game = Game("classic", seed=new_seed(rng))
        play_rng = random.Random(new_seed(rng))
        while len(game.finished_hands) < 2:
            game.apply(sensible(game.hand, play_rng), check=False)
        self.record = record.dumps(game)

    def game(self) -> Game:
        return record.loads(self.record)

    def parse(self, answer: Any) -> Any:
        return super().parse(one_side(answer, "EW", "table.game"))

    def key(self) -> int:
        return int(self.game().scores["EW"])

    def prompt(self) -> str:
        return (
            "`q3.record` holds a game record (JSON) of a `classic` game, as *Save* "
            f"writes it:\n{self.record[:160]}...\nLoad it at a table, as chapter 11 "
            "does (`table.from_json(q3.record)`, what *Load* does with a file), and "
            "give East-West's score after the hands it records (`table.game.scores`)."
        )

    def mistakes(self) -> list[Mistake]:
        game = self.game()
        results = game.results()
        return [
            Mistake(
                "other-side",
                game.scores["NS"],
                "that is North-South's score; read `table.game.scores['EW']`",
            ),
            Mistake(
                "last-hand",
                results[-1]["EW"].points,
                "that is East-West's result in the last hand only; the score is the "
                "running total",
            ),
            Mistake(
                "first-hand",
                results[0]["EW"].points,
                "that is East-West's result in hand 1 only; the record holds "
                f"{len(results)} hands, and the score is the running total",
            ),
        ]

    def hint(self) -> str:
        return (
            "`from spadeslib.table import SpadesTable`, then "
            '`table = SpadesTable(seed=1, speed="instant")`, '
            "`table.from_json(q3.record)`, then `table.game.scores`."
        )

    def explain(self) -> str:
        game = self.game()
        rows = [
            f"hand {i}: EW {r['EW'].points:+d}" for i, r in enumerate(game.results(), 1)
        ]
        return f"{', '.join(rows)}; EW's total is {game.scores['EW']}."


EXERCISES = [PlayWithBots, Trumping, ReadRecord, CheckMyPlay]
