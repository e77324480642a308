"""A headless Spades table: the game, the bots, the turn loop and the coach.

:class:`TableSession` is everything the table does except drawing it. It
owns the engine's :class:`~spadeslib.Game` (the only game state), the bot
level at each other seat, the turn loop (bots move after the learner, at a
chosen speed), the pause, the move timer, undo, "replay this deal", new
games, saving and loading, hints, the hand estimate and the review. The
widget (:mod:`spadeslib.table.app`) only draws :meth:`TableSession.view` and
sends the learner's clicks here; tests and notebooks drive it directly.

Bots are rebuilt for every decision, seeded by the position (game seed,
seat, hand and move number), so the same position always gets the same bot
move: after :meth:`~TableSession.undo` or :meth:`~TableSession.replay_deal`
the bots replay exactly, and a game can be rebuilt from the learner's own
decisions alone (:meth:`~TableSession.resume_token`).

>>> table = TableSession("classic", seed=2024)
>>> table.learner_to_move(), table.view.phase.value
(True, 'bidding')
>>> table.bid(20), table.notice
(False, 'You cannot bid 20: bids go from 1 to 13 or Nil.')
>>> table.bid(3), table.view.bids[table.seat].label()
(True, '3')
>>> table.undo(), table.seat in table.view.bids
(True, False)
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from ..actions import KEEP, LOOK, TAKE_NEXT, Action, Bid, Card, Discard, Exchange
from ..actions import Look as _Look
from ..bots import BOTS, BotError, make_bot
from ..errors import InvalidRecord, SpadesError
from ..game import Game
from ..hand import Hand, Phase
from ..rules import Rules
from ..seats import Seat
from ..view import PlayerView
from .advisor import Advisor, Estimate, TableReview, Tip
from .narrate import Snapshot, narrate, seat_name, side_name
from .review import describe
from .words import refusal

__all__ = ["DEFAULT_LEVELS", "MAX_UPLOAD", "SPEEDS", "TableSession", "ladder"]

SPEEDS: dict[str, float | None] = {
    "step": None,
    "slow": 1.6,
    "normal": 0.8,
    "fast": 0.3,
    "instant": 0.0,
}
"""Seconds between the bots' moves; ``step`` waits for :meth:`TableSession.step`."""

DEFAULT_LEVELS = ("rule", "search", "random")
"""The bots' default level: the first of these installed."""

MAX_UPLOAD = 1_000_000
"""Largest record or resume text accepted from the browser, in bytes."""


def ladder() -> list[str]:
    """The bot levels to offer, weakest first (``spadeslib.bots.LADDER`` when
    the bots provide one, else every installed level)."""
    from .. import bots

    levels = getattr(bots, "LADDER", None)
    return list(levels) if levels else list(BOTS)


def _first_level(preferred: Iterable[str]) -> str:
    installed = set(BOTS) | set(ladder())
    return next((lvl for lvl in preferred if lvl in installed), "random")


def _is_public(action: Action) -> bool:
    """Actions every seat sees: bids, looks and cards played."""
    return isinstance(action, (Card, Bid, _Look))


class TableSession:
    """One learner at a Spades table, bots in the other seats; no widgets.

    Parameters: ``rules`` (a :class:`~spadeslib.Rules` or a spec such as
    ``"classic+mirror"``) plus ``modifiers``; ``seed`` (the same seed deals
    the same game, bots included); ``seat`` (South; North or South for two
    players); ``partner`` and ``opponents`` (bot levels); ``speed`` (a key of
    :data:`SPEEDS`; without ``loop`` every speed but ``step`` plays the bots
    at once); ``timer`` (seconds per decision, default the rules'
    ``move_timer``; it runs only with a ``loop``); ``auto_next`` (deal the
    next hand at once); ``coach`` (the level hints and reviews come from);
    ``auto_review`` (review each finished hand); ``loop`` (an asyncio event
    loop for the bots' background moves and the timer).
    """

    def __init__(
        self,
        rules: Rules | str = "cards4net",
        *,
        modifiers: Iterable[str] = (),
        seed: int | str | None = None,
        seat: Seat | str = Seat.SOUTH,
        partner: str | None = None,
        opponents: str | None = None,
        speed: str = "instant",
        timer: float | None = None,
        auto_next: bool = False,
        coach: str | None = None,
        auto_review: bool = False,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self.seat = Seat.parse(seat)
        self._loop = loop
        self.auto_next = auto_next
        self.auto_review = auto_review
        self.coach_level = coach or _first_level(DEFAULT_LEVELS)
        self.paused = False
        self.log: list[str] = []
        """Every event and refusal shown, oldest first."""
        self.errors: list[str] = []
        """Bot and callback failures (each also in :attr:`log`)."""
        self.notice: str | None = None
        """The last refusal, in the second person; kept until the learner's
        next accepted decision."""
        self.between = False
        self.review_state = "none"
        """``"none"``, ``"pending"`` (being computed) or ``"ready"``."""
        self.last_review: TableReview | None = None
        self._recent: list[str] = []
        self._listeners: list[Callable[[], None]] = []
        self._epoch = 0
        self._task: asyncio.Task[None] | None = None
        self._timer_task: asyncio.Task[None] | None = None
        self._timer_key: tuple[Any, ...] | None = None
        self.timer_deadline: float | None = None
        self._tip: tuple[tuple[Any, ...], Tip] | None = None
        self._estimate: tuple[tuple[Any, ...], Estimate] | None = None
        self._games = 0
        self.speed = "instant"
        self.set_speed(speed)
        self._start(
            self._rules_of(rules, modifiers), seed, partner, opponents, timer, None
        )

    # ================================================================ setup
    @staticmethod
    def _rules_of(rules: Rules | str, modifiers: Iterable[str] = ()) -> Rules:
        base = rules if isinstance(rules, Rules) else Rules.parse(rules)
        mods = [m for m in modifiers if m not in base.modifiers]
        return Rules.preset(base.preset, [*base.modifiers, *mods]) if mods else base

    def _start(
        self,
        rules: Rules,
        seed: int | str | None,
        partner: str | None,
        opponents: str | None,
        timer: float | None,
        game: Game | None,
    ) -> None:
        if rules.players == 2 and self.seat not in (Seat.NORTH, Seat.SOUTH):
            raise SpadesError("in a two-player game you sit North or South")
        default = _first_level(DEFAULT_LEVELS)
        old = getattr(self, "levels", {})
        partner = partner or old.get(self.seat.partner) or default
        opponents = opponents or old.get(self.seat.left) or default
        for level in (partner, opponents):
            if level.split(":")[0] not in BOTS:
                raise SpadesError(
                    f"unknown bot level {level!r}: choose from {', '.join(ladder())}"
                )
        if game is None:
            if seed is None:
                seed = random.Random(
                    f"{getattr(self, 'seed', 0)}/{self._games}"
                ).randrange(10**6)
            game = Game(rules, seed=seed)
        self._cancel_tasks()
        self._epoch += 1
        self._games += 1
        self.game = game
        self.seed = game.seed
        self._replayable = True
        self.levels: dict[Seat, str] = {}
        for s in game.hand.seats:
            if s != self.seat:
                four = rules.players == 4 and s == self.seat.partner
                self.levels[s] = partner if four else opponents
        self.timer = timer if timer is not None else rules.move_timer
        self.advisor = Advisor(self.coach_level, seed=game.seed)
        self.between = False
        self.notice = None
        self._recent = []
        self._tip = self._estimate = None
        self.last_review, self.review_state = None, "none"

    # ============================================================ read-outs
    @property
    def rules(self) -> Rules:
        """The rules being played."""
        return self.game.rules

    @property
    def shown_hand(self) -> Hand:
        """The hand on the table: the one in play, or the one just finished
        while the table waits for :meth:`new_hand`."""
        if self.between and len(self.game.hands) > 1:
            return self.game.hands[-2]
        return self.game.hand

    @property
    def view(self) -> PlayerView:
        """The learner's view of :attr:`shown_hand`: all the table may show."""
        return self.shown_hand.view(self.seat)

    @property
    def message(self) -> str:
        """The refusal (if any), then what happened since your last decision."""
        return "\n".join(([self.notice] if self.notice else []) + self._recent)

    def learner_to_move(self) -> bool:
        """Whether the table waits for the learner's decision."""
        game = self.game
        return not game.is_over and not self.between and game.turn == self.seat

    def bot_to_move(self) -> bool:
        """Whether a bot is to move (now, or after the pause)."""
        game = self.game
        return (
            not game.is_over
            and not self.between
            and game.turn is not None
            and game.turn != self.seat
        )

    def state_key(self) -> tuple[Any, ...]:
        """Changes whenever the position changes (for hints and the timer)."""
        game = self.game
        return (self._epoch, len(game.hands), len(game.hand.history), self.between)

    @property
    def hint_shown(self) -> Tip | None:
        """The hint asked for in this position, if any."""
        if self._tip is not None and self._tip[0] == self.state_key():
            return self._tip[1]
        return None

    @property
    def estimate_shown(self) -> Estimate | None:
        """The hand estimate asked for in this position, if any."""
        if self._estimate is not None and self._estimate[0] == self.state_key():
            return self._estimate[1]
        return None

    @property
    def review_open(self) -> bool:
        """The review panel is open: the shown hand is over and reviewed."""
        review = self.last_review
        return (
            self.review_state != "none"
            and (self.between or self.game.is_over)
            and (review is None or review.number == self.shown_hand.number)
        )

    def can_undo(self) -> bool:
        """Whether the learner has a decision in the shown hand to take back."""
        return any(s == self.seat for s, _, _ in self.shown_hand.history)

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every change (the widget redraws then)."""
        self._listeners.append(callback)

    def changed(self) -> None:
        """Tell the listeners that something changed."""
        for callback in list(self._listeners):
            try:
                callback()
            except Exception as error:  # a broken listener must not stop play
                self.errors.append(f"redraw failed: {type(error).__name__}: {error}")

    def __repr__(self) -> str:
        return (
            f"TableSession(rules={self.rules.spec!r}, seed={self.seed!r}, "
            f"seat={self.seat.full})"
        )

    # ========================================================= the learner
    def bid(self, bid: Bid | int | str) -> bool:
        """Bid a number, ``"nil"``, ``"blind nil"`` or ``"blind seven"``."""
        return self._parsed(lambda: Bid.parse(bid))

    def play(self, card: Card | str) -> bool:
        """Play a card: ``table.play("QH")``."""
        return self._parsed(lambda: Card.parse(card))

    def look(self) -> bool:
        """Look at your cards (declining a blind bid)."""
        return self.act(LOOK)

    def keep(self) -> bool:
        """Two-player draw: keep the top card."""
        return self.act(KEEP)

    def take_next(self) -> bool:
        """Two-player draw: discard the top card and keep the next one."""
        return self.act(TAKE_NEXT)

    def exchange(self, cards: str | Iterable[Card | str]) -> bool:
        """Pass cards to your partner in a blind-nil exchange: ``"2C 3D"``."""
        return self._parsed(lambda: Exchange.of(_card_list(cards)))

    def discard(self, cards: str | Iterable[Card | str] = "") -> bool:
        """Two-player blind nil: discard up to three cards (possibly none)."""
        return self._parsed(lambda: Discard.of(_card_list(cards)))

    def command(self, text: str) -> bool:
        """Do what a typed move says: ``"QH"``, ``"4"``, ``"nil"``, ``"look"``,
        ``"keep"``, ``"pass 2C 3D"``, ``"discard 4H"``."""
        return self._parsed(lambda: self.game.hand.parse_action(text))

    def _parsed(self, parse: Callable[[], Action]) -> bool:
        try:
            action = parse()
        except SpadesError as error:
            return self.refuse(you_text(str(error)))
        return self.act(action)

    def refuse(self, text: str) -> bool:
        """Show a refusal (kept until the next accepted decision); nothing
        else changes. Returns ``False``."""
        self.notice = text
        self.log.append(text)
        self.changed()
        return False

    def act(self, action: Action) -> bool:
        """The learner's decision: refused by the engine (nothing changes) or
        applied; then the bots move."""
        if not self.learner_to_move():
            return self.refuse(self._not_your_turn())
        error = self.game.check(action, self.seat)
        if error is not None:
            return self.refuse(refusal(error, self.game.view(self.seat)))
        self.notice = None
        self._recent = []
        self._apply(self.seat, action)
        self._kick()
        self.changed()
        return True

    def _not_your_turn(self) -> str:
        game = self.game
        if game.is_over:
            return f"The game is over ({self._winner_words()}): start a new game."
        if self.between:
            return "This hand is over: press Next hand to deal the next one."
        assert game.turn is not None
        who = seat_name(game.turn, self.seat, game.rules)
        return f"Please wait: it is {who}'s turn."

    def _winner_words(self) -> str:
        game = self.game
        if game.winner is None:
            return "no winner"
        return f"{side_name(game.winner, self.seat, game.rules)} won"

    def _say(self, lines: list[str]) -> None:
        self._recent.extend(lines)
        self.log.extend(lines)

    def _apply(self, seat: Seat, action: Action) -> None:
        game = self.game
        hand = game.hand
        before = Snapshot.of(hand, self.seat)
        game.apply(action, seat)
        done = hand.history[-1][1]
        totals = game.scores if hand.is_over else None
        lines = narrate(hand, before, seat, done, self.seat, totals=totals)
        if hand.is_over:
            if game.is_over:
                scores = ", ".join(
                    f"{side_name(s, self.seat, game.rules)} {v}"
                    for s, v in game.scores.items()
                )
                lines.append(f"Game over: {self._winner_words()} ({scores}).")
            elif self.auto_next:
                lines.append(self._dealer_words())
            else:
                self.between = True
                lines.append(
                    f"Hand {hand.number} is over. Press Next hand to deal hand "
                    f"{game.hand.number}."
                )
            if self.auto_review and not self.auto_next:
                self._review_soon()
        self._say(lines)

    def _dealer_words(self) -> str:
        hand = self.game.hand
        who = seat_name(hand.dealer, self.seat, hand.rules)
        return f"Hand {hand.number}: {who} {'deal' if who == 'You' else 'deals'}."

    # ============================================================= the bots
    def _bot_action(self, seat: Seat) -> Action:
        game = self.game
        hand = game.hand
        level = self.levels[seat]
        position = f"{game.seed}/{seat.letter}/{hand.number}/{len(hand.history)}"
        try:
            action = make_bot(level, seed=position).act(game.view(seat))
            error = game.check(action, seat)
            if error is not None:
                raise BotError(f"it chose {action}: {error}")
        except Exception as error:
            who = seat_name(seat, self.seat, game.rules)
            text = (
                f"{who}'s bot ({level}) failed: {type(error).__name__}: {error}. "
                "A random legal move was played for it instead."
            )
            self.errors.append(text)
            self._say([text])
            action = hand.random_action(random.Random(f"{position}/fallback"))
        return action

    def _bot_step(self) -> None:
        seat = self.game.turn
        assert seat is not None and seat != self.seat
        self._apply(seat, self._bot_action(seat))

    def step(self) -> bool:
        """Let the next bot move (the ``step`` speed waits for this)."""
        if not self.bot_to_move():
            return self.refuse(
                "No bot is waiting to move."
                if not self.learner_to_move()
                else "It is your turn."
            )
        self._bot_step()
        self._arm_timer()
        self.changed()
        return True

    def set_speed(self, speed: str) -> None:
        """``"step"``, ``"slow"``, ``"normal"``, ``"fast"`` (or ``"instant"``)."""
        if speed not in SPEEDS:
            raise SpadesError(
                f"unknown speed {speed!r}: choose from {', '.join(SPEEDS)}"
            )
        self.speed = speed
        if hasattr(self, "game"):
            self._kick()
            self.changed()

    def pause(self, paused: bool = True) -> None:
        """Pause (or with ``False`` resume) the bots and the move timer."""
        self.paused = paused
        if paused:
            self._cancel_tasks()
        else:
            self._kick()
        self.changed()

    def _auto(self) -> bool:
        return not self.paused and SPEEDS[self.speed] is not None

    def _kick(self) -> None:
        """Let the bots move (now, or in the background at the chosen speed)
        and arm the move timer."""
        if not self.bot_to_move() or not self._auto():
            self._arm_timer()
            return
        delay = SPEEDS[self.speed]
        if self._loop is None or not delay:
            steps = 0
            while self.bot_to_move() and self._auto():
                self._bot_step()
                steps += 1
                if steps > 100_000:  # pragma: no cover - a safety net
                    raise RuntimeError("the bots did not stop")
            self._arm_timer()
            return
        if self._task is None or self._task.done():
            self._task = self._loop.create_task(self._bot_loop(self._epoch))

    async def _bot_loop(self, epoch: int) -> None:
        try:
            while epoch == self._epoch and self._auto() and self.bot_to_move():
                await asyncio.sleep(SPEEDS[self.speed] or 0)
                if epoch != self._epoch or not self._auto() or not self.bot_to_move():
                    break
                self._bot_step()
                self.changed()
        except Exception as error:  # shown on the table, never lost in a task
            self.errors.append(f"{type(error).__name__}: {error}")
            self.refuse(f"Something went wrong while the bots played: {error}")
        if epoch == self._epoch:
            self._arm_timer()
            self.changed()

    # ============================================================ the timer
    def _arm_timer(self) -> None:
        loop = self._loop
        if not self.timer or loop is None or self.paused or not self.learner_to_move():
            if self._timer_task is not None and not self._timer_task.done():
                self._timer_task.cancel()
            self.timer_deadline = None
            self._timer_key = None
            return
        key = self.state_key()
        if self._timer_key == key and self.timer_deadline is not None:
            return
        if self._timer_task is not None and not self._timer_task.done():
            self._timer_task.cancel()
        self._timer_key = key
        self.timer_deadline = loop.time() + float(self.timer)
        self._timer_task = loop.create_task(self._timer_loop(key, float(self.timer)))

    def timer_left(self) -> float | None:
        """Seconds left on the move timer (``None`` when it is not running)."""
        if self.timer_deadline is None or self._loop is None:
            return None
        return max(0.0, self.timer_deadline - self._loop.time())

    async def _timer_loop(self, key: tuple[Any, ...], seconds: float) -> None:
        await asyncio.sleep(seconds)
        if self.state_key() == key and not self.paused:
            self.timer_deadline = None
            self.timeout()

    def timeout(self) -> Action | None:
        """The move timer ran out: play a random legal move for the learner."""
        if not self.learner_to_move():
            return None
        hand = self.game.hand
        rng = random.Random(f"{self.seed}/timeout/{hand.number}/{len(hand.history)}")
        action = hand.random_action(rng)
        self.notice = None
        self._recent = []
        self._say([f"Time is up: {describe(action)} was chosen at random for you."])
        self._apply(self.seat, action)
        self._kick()
        self.changed()
        return action

    def _cancel_tasks(self) -> None:
        for task in (self._task, self._timer_task):
            if task is not None and not task.done():
                task.cancel()
        self._task = self._timer_task = None
        self._timer_key = None
        self.timer_deadline = None

    def close(self) -> None:
        """Stop the bots' background task and the timer."""
        self._epoch += 1
        self._cancel_tasks()

    # ===================================================== undo and replay
    def _rewound(self, text: str) -> None:
        self._cancel_tasks()
        self._epoch += 1
        self.between = False
        self.notice = None
        self._recent = []
        self.last_review, self.review_state = None, "none"
        self._say([text])
        self._kick()
        self.changed()

    def undo(self) -> bool:
        """Take back your last decision in this hand (and the bots' moves
        after it); the bots then replay exactly as before."""
        if not self.can_undo():
            return self.refuse(
                "There is nothing to undo: you have not decided anything in this "
                "hand yet."
            )
        game = self.game
        while True:
            hand = game.hand
            if not hand.history and len(game.hands) > 1:
                hand = game.hands[-2]
            who, action, _ = hand.history[-1]
            game.undo()
            if who == self.seat:
                break
        self._rewound(f"You took back {describe(action)}.")
        return True

    def replay_deal(self) -> bool:
        """Play the hand on the table again from its deal (same cards; the
        bots replay exactly until you choose differently)."""
        game = self.game
        target = self.shown_hand.number
        if not self.shown_hand.history:
            return self.refuse(
                "This deal has just started: there is nothing to replay."
            )
        while game.hand.number > target or game.hand.history:
            game.undo()
        self._rewound(f"Hand {target} is dealt again: the same cards, from the start.")
        return True

    # ==================================================== hands and games
    def new_hand(self) -> bool:
        """Deal the next hand (after one is finished)."""
        if self.game.is_over:
            return self.refuse(
                f"The game is over ({self._winner_words()}): start a new game."
            )
        if not self.between:
            return self.refuse("Finish this hand first, or start a new game.")
        self.between = False
        self.notice = None
        self.last_review, self.review_state = None, "none"
        self._recent = []
        self._say([self._dealer_words()])
        self._kick()
        self.changed()
        return True

    def new_game(
        self,
        rules: Rules | str | None = None,
        *,
        modifiers: Iterable[str] = (),
        seed: int | str | None = None,
        partner: str | None = None,
        opponents: str | None = None,
        timer: float | None = None,
    ) -> bool:
        """Start a new game: the same rules and bots unless given; the given
        ``seed`` deals exactly that game, no seed deals a fresh one."""
        try:
            new_rules = self._rules_of(
                rules if rules is not None else self.rules, modifiers
            )
            self._start(new_rules, seed, partner, opponents, timer, None)
        except SpadesError as error:
            return self.refuse(you_text(str(error)))
        self._say(
            [f"New game: {self.rules.spec}, seed {self.seed}. {self._dealer_words()}"]
        )
        self._kick()
        self.changed()
        return True

    # ======================================================= save and load
    def to_json(self) -> str:
        """The game's record as JSON text (see :mod:`spadeslib.record`)."""
        from .. import record

        return record.dumps(self.game)

    def save(self, path: str | Path) -> bool:
        """Write the game's record to ``path`` (notebooks; the page downloads)."""
        from .. import record

        try:
            record.save(self.game, path)
        except OSError as error:
            return self.refuse(f"Could not save to {path}: {error.strerror}.")
        self._say([f"Saved the game to {path}."])
        self.changed()
        return True

    def load(self, path: str | Path) -> bool:
        """Load a record file and play on (notebooks; the page uploads)."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            return self.refuse(f"Could not read {path}: {error}.")
        return self.from_json(text, max_bytes=None, name=str(path))

    def from_json(
        self, text: Any, *, max_bytes: int | None = MAX_UPLOAD, name: str = "the file"
    ) -> bool:
        """Load a game from record text (an upload); refused with one line,
        and nothing changed, when it is too big, not JSON or not a valid game."""
        try:
            game = parse_record(text, max_bytes)
            self._start(game.rules, game.seed, None, None, None, game)
        except SpadesError as error:
            return self.refuse(f"Could not load {name}: {error}")
        self._replayable = _deals_from_seed(game)
        self._say([f"Loaded {name}: {game.rules.spec}, hand {game.hand.number}."])
        self._kick()
        self.changed()
        return True

    # ======================================================== resume token
    def resume_token(self) -> dict[str, Any] | None:
        """The game rebuilt from public moves and your own decisions only
        (a bot's private choice is ``None``: the bot decides it again). Kept
        by the page in the visitor's browser so that a reload can resume.
        ``None`` for a loaded game whose deals are not its seed's."""
        if not self._replayable:
            return None
        hands = [
            [
                str(action) if seat == self.seat or _is_public(action) else None
                for seat, action, _ in hand.history
            ]
            for hand in self.game.hands
        ]
        return {
            "v": 1,
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "seat": self.seat.letter,
            "levels": {s.letter: lvl for s, lvl in self.levels.items()},
            "hands": hands,
            "between": self.between,
        }

    def resume(self, token: Any, *, max_bytes: int | None = MAX_UPLOAD) -> bool:
        """Rebuild a game from :meth:`resume_token` (a dict or its JSON)."""
        try:
            game, levels, between = self._replay_token(token, max_bytes)
        except (SpadesError, KeyError, TypeError, ValueError, RecursionError) as error:
            return self.refuse(f"Could not resume the saved game: {error}")
        self._start(game.rules, game.seed, None, None, None, game)
        self.levels = levels
        self.between = between and bool(game.finished_hands) and not game.is_over
        self._say(
            [f"Resumed your game: {game.rules.spec}, hand {self.shown_hand.number}."]
        )
        self._kick()
        self.changed()
        return True

    def _replay_token(
        self, token: Any, max_bytes: int | None
    ) -> tuple[Game, dict[Seat, str], bool]:
        if isinstance(token, str):
            if (
                max_bytes is not None
                and len(token.encode("utf-8", "replace")) > max_bytes
            ):
                raise SpadesError(f"it is larger than {max_bytes // 1000} kB")
            token = json.loads(token)
        if not isinstance(token, Mapping) or token.get("v") != 1:
            raise SpadesError("it is not a saved table")
        if Seat.parse(str(token["seat"])) != self.seat:
            raise SpadesError("it was played from another seat")
        rules = Rules.from_json(token["rules"])
        seed = token["seed"]
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise SpadesError("its seed is not a number or a word")
        game = Game(rules, seed=seed)
        levels = {Seat.parse(k): str(v) for k, v in dict(token["levels"]).items()}
        if set(levels) != set(game.hand.seats) - {self.seat}:
            raise SpadesError("its bot seats do not match the rules")
        for level in levels.values():
            if level.split(":")[0] not in BOTS:
                raise SpadesError(f"unknown bot level {level!r}")
        hands = token["hands"]
        if not isinstance(hands, list) or len(hands) > 500:
            raise SpadesError("its hands are not a list")
        saved_levels = self.levels
        self.levels, self.game = levels, game
        try:
            for number, moves in enumerate(hands, 1):
                if not isinstance(moves, list):
                    raise SpadesError(f"hand {number} is not a list of moves")
                if game.hand.number != number:
                    raise SpadesError(f"hand {number - 1} is not finished")
                hand = game.hand
                for move in moves:
                    seat = game.turn
                    if seat is None:
                        raise SpadesError(f"hand {number}: a move after the end")
                    if move is None:
                        if seat == self.seat:
                            raise SpadesError(f"hand {number}: your move is missing")
                        action = self._bot_action(seat)
                    else:
                        action = hand.parse_action(str(move))
                    error = game.check(action, seat)
                    if error is not None:
                        raise error
                    game.apply(action, seat)
        finally:
            self.levels = saved_levels
        return game, levels, bool(token.get("between"))

    # ============================================================ advice
    def hint(self) -> Tip | None:
        """What the coach would do now, and why (also shown on the table)."""
        if not self.learner_to_move():
            self.refuse(self._not_your_turn())
            return None
        tip = self.advisor.hint(self.game.view(self.seat))
        self._tip = (self.state_key(), tip)
        self.log.append(f"Hint: {describe(tip.action)}. {tip.text}")
        self.changed()
        return tip

    def estimate(self) -> Estimate | None:
        """How good is my hand? Expected tricks and a suggested bid (bidding)."""
        view = self.game.view(self.seat)
        if not self.learner_to_move() or view.phase is not Phase.BIDDING:
            self.refuse(
                "The estimate is for your bid: ask when it is your turn to bid."
            )
            return None
        if view.hand is None:
            self.refuse("Your cards are face down: look at them first.")
            return None
        estimate = self.advisor.estimate(view)
        self._estimate = (self.state_key(), estimate)
        self.log.append(estimate.text)
        self.changed()
        return estimate

    def review(self, number: int | None = None) -> TableReview | None:
        """Check my play: the coach's review of a finished hand (default: the
        last one), decision by decision."""
        finished = self.game.finished_hands
        hand = (
            (finished[-1] if finished else None)
            if number is None
            else next((h for h in finished if h.number == number), None)
        )
        if hand is None:
            self.refuse(
                "No hand is finished yet: review a hand once it is scored."
                if number is None
                else f"Hand {number} is not finished."
            )
            return None
        if self.last_review is None or self.last_review.number != hand.number:
            self.last_review = self.advisor.review(hand, self.seat)
        self.review_state = "ready"
        self.log.append(self.last_review.summary)
        self.changed()
        return self.last_review

    def _review_soon(self) -> None:
        if self._loop is None:
            self.review_state = "pending"
            self.review()
            return
        self.review_state = "pending"
        epoch = self._epoch
        number = self.game.finished_hands[-1].number

        def later() -> None:
            if epoch == self._epoch and self.review_state == "pending":
                try:
                    self.review(number)
                except Exception as error:  # never lost in a callback
                    self.review_state = "none"
                    self.refuse(f"The review failed: {type(error).__name__}: {error}")

        self._loop.call_later(0.05, later)


def you_text(text: str) -> str:
    """A parse error as a sentence for the learner."""
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:] + "."


def _card_list(cards: str | Iterable[Card | str]) -> list[Card]:
    return Card.parse_many(cards if isinstance(cards, str) else list(cards))


def parse_record(text: Any, max_bytes: int | None = MAX_UPLOAD) -> Game:
    """A game from uploaded record text, or :class:`InvalidRecord` saying in
    one line why not (too big, not text, not JSON, not a valid game). It
    reads only the text given: a path in it is just text that is not JSON.

    >>> parse_record("/etc/passwd")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    spadeslib.errors.InvalidRecord: not JSON: ...
    >>> parse_record("x" * 2_000_001)
    Traceback (most recent call last):
    spadeslib.errors.InvalidRecord: the file is larger than 1000 kB
    """
    from .. import record

    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidRecord("the file is not UTF-8 text") from None
    if not isinstance(text, str):
        raise InvalidRecord("a record is JSON text")
    if max_bytes is not None and len(text.encode("utf-8", "replace")) > max_bytes:
        raise InvalidRecord(f"the file is larger than {max_bytes // 1000} kB")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise InvalidRecord(f"not JSON: {error}") from None
    try:
        return record.from_record(data)
    except InvalidRecord:
        raise
    except (SpadesError, KeyError, TypeError, AttributeError, IndexError) as error:
        raise InvalidRecord(f"not a valid game record: {error}") from None
    except RecursionError:
        raise InvalidRecord("not a valid game record: nested too deeply") from None


def _deals_from_seed(game: Game) -> bool:
    """Whether every hand of ``game`` was dealt from its seed (so that the
    seed and the moves rebuild it)."""
    from .. import record

    try:
        fresh = Game(game.rules, seed=game.seed, deal_first_hand=False)
    except SpadesError:
        return False
    if fresh.first_dealer != game.first_dealer:
        return False
    for hand in game.hands:
        other = Hand(
            game.rules,
            hand.dealer,
            seed=f"{game.seed}/{hand.number}",
            scores=hand.scores,
            bags=hand.bags,
            number=hand.number,
        )
        mine, theirs = record.hand_record(hand), record.hand_record(other)
        if mine.get("deal") != theirs.get("deal") or mine.get("stock") != theirs.get(
            "stock"
        ):
            return False
    return True
