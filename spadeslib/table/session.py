"""A headless Spades table: the game, the bots, the turn loop and the coach.

:class:`TableSession` is everything the table does except drawing it. It
owns the engine's :class:`~spadeslib.Game` (the only game state), the bot
level at each other seat (changed between hands: :mod:`.levels`), the turn
loop (bots move after the learner, at a chosen speed), the pause, the move
timer, undo, "replay this deal", new games, saving and loading, hints, the
hand estimate and the review. The widget (:mod:`spadeslib.table.app`) only
draws :meth:`TableSession.view` and sends the learner's clicks here; tests
and notebooks drive it directly.

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
import bisect
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..actions import Action
from ..bots import Suggestion
from ..coach.explain import describe
from ..errors import SpadesError
from ..game import Game
from ..hand import Hand
from ..rules import Rules
from ..seats import Seat
from ..view import PlayerView
from .advisor import Advisor, HandEstimate, TableReview, check_coach_level
from .coaching import Coaching
from .deciding import Deciding
from .keeping import MAX_ASIDES, Keeping
from .levels import Levels
from .narrate import (
    Aside,
    Snapshot,
    describe_dealer,
    describe_hand_over,
    describe_new_game,
    narrate,
    retell,
    start_words,
    winner_words,
)
from .options import (
    DEFAULT_LEVEL,
    check_timer,
    fresh_seed,
    keep_house_rules,
    ladder,
)
from .saving import (
    MAX_UPLOAD,
)
from .tools import WAIT, Tools
from .turns import SPEEDS, TurnLoop
from .words import you_text

__all__ = ["DEFAULT_LEVEL", "MAX_UPLOAD", "SPEEDS", "TableSession", "ladder"]


class TableSession(TurnLoop, Deciding, Coaching, Keeping, Levels, Tools):
    """One learner at a Spades table, bots in the other seats; no widgets.

    Parameters: ``rules`` (a :class:`~spadeslib.Rules` or a spec such as
    ``"classic+mirror"``) plus ``modifiers``; ``seed`` (the same seed deals
    the same game, bots included); ``seat`` (South; North or South for two
    players); ``partner`` and ``opponents`` (built-in bot levels, options
    allowed: ``"search:8"``; a bot of your own plays through
    :func:`~spadeslib.bots.make_bot`); ``speed`` (a key of
    :data:`SPEEDS`; without ``loop`` every speed but ``step`` plays the bots
    at once); ``timer`` (seconds per decision, ``0`` for none, default the
    rules' ``move_timer``; it runs only with a ``loop``); ``auto_next`` (deal
    the next hand at once); ``coach`` (the level hints and reviews come from,
    one of :data:`spadeslib.coach.LEVELS`, default ``"rule"``; stored as read,
    ``"Search"`` as ``"search"``);
    ``auto_review`` (review each finished hand); ``loop`` (an asyncio event
    loop for the bots' background moves and the timer); ``precompute`` (the
    coach starts on each of the learner's decisions in a background thread
    as soon as it is the learner's turn, so that a hint is ready when asked
    and the review reuses it: the same advice, sooner; :meth:`close` stops
    it; off by default, so a session without it runs no thread); ``scores``
    and ``bags`` (where each side starts, as in :class:`~spadeslib.Game`: to
    practise the end of a game).
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
        precompute: bool = False,
        scores: Mapping[str, int] | None = None,
        bags: Mapping[str, int] | None = None,
    ) -> None:
        self.seat = Seat.parse(seat)
        self.precompute = bool(precompute)
        self._loop = loop
        self.auto_next = auto_next
        self.auto_review = auto_review
        # read as the coach reads it ("Search" is "search"); refused if unknown
        self.coach_level = check_coach_level(coach or DEFAULT_LEVEL)
        self.paused = False
        self.log: list[str] = []
        """Every event and refusal shown, oldest first."""
        self.log_start = 0
        """Where the current game's lines begin in :attr:`log` (the table
        shows only those: a new game starts a clean log)."""
        self.asides: list[Aside] = []
        """The current game's lines that its moves do not hold (hints,
        estimates, reviews, take-backs, a timer's or a failed bot's choice),
        each with its place in the game. The resume token keeps them, so a
        reload tells them again."""
        self.errors: list[str] = []
        """Bot and callback failures (each also in :attr:`log`)."""
        self.notice: str | None = None
        """The last refusal, in the second person; kept until the learner's
        next accepted decision."""
        self.refusals = 0
        """Refusals so far: the page says the same refusal again when this
        moves (``notice_id`` in the state)."""
        #: the notice of a refused request to the coach (cleared by an answer)
        self._coach_notice: str | None = None
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
        self._tip: tuple[tuple[Any, ...], Suggestion] | None = None
        self._estimate: tuple[tuple[Any, ...], HandEstimate] | None = None
        self._choices_cache: tuple[tuple[Any, ...], list[int]] | None = None
        self.games_started = 0
        """Games started at this table (a new game, a load, a resume)."""
        self.extras: dict[str, dict[str, str]] = {}
        """Short texts kept with the game in the resume token and given back
        by a resume (the teacher's view keeps its file and the student's
        name there: :mod:`~spadeslib.table.progress`)."""
        self.speed = "instant"
        self.set_speed(speed)
        rules_now = self._rules_of(rules, modifiers)
        self._start(
            rules_now, seed, partner, opponents, timer, scores=scores, bags=bags
        )
        self._say([describe_new_game(self.game, self.seat)])
        self._kick()

    # ================================================================ setup
    @staticmethod
    def _rules_of(rules: Rules | str, modifiers: Iterable[str] = ()) -> Rules:
        """``rules`` (a spec is parsed) with ``modifiers`` added; its house
        rules (settings) are kept."""
        base = rules if isinstance(rules, Rules) else Rules.parse(rules)
        mods = [m for m in modifiers if m not in base.modifiers]
        if not mods:
            return base
        return Rules(base.preset, [*base.modifiers, *mods], **base.house_rules)

    def _start(
        self,
        rules: Rules,
        seed: int | str | None,
        partner: str | None,
        opponents: str | None,
        timer: float | None,
        game: Game | None = None,
        *,
        scores: Mapping[str, int] | None = None,
        bags: Mapping[str, int] | None = None,
    ) -> None:
        if rules.players == 2 and self.seat not in (Seat.NORTH, Seat.SOUTH):
            raise SpadesError("in a two-player game you sit North or South")
        partner, opponents = self._chosen_levels(rules, partner, opponents)
        timer = check_timer(timer)
        if game is None:
            if seed is None:
                seed = fresh_seed()
            game = Game(rules, seed=seed, scores=scores, bags=bags)
        self._cancel_tasks()
        self._epoch += 1
        self.games_started += 1
        self.game = game
        self.seed = game.seed
        self._replayable = True
        self._seat_bots(game, partner, opponents)
        self.timer = timer if timer is not None else rules.move_timer
        if getattr(self, "advisor", None) is not None:
            self.advisor.close()  # its analyses are of the game left
        self.advisor: Advisor = Advisor(
            self.coach_level, seed=game.seed, ahead=self.precompute
        )
        self.between = False
        self.notice = None
        self._recent = []
        self._tip = self._estimate = None
        self.last_review, self.review_state = None, "none"
        self.log_start = len(self.log)
        self.asides = []

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

    @property
    def decisions_made(self) -> int:
        """The learner's decisions in this game (forced ones too)."""
        seat = self.seat
        return sum(who == seat for hand in self.game.hands for who, *_ in hand.history)

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
    def hint_shown(self) -> Suggestion | None:
        """The hint asked for in this position, if any."""
        if self._tip is not None and self._tip[0] == self.state_key():
            return self._tip[1]
        return None

    @property
    def estimate_shown(self) -> HandEstimate | None:
        """The hand estimate asked for in this position, if any."""
        if self._estimate is not None and self._estimate[0] == self.state_key():
            return self._estimate[1]
        return None

    @property
    def review_open(self) -> bool:
        """The review panel is open: the shown hand is over and reviewed, or
        the learner asked, during the next hand, for the last one's review."""
        review = self.last_review
        if self.review_state == "none":
            return False
        if self.between or self.game.is_over:
            return review is None or review.number == self.shown_hand.number
        # asked during the next hand: the last finished hand's review
        return review is not None and self.review_state == "ready"

    def can_undo(self) -> bool:
        """Whether the learner has a real choice in the shown hand to take
        back (see :meth:`undo`)."""
        return bool(self._choices())

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
            f"TableSession(rules={self.rules.full_spec!r}, seed={self.seed!r}, "
            f"seat={self.seat.full})"
        )

    def _winner_words(self) -> str:
        """``"East-West won, 527 to 59: East-West reached the target of 500"``."""
        return winner_words(self.game, self.seat)

    def _say(self, lines: list[str]) -> None:
        self._recent.extend(lines)
        self.log.extend(lines)

    def _aside(
        self,
        text: str,
        *,
        recent: bool = True,
        of_move: bool = False,
        after: Hand | None = None,
    ) -> None:
        """Say (``recent``: also on the table's line of what just happened)
        or log a line the moves do not hold, and keep it with its place in
        the hand on the table (:attr:`asides`); ``of_move``: it tells of the
        move about to be made, and goes if that move is taken back; ``after``:
        its place is that finished hand's end (a review asked later)."""
        aside = Aside(*Aside.place(after or self.shown_hand), text, of_move)
        # in order of place, after those already at its place
        at = bisect.bisect_right(self.asides, aside[:2], key=lambda a: a[:2])
        self.asides.insert(at, aside)
        if len(self.asides) > MAX_ASIDES:  # the oldest goes, never this one
            del self.asides[1 if at == 0 else 0]
        if recent:
            self._say([text])
        else:
            self.log.append(text)

    def _apply(self, seat: Seat, action: Action) -> None:
        game = self.game
        hand = game.hand
        before = Snapshot.of(hand, self.seat)
        game.apply(action, seat)
        if seat != self.seat and (self.notice or "").startswith(WAIT):
            self.notice = None  # the turn it named is over
        done = hand.history[-1][1]
        totals = game.scores if hand.is_over else None
        lines = narrate(hand, before, seat, done, self.seat, totals=totals)
        changed = None
        if hand.is_over:
            changed = self._levels_dealt()  # a change asked for during the hand
            over = self._winner_words() if game.is_over else None
            lines.append(
                describe_hand_over(
                    hand, game.hand, self.seat, auto_next=self.auto_next, game_over=over
                )
            )
            self.between = over is None and not self.auto_next
        self._say(lines)
        if changed is not None:  # said again as it applies, after the hand
            self._aside(changed, after=hand)
        if hand.is_over and self.auto_review and not self.auto_next:
            self._review_soon()  # logged after the hand's end

    def _retold(self) -> None:
        """The log of a game loaded or resumed, rebuilt from its moves as the
        table wrote it live (:func:`~spadeslib.table.narrate.retell`): a
        record keeps the moves, not the log; a resume token also keeps the
        lines the moves do not hold (:attr:`asides`), told in their places."""
        self.log.extend(
            retell(
                self.game,
                self.seat,
                auto_next=self.auto_next,
                between=self.between,
                asides=self.asides,
            )
        )

    def _dealer_words(self) -> str:
        return describe_dealer(self.game.hand, self.seat)

    # ===================================================== undo and replay
    def _rewound(self, text: str) -> None:
        self._cancel_tasks()
        self._epoch += 1
        self.between = False
        self.notice = None
        self._recent = []
        self.last_review, self.review_state = None, "none"
        now = Aside.place(self.game.hand)  # the moves taken back: their lines go
        self.asides = [
            a for a in self.asides if a[:2] < now or (a[:2] == now and not a.of_move)
        ]
        self._aside(text)
        self._levels_rewound()
        self._kick()
        self.changed()

    def _choices(self) -> list[int]:
        """Where the learner made a real choice in the shown hand: the
        indices in its history of the learner's decisions that had more than
        one legal action (a forced card or bid is no choice)."""
        hand = self.shown_hand
        key = (self.state_key(), id(hand))
        if self._choices_cache is not None and self._choices_cache[0] == key:
            return self._choices_cache[1]
        replay = hand.at_deal()
        found = []
        for index, (seat, action, _) in enumerate(hand.history):
            if seat == self.seat and len(replay.legal_actions()) > 1:
                found.append(index)
            replay.apply(action, seat, check=False)
        self._choices_cache = (key, found)
        return found

    def undo(self) -> bool:
        """Take back your last real choice in this hand (a decision with more
        than one legal action), with everything after it: the bots' moves
        and your forced cards; the bots then replay exactly as before."""
        why = self.why_unavailable("undo")
        if why is not None:
            return self.refuse(why)
        game = self.game
        hand = self.shown_hand
        target = self._choices()[-1]
        taken = hand.history[target][1]
        forced = [a for s, a, _ in hand.history[target + 1 :] if s == self.seat]
        while game.hand is not hand or len(hand.history) > target:
            game.undo()
        text = f"You took back {describe(taken)}"
        if forced:
            what = ", ".join(describe(a) for a in forced)
            text += f", and the forced {what} after it"
        self._rewound(text + ".")
        return True

    def replay_deal(self) -> bool:
        """Play the hand on the table again from its deal (same cards; the
        bots replay exactly until you choose differently)."""
        game = self.game
        target = self.shown_hand.number
        why = self.why_unavailable("replay")
        if why is not None:
            return self.refuse(why)
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
        self.review_state = "none"  # the last review is kept for "Check my play"
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
        house_rules: bool = True,
        scores: Mapping[str, int] | None = None,
        bags: Mapping[str, int] | None = None,
    ) -> bool:
        """Start a new game: the same rules, bots and move timer unless given;
        the given ``seed`` deals exactly that game, no seed deals a fresh one.
        The same rules (given again, as the Options panel sends them, or not)
        start from the same ``scores`` and ``bags`` unless either is given
        (other rules: from 0 unless given); a start the rules refuse is
        refused as a bad option is, changing nothing.

        New rules written without house rules of their own (the Options
        panel sends a preset and modifiers) keep the current table's house
        rules that they accept (``house_rules=False``: drop them); the log
        says which were kept and which dropped."""
        old = self.rules
        if timer is None and rules is None and not modifiers:
            timer = self.timer  # the same rules: the same clock
        try:
            new_rules = self._rules_of(rules if rules is not None else old, modifiers)
            kept: list[str] = []
            dropped: list[str] = []
            if house_rules and rules is not None and not new_rules.house_rules:
                new_rules, kept, dropped = keep_house_rules(old, new_rules)
            started = start_words(
                old, self.game.start_scores, self.game.start_bags, self.seat
            )
            if scores is None and bags is None and new_rules == old:
                # the same rules: the same start (a practice of a game's end)
                scores, bags = self.game.start_scores, self.game.start_bags
                started = ""
            self._start(
                new_rules, seed, partner, opponents, timer, scores=scores, bags=bags
            )
        except SpadesError as error:
            return self.refuse(you_text(str(error)))
        self._say([describe_new_game(self.game, self.seat)])
        if started and not (scores or bags):
            self._aside(f"Other rules start from 0, not from {started}.")
        if kept:
            self._aside(f"House rules kept from the last game: {', '.join(kept)}.")
        if dropped:
            self._aside(
                "House rules dropped (the new rule set does not accept them): "
                f"{'; '.join(dropped)}."
            )
        self._kick()
        self.changed()
        return True
