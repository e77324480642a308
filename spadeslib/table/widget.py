"""The interactive Spades table: an ipywidgets 8 front end to a :class:`Game`.

The table keeps the engine's :class:`~spadeslib.Game` as its only game state
and redraws everything with one :meth:`SpadesTable.render` from the learner's
:class:`~spadeslib.PlayerView` after every event. The buttons and the
programmatic API (``table.bid(4)``, ``table.play("QH")``, ...) run the same
methods, so what a test drives is what a learner clicks.

>>> table = SpadesTable("cards4net", seed=7, pause=0)
>>> table.game.turn == table.seat or table.game.hand.phase.value
True
>>> table.bid(20)
False
>>> table.message.startswith("Not allowed:"), table.game.hand.bid_map()
(True, {})
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import math
import random
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import ipywidgets as widgets

from ..actions import KEEP, LOOK, TAKE_NEXT, Action, Bid, Discard, Draw, Exchange
from ..bots import BOTS, Bot, BotError, Suggestion, make_bot
from ..cards import FULL_DECK, Card, Rank, Suit
from ..display import options as display_options
from ..display import score_sheet_html, suit_colour
from ..errors import SpadesError
from ..game import Game
from ..hand import Hand, Phase
from ..rules import MODIFIERS, PRESETS, Rules
from ..seats import Seat
from ..view import PlayerView
from .hints import available_level, hint
from .narrate import Snapshot, narrate, seat_name, side_name
from .review import REVIEW_LEVELS, Review, describe, review_hand

__all__ = ["BOT_LEVELS", "HINT_LEVELS", "SpadesTable"]

BOT_LEVELS = ("rule", "search", "random")
"""Default level for the bots at the table: the first installed of these."""
HINT_LEVELS = ("rule", "search", "random")
"""Default level for hints: the first installed of these."""

ALL_CARDS: tuple[Card, ...] = (
    *FULL_DECK,
    Card(Rank.LITTLE_JOKER, Suit.JOKER),
    Card(Rank.BIG_JOKER, Suit.JOKER),
)
ALL_BIDS: tuple[Bid, ...] = (
    *(Bid(n) for n in range(14)),
    Bid.NIL,
    Bid.BLIND_NIL,
    Bid.BLIND_SEVEN,
)
_SUIT_ORDER = (Suit.JOKER, Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)

_CSS = """<style>
.spt-felt{display:grid;grid-template-columns:1fr 1.2fr 1fr;grid-template-areas:
 ". top ." "left trick right" ". bottom .";gap:6px;background:#e3f1e6;
 border:1px solid #7a9a82;border-radius:10px;padding:8px;min-width:430px;color:#111}
.spt-seat{background:#fff;border:1px solid #9aa;border-radius:6px;padding:4px 6px;
 font-size:0.92em;line-height:1.3}
.spt-seat.spt-turn{border:3px solid #1f3a93;font-weight:600}
.spt-top{grid-area:top}.spt-left{grid-area:left}.spt-right{grid-area:right}
.spt-bottom{grid-area:bottom}
.spt-trick{grid-area:trick;display:grid;grid-template-columns:1fr 1fr 1fr;
 grid-template-areas:". top ." "left mid right" ". bottom .";align-items:center;
 justify-items:center;min-height:120px}
.spt-trick .spt-top{grid-area:top}.spt-trick .spt-left{grid-area:left}
.spt-trick .spt-right{grid-area:right}.spt-trick .spt-bottom{grid-area:bottom}
.spt-trick .spt-mid{grid-area:mid;font-size:0.8em;text-align:center}
.spt-card{display:inline-block;background:#fff;border:1px solid #555;border-radius:5px;
 padding:2px 5px;font-weight:700;font-size:1.15em;min-width:2.2em;text-align:center}
.spt-status{font-size:0.95em;padding:3px 0}
.spt-msg{border-left:4px solid #1f3a93;padding:2px 8px;background:#f4f6fb;color:#111}
.spt-small{font-size:0.85em;color:#333}
.spt-sr{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.spt-notice{border-left:4px solid #b03a2e;padding:2px 8px;background:#fbeeee;color:#111}
</style>"""

F = TypeVar("F", bound=Callable[..., Any])


def _guarded(method: F) -> F:
    """Run a widget callback so that no exception escapes into the void:
    an unexpected error becomes a message on the table."""

    @functools.wraps(method)
    def wrapper(self: SpadesTable, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except Exception as error:  # a callback must never leave the table frozen
            self._fail(f"Something went wrong: {type(error).__name__}: {error}")
            return None

    return wrapper  # type: ignore[return-value]


def _on_owner_thread(method: F) -> F:
    """Run a widget callback on the thread (and event loop) that owns the table.

    JupyterLab 4.6 with ipykernel 7 sends widget messages over kernel
    *subshells*, so ipywidgets calls button and ``observe`` callbacks in a
    subshell thread. The table's state, its bot task and its timer belong to
    the kernel's main event loop: a callback from another thread is handed
    to that loop with ``call_soon_threadsafe`` (which also wakes the loop,
    something ``create_task`` from a foreign thread would not do).
    """

    @functools.wraps(method)
    def wrapper(self: SpadesTable, *args: Any, **kwargs: Any) -> Any:
        loop = self._loop
        if loop is not None and threading.current_thread() is not self._thread:
            if not loop.is_closed():
                loop.call_soon_threadsafe(
                    functools.partial(method, self, *args, **kwargs)
                )
            return None
        return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


def _display_order(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (_SUIT_ORDER.index(c.suit), -c.rank))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class SpadesTable:
    """A Spades table for one learner, with bots in the other seats.

    Parameters
    ----------
    rules:
        A :class:`~spadeslib.Rules` or a spec such as ``"classic+mirror"``.
    modifiers:
        Extra modifiers added to a spec given as text.
    seed:
        Seeds the deals, the bots and the move timer's random moves.
    seat:
        The learner's seat (South by default; North or South for two players).
    partner, opponents:
        Bot levels from :data:`spadeslib.bots.BOTS` (default: the first
        installed of ``rule``, ``search``, ``random``).
    pause:
        Seconds between the bots' moves, so a learner can follow. With a pause
        and a running event loop (Jupyter, Voila) the bots play in an asyncio
        task, leaving the kernel free for clicks; with ``pause=0`` (or
        ``mode="sync"``) they play at once, inside the call (tests).
    timer:
        Seconds the learner has for each decision (default: the rules'
        ``move_timer``); on time-out a random legal action is played.
    four_colour:
        Draw clubs green and diamonds blue (default: ``spadeslib.display.options``).
    hint_level, review_level:
        Bot levels for :meth:`hint` and :meth:`review`.
    auto_next:
        Deal the next hand at once instead of waiting for :meth:`new_hand`.
    double_click_guard:
        Seconds during which a second click on the same button is ignored.
    name:
        Added as the CSS class ``spades-table-NAME`` (for browser tests).
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
        pause: float = 0.8,
        timer: float | None = None,
        four_colour: bool | None = None,
        hint_level: str | None = None,
        review_level: str | None = None,
        auto_next: bool = False,
        mode: str = "auto",
        double_click_guard: float = 0.3,
        name: str = "play",
    ) -> None:
        if mode not in ("auto", "sync", "async"):
            raise ValueError(f"mode must be 'auto', 'sync' or 'async', not {mode!r}")
        self._loop = _running_loop()
        self._thread = threading.current_thread()
        if mode == "async" and self._loop is None:
            raise ValueError("mode='async' needs a running event loop (Jupyter, Voila)")
        self._mode = mode
        self.pause = float(pause)
        self.seat = Seat.parse(seat)
        self.name = name
        self.auto_next = auto_next
        self.double_click_guard = double_click_guard
        self.four_colour = (
            display_options.four_colour if four_colour is None else four_colour
        )
        self.hint_level = hint_level or available_level(HINT_LEVELS)
        self.review_level = review_level or available_level(REVIEW_LEVELS)
        self.log: list[str] = []
        """Every message the table has shown, oldest first."""
        self.errors: list[str] = []
        """Bot failures (each also shown as a message)."""
        self._messages: list[str] = []
        self._notice: str | None = None
        self._rendered: dict[tuple[int, str], Any] = {}
        self._epoch = 0
        self._task: asyncio.Task[None] | None = None
        self._timer_task: asyncio.Task[None] | None = None
        self._timer_key: tuple[Any, ...] | None = None
        self._timer_left: int | None = None
        self._last_click: tuple[float, object] | None = None
        self._selected: list[Card] = []
        self._hinted: tuple[tuple[Any, ...], Suggestion] | None = None
        self._reviews: dict[tuple[int, str], Review] = {}
        self._review: Review | None = None
        self._review_step = 0
        self._build()
        self._setup(self._rules_of(rules, modifiers), seed, partner, opponents, timer)
        self._say(
            [f"New game: {self.rules.spec}, seed {self.seed}. {self._dealer_words()}"]
        )
        self._kick()
        self.render()

    # ================================================================ setup
    @staticmethod
    def _rules_of(rules: Rules | str, modifiers: Iterable[str] = ()) -> Rules:
        mods = list(modifiers)
        if isinstance(rules, Rules):
            if mods:
                return Rules.preset(rules.preset, [*rules.modifiers, *mods])
            return rules
        base = Rules.parse(rules)
        return Rules.preset(base.preset, [*base.modifiers, *mods]) if mods else base

    def _setup(
        self,
        rules: Rules,
        seed: int | str | None,
        partner: str | None,
        opponents: str | None,
        timer: float | None,
        game: Game | None = None,
    ) -> None:
        if rules.players == 2 and self.seat not in (Seat.NORTH, Seat.SOUTH):
            raise SpadesError("in a two-player game the learner sits North or South")
        self._cancel_tasks()
        self._epoch += 1
        if game is None:
            if seed is None:
                seed = random.randrange(10**6)
            game = Game(rules, seed=seed)
        self._game = game
        self.seed = game.seed
        self._rng = random.Random(f"{game.seed}/table")
        self._levels: dict[Seat, str] = {}
        default = available_level(BOT_LEVELS)
        partner = partner or getattr(self, "_partner_level", None) or default
        opponents = opponents or getattr(self, "_opponent_level", None) or default
        for level in (partner, opponents):
            if level not in BOTS:
                raise SpadesError(
                    f"unknown bot {level!r}: choose from {', '.join(BOTS)}"
                )
        self._partner_level, self._opponent_level = partner, opponents
        self._bots: dict[Seat, Bot] = {}
        for s in game.hand.seats:
            if s == self.seat:
                continue
            level = (
                partner if rules.players == 4 and s == self.seat.partner else opponents
            )
            self._levels[s] = level
            self._bots[s] = make_bot(level, seed=f"{game.seed}/{s.letter}")
        self.timer = timer if timer is not None else rules.move_timer
        self._between = False
        self._selected = []
        self._hinted = None
        self._reviews = {}
        self._review = None
        self._review_step = 0
        self._sync_options()

    @property
    def _async(self) -> bool:
        if self._mode == "sync" or self._loop is None:
            return False
        return self._mode == "async" or self.pause > 0

    # ============================================================ read-outs
    @property
    def game(self) -> Game:
        """The engine's game: the table's only game state."""
        return self._game

    @property
    def rules(self) -> Rules:
        """The rules being played."""
        return self._game.rules

    @property
    def shown_hand(self) -> Hand:
        """The hand on display: the hand in play, or the hand just finished
        while the table waits for :meth:`new_hand`."""
        if self._between and len(self._game.hands) > 1:
            return self._game.hands[-2]
        return self._game.hand

    @property
    def view(self) -> PlayerView:
        """The learner's view of the hand on display (what :meth:`render` draws)."""
        return self.shown_hand.view(self.seat)

    @property
    def message(self) -> str:
        """The message line: a refusal (if the last click or call was refused),
        then what happened since the learner's last decision."""
        notice = [self._notice] if self._notice else []
        return "\n".join(notice + self._messages)

    @property
    def bots(self) -> Mapping[Seat, Bot]:
        """The bot at each other seat."""
        return dict(self._bots)

    @property
    def levels(self) -> Mapping[Seat, str]:
        """The bot level at each other seat."""
        return dict(self._levels)

    @property
    def between_hands(self) -> bool:
        """True when a hand is finished and the next waits for :meth:`new_hand`."""
        return self._between

    @property
    def busy(self) -> bool:
        """True while bots are to move (in the background, with a pause)."""
        return self._bot_to_move()

    def learner_to_move(self) -> bool:
        """Whether the table waits for the learner's decision."""
        game = self._game
        return not game.is_over and not self._between and game.turn == self.seat

    def _bot_to_move(self) -> bool:
        game = self._game
        return (
            not game.is_over
            and not self._between
            and game.turn is not None
            and game.turn != self.seat
        )

    def _state_key(self) -> tuple[Any, ...]:
        return (
            self._epoch,
            len(self._game.hands),
            len(self._game.hand.history),
            self._between,
            self._game.is_over,
        )

    def button_for(self, action: Action | str | int) -> widgets.Button:
        """The button that takes ``action`` (a card, a bid, ``LOOK``, ``KEEP``
        or ``TAKE_NEXT``): what a learner clicks, for tests and tutorials.

        >>> table = SpadesTable(seed=1, pause=0)
        >>> table.button_for("QH").description, table.button_for("QH").tooltip[:15]
        ('Q♥', 'queen of hearts')
        """
        if isinstance(action, str):
            words = action.strip().lower().replace("_", " ")
            named = {"look": LOOK, "keep": KEEP, "take next": TAKE_NEXT}
            if words in named:
                action = named[words]
            else:
                try:
                    action = Card.parse(action)
                except SpadesError:
                    action = Bid.parse(action)
        if isinstance(action, Draw):
            return self._keep_button if action.keep else self._take_button
        if isinstance(action, Card):
            return self._card_buttons[action]
        return self._bid_buttons[LOOK if action is LOOK else Bid.parse(action)]  # type: ignore[arg-type]

    @property
    def controls(self) -> dict[str, widgets.Widget]:
        """The table's other controls by name (``"hint"``, ``"next_hand"``,
        ``"check"``, ``"confirm"``, ``"command"``, ``"new_game"``, ``"save"``,
        ``"load"``, ``"path"``, ``"review_prev"``, ``"review_next"`` and the
        options ``"preset"``, ``"partner"``, ``"opponents"``, ``"seed"``,
        ``"target"``, ``"timer"``, ``"pause"``, ``"four_colour"``,
        ``"mod_NAME"``), so that code can click them as a learner would."""
        named: dict[str, widgets.Widget] = {
            "hint": self._hint_button,
            "next_hand": self._next_button,
            "check": self._check_button,
            "confirm": self._confirm_button,
            "command": self._command_box,
            "new_game": self._new_game_button,
            "save": self._save_button,
            "load": self._load_button,
            "path": self._path_box,
            "review_prev": self._review_prev,
            "review_next": self._review_next,
            "preset": self._opt_preset,
            "partner": self._opt_partner,
            "opponents": self._opt_opponents,
            "seed": self._opt_seed,
            "target": self._opt_target,
            "timer": self._opt_timer,
            "pause": self._opt_pause,
            "four_colour": self._opt_four,
        }
        named.update({f"mod_{name}": box for name, box in self._opt_mods.items()})
        return named

    def set_bot(self, seat: Seat | str, bot: Bot | str) -> None:
        """Put a bot (or a bot level) at ``seat``."""
        seat = Seat.parse(seat)
        if seat == self.seat or seat not in self._game.hand.seats:
            raise SpadesError(f"{seat.full} is not a bot's seat at this table")
        if isinstance(bot, str):
            self._levels[seat] = bot
            bot = make_bot(bot, seed=f"{self.seed}/{seat.letter}")
        else:
            self._levels[seat] = getattr(bot, "name", "custom")
        self._bots[seat] = bot
        self._kick()
        self.render()

    def __repr__(self) -> str:
        return (
            f"SpadesTable(rules={self.rules.spec!r}, seed={self.seed!r}, "
            f"seat={self.seat.full})"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        data = self.widget._repr_mimebundle_(**kwargs)
        data["text/plain"] = repr(self)
        return data  # type: ignore[no-any-return]

    # ========================================================= the API
    @_guarded
    def bid(self, bid: Bid | int | str) -> bool:
        """Bid a number, ``"nil"``, ``"blind nil"`` or ``"blind seven"``."""
        try:
            action = Bid.parse(bid)
        except SpadesError as error:
            return self._refuse(str(error))
        return self._act(action)

    @_guarded
    def play(self, card: Card | str) -> bool:
        """Play a card: ``table.play("QH")``."""
        try:
            action = Card.parse(card)
        except SpadesError as error:
            return self._refuse(str(error))
        return self._act(action)

    @_guarded
    def look(self) -> bool:
        """Look at your cards (declining a blind bid)."""
        return self._act(LOOK)

    @_guarded
    def keep(self) -> bool:
        """Two-player draw: keep the top card."""
        return self._act(KEEP)

    @_guarded
    def take_next(self) -> bool:
        """Two-player draw: discard the top card and keep the next one."""
        return self._act(TAKE_NEXT)

    @_guarded
    def exchange(self, cards: str | Iterable[Card | str]) -> bool:
        """Pass cards to your partner in a blind-nil exchange: ``"2C 3D"``."""
        try:
            action = Exchange.of(cards if isinstance(cards, str) else list(cards))  # type: ignore[arg-type]
        except SpadesError as error:
            return self._refuse(str(error))
        return self._act(action)

    @_guarded
    def discard(self, cards: str | Iterable[Card | str] = "") -> bool:
        """Two-player blind nil: discard up to three cards (possibly none)."""
        try:
            action = Discard.of(cards if isinstance(cards, str) else list(cards))  # type: ignore[arg-type]
        except SpadesError as error:
            return self._refuse(str(error))
        return self._act(action)

    @_guarded
    def command(self, text: str) -> bool:
        """Do what a typed command says: ``"QH"``, ``"4"``, ``"nil"``, ``"look"``,
        ``"keep"``, ``"take next"``, ``"pass 2C 3D"``, ``"discard 4H"``,
        ``"hint"`` or ``"next"``."""
        words = text.strip().lower()
        if not words:
            return False
        if words in ("hint", "?"):
            return self.hint() is not None
        if words in ("next", "next hand", "new hand"):
            return bool(self.new_hand())
        if words in ("take next", "take_next", "next card"):
            return self.take_next()  # type: ignore[no-any-return]
        try:
            action = self._game.hand.parse_action(text)
        except SpadesError as error:
            return self._refuse(str(error))
        return self._act(action)

    @_guarded
    def hint(self) -> Suggestion | None:
        """What the hint bot would do now, with its reason (shown as a message)."""
        if not self.learner_to_move():
            self._refuse(self._not_your_turn())
            return None
        view = self._game.view(self.seat)
        key = self._state_key()
        tip = hint(view, self.hint_level, seed=f"hint/{self.seed}/{key[1]}/{key[2]}")
        self._hinted = (key, tip)
        reason = tip.reason.strip().rstrip(".")
        self._say([f"Hint from the {tip.level} bot: {describe(tip.action)}. {reason}."])
        self.render()
        return tip

    @_guarded
    def new_hand(self) -> bool:
        """Deal the next hand (after one is finished)."""
        game = self._game
        if game.is_over:
            return self._refuse(
                f"the game is over ({self._winner_words()}): start a new game"
            )
        if not self._between:
            return self._refuse("finish this hand first (or start a new game)")
        self._between = False
        self._selected = []
        hand = game.hand
        self._say(
            [
                f"Hand {hand.number}: {seat_name(hand.dealer, self.seat, game.rules)} "
                f"{'deal' if hand.dealer == self.seat else 'deals'}."
            ]
        )
        self._kick()
        self.render()
        return True

    @_guarded
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
        """Start a new game: same rules and bots unless given, new seed unless given."""
        try:
            new_rules = self._rules_of(
                rules if rules is not None else self.rules, modifiers
            )
            if seed is None:
                seed = self._rng.randrange(10**6)
            self._setup(
                new_rules,
                seed,
                partner,
                opponents,
                timer if timer is not None else self.timer,
            )
        except SpadesError as error:
            return self._refuse(str(error))
        self._messages = []
        self._say(
            [f"New game: {self.rules.spec}, seed {self.seed}. {self._dealer_words()}"]
        )
        self._kick()
        self.render()
        return True

    @_guarded
    def save(self, path: str | Path | None = None) -> bool:
        """Save the game as a record file (JSON, see :mod:`spadeslib.record`)."""
        from .. import record

        path = Path(path if path is not None else self._path_box.value)
        try:
            record.save(self._game, path)
        except (OSError, SpadesError) as error:
            return self._refuse(f"could not save to {path}: {error}")
        self._say([f"Saved the game to {path}."])
        self.render()
        return True

    @_guarded
    def load(self, path: str | Path | None = None) -> bool:
        """Load a game saved with :meth:`save` (or any record file) and play on."""
        from .. import record

        path = Path(path if path is not None else self._path_box.value)
        try:
            game = record.load(path)
            self._setup(game.rules, game.seed, None, None, self.timer, game=game)
        except (OSError, SpadesError) as error:
            return self._refuse(f"could not load {path}: {error}")
        self._messages = []
        if game.hand.is_over and not game.is_over:
            self._between = True
        self._say([f"Loaded {path}: {game.rules.spec}, hand {game.hand.number}."])
        self._kick()
        self.render()
        return True

    @_guarded
    def timeout(self) -> Action | None:
        """The move timer ran out: play a random legal action for the learner."""
        if not self.learner_to_move():
            return None
        action = self._game.hand.random_action(self._rng)
        self._messages = []
        self._say([f"Time is up: {describe(action)} was chosen at random for you."])
        self._apply(self.seat, action)
        self._after_learner()
        return action

    @_guarded
    def review(
        self, number: int | None = None, level: str | None = None
    ) -> Review | None:
        """Check my play: review a finished hand (default: the last one)
        against the review bot, and show it trick by trick."""
        finished = self._game.finished_hands
        if not finished:
            self._refuse("no hand is finished yet: review a hand once it is scored")
            return None
        hand = (
            finished[-1]
            if number is None
            else next((h for h in finished if h.number == number), None)
        )
        if hand is None:
            self._refuse(f"hand {number} is not finished")
            return None
        level = level or self.review_level
        key = (hand.number, level)
        if key not in self._reviews:
            self._review_box.layout.display = None
            self._review_html.value = "<i>Checking your play…</i>"
            self._reviews[key] = review_hand(
                hand, self.seat, level, seed=self.seed, four_colour=self.four_colour
            )
        self._review = self._reviews[key]
        self._review_step = 0
        self._say([self._review.summary()])
        self.render()
        return self._review

    def review_step(self, step: int) -> None:
        """Show step ``step`` of the current review (0 = before play, then tricks)."""
        if self._review is None:
            return
        self._review_step = max(0, min(step, len(self._review.steps) - 1))
        self.render()

    # ========================================================= internals
    def _say(self, lines: list[str]) -> None:
        self._notice = None
        self._messages.extend(lines)
        self.log.extend(lines)

    def _refuse(self, reason: str) -> bool:
        """Refuse with a notice above the messages (which stay: a stray click
        must not hide what just happened). Nothing else changes."""
        text = f"Not allowed: {reason}"
        self._notice = text
        self.log.append(text)
        self.render()
        return False

    def _fail(self, text: str) -> None:
        self.errors.append(text)
        self._notice = text
        self.log.append(text)
        with contextlib.suppress(Exception):  # if rendering fails too, errors keeps it
            self._render()

    def _verb(self) -> str:
        return {
            Phase.PLAYING: "play",
            Phase.BIDDING: "bid",
            Phase.DRAW: "draw",
            Phase.EXCHANGE: "pass cards",
            Phase.BLIND_DISCARD: "discard",
        }.get(self._game.phase, "act")

    def _not_your_turn(self) -> str:
        game = self._game
        if game.is_over:
            return f"the game is over ({self._winner_words()}): start a new game"
        if self._between:
            return "this hand is over: press Next hand to deal the next one"
        assert game.turn is not None
        who = seat_name(game.turn, self.seat, game.rules)
        return f"it is {who}'s turn to {self._verb()}; please wait"

    def _winner_words(self) -> str:
        game = self._game
        if game.winner is None:
            return "no winner"
        return f"{side_name(game.winner, self.seat, game.rules)} won"

    def _dealer_words(self) -> str:
        hand = self._game.hand
        who = seat_name(hand.dealer, self.seat, hand.rules)
        return f"Hand {hand.number}: {who} {'deal' if who == 'You' else 'deals'}."

    def _act(self, action: Action) -> bool:
        """The learner's decision: refused with a message (nothing changes) or
        applied, then the bots move."""
        if not self.learner_to_move():
            return self._refuse(self._not_your_turn())
        error = self._game.check(action, self.seat)
        if error is not None:
            return self._refuse(str(error))
        self._messages = []
        self._apply(self.seat, action)
        self._after_learner()
        return True

    def _after_learner(self) -> None:
        self._selected = []
        self._hinted = None
        self._kick()
        self.render()

    def _apply(self, seat: Seat, action: Action) -> None:
        game = self._game
        hand = game.hand
        before = Snapshot.of(hand, self.seat)
        game.apply(action, seat)
        done = hand.history[-1][1]
        lines = narrate(
            hand,
            before,
            seat,
            done,
            self.seat,
            totals=game.scores if hand.is_over else None,
        )
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
                self._between = True
                lines.append(
                    f"Hand {hand.number} is over. Press Next hand to deal hand "
                    f"{game.hand.number}, or Check my play to review it."
                )
        self._say(lines)

    def _bot_step(self) -> None:
        game = self._game
        seat = game.turn
        assert seat is not None and seat != self.seat
        bot = self._bots[seat]
        try:
            action = bot.act(game.view(seat))
            error = game.check(action, seat)
            if error is not None:
                raise BotError(f"it chose {action}: {error}")
        except Exception as error:
            who = seat_name(seat, self.seat, game.rules)
            text = (
                f"{who}'s bot ({self._levels.get(seat, '?')}) failed: "
                f"{type(error).__name__}: {error}. A random legal action was played "
                "for it instead."
            )
            self.errors.append(text)
            self._say([text])
            action = game.hand.random_action(self._rng)
        self._apply(seat, action)

    def _run_bots(self) -> None:
        steps = 0
        while self._bot_to_move():
            self._bot_step()
            steps += 1
            if steps > 100_000:  # pragma: no cover - a safety net, never expected
                raise RuntimeError("the bots did not stop")

    def _kick(self) -> None:
        """Let the bots move (now, or in the background with a pause) and arm
        the move timer."""
        if not self._bot_to_move():
            self._arm_timer()
            return
        if not self._async:
            self._run_bots()
            self._arm_timer()
            return
        if self._task is None or self._task.done():
            assert self._loop is not None
            self._task = self._loop.create_task(self._bot_loop(self._epoch))

    async def _bot_loop(self, epoch: int) -> None:
        """The bots' moves, one per ``pause``, on the kernel's event loop: the
        kernel stays free to handle clicks (refused while a bot is to move)."""
        try:
            while epoch == self._epoch and self._bot_to_move():
                await asyncio.sleep(self.pause)
                if epoch != self._epoch or not self._bot_to_move():
                    break
                self._bot_step()
                self.render()
        except Exception as error:  # shown on the table, never lost in a task
            self._fail(
                f"Something went wrong while the bots played: "
                f"{type(error).__name__}: {error}"
            )
        if epoch == self._epoch:
            self._arm_timer()

    def _arm_timer(self) -> None:
        if not self.timer or not self._async or not self.learner_to_move():
            if self._timer_task is not None and not self._timer_task.done():
                self._timer_task.cancel()
            self._timer_left = None
            return
        key = self._state_key()
        if (
            self._timer_key == key
            and self._timer_task is not None
            and not self._timer_task.done()
        ):
            return
        if self._timer_task is not None and not self._timer_task.done():
            self._timer_task.cancel()
        self._timer_key = key
        assert self._loop is not None
        self._timer_task = self._loop.create_task(
            self._timer_loop(key, float(self.timer))
        )

    async def _timer_loop(self, key: tuple[Any, ...], seconds: float) -> None:
        assert self._loop is not None
        deadline = self._loop.time() + seconds
        while True:
            if self._state_key() != key:
                return
            left = deadline - self._loop.time()
            if left <= 0:
                break
            self._timer_left = math.ceil(left)
            self._prompt.value = self._prompt_html()
            await asyncio.sleep(min(1.0, left))
        if self._state_key() == key:
            self._timer_left = None
            self.timeout()

    def _cancel_tasks(self) -> None:
        for task in (self._task, self._timer_task):
            if task is not None and not task.done():
                task.cancel()
        self._task = self._timer_task = None
        self._timer_key = None

    def _sync_options(self) -> None:
        rules = self._game.rules
        self._opt_preset.value = rules.preset
        for name, box in self._opt_mods.items():
            box.value = name in rules.modifiers
        self._opt_partner.value = self._partner_level
        self._opt_opponents.value = self._opponent_level
        if isinstance(self.seed, int):
            self._opt_seed.value = self.seed
        self._opt_target.value = rules.target
        self._opt_timer.value = float(self.timer or 0)
        self._opt_pause.value = self.pause
        self._opt_four.value = self.four_colour

    # ============================================================ widgets
    def _button(
        self,
        description: str,
        tooltip: str,
        css: str,
        handler: Callable[[], Any],
        **layout: str,
    ) -> widgets.Button:
        button = widgets.Button(
            description=description, tooltip=tooltip, layout=widgets.Layout(**layout)
        )
        button.add_class(css)
        button.on_click(lambda _b: handler())
        return button

    def _build(self) -> None:
        self._status = widgets.HTML()
        self._status.add_class("spades-status")
        self._felt = widgets.HTML()
        self._felt.add_class("spades-felt")
        self._last_trick = widgets.HTML()
        self._last_trick.add_class("spades-last-trick")
        self._sheet = widgets.HTML()
        self._sheet.add_class("spades-sheet")
        self._prompt = widgets.HTML()
        self._prompt.add_class("spades-prompt")
        self._message_box = widgets.HTML()
        self._message_box.add_class("spades-message")

        self._card_buttons: dict[Card, widgets.Button] = {}
        for card in ALL_CARDS:
            button = widgets.Button(
                description=card.symbol(),
                tooltip=card.name,
                layout=widgets.Layout(width="auto", min_width="3.4em", height="2.6em"),
            )
            button.style.font_weight = "bold"
            button.style.font_size = "1.05em"
            button.add_class("spades-card")
            button.add_class(f"spades-card-{card}")
            button.on_click(functools.partial(self._on_card, card))
            self._card_buttons[card] = button
        # Every card has its own button, always in the row, in display order; the
        # cards not held are hidden. The row's children never change, so a click
        # always reaches the card it names (and a double click cannot reach the
        # next card), and the browser never rebuilds the row.
        self._hand_row = widgets.HBox(
            [self._card_buttons[c] for c in _display_order(ALL_CARDS)],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        self._hidden_note = widgets.HTML()

        self._bid_buttons: dict[Action, widgets.Button] = {}
        for bid in (*ALL_BIDS, LOOK):
            css = "spades-look" if bid is LOOK else f"spades-bid-{bid.to_json()}"  # type: ignore[union-attr]
            label = "Look at my cards" if bid is LOOK else bid.label()  # type: ignore[union-attr]
            button = widgets.Button(
                description=label,
                layout=widgets.Layout(width="auto", min_width="2.8em"),
            )
            button.add_class("spades-bid")
            button.add_class(css)
            button.on_click(functools.partial(self._on_bid, bid))
            self._bid_buttons[bid] = button
        self._bid_row = widgets.HBox(
            list(self._bid_buttons.values()),
            layout=widgets.Layout(flex_flow="row wrap"),
        )

        self._draw_note = widgets.HTML()
        self._keep_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self._keep_button.add_class("spades-keep")
        self._keep_button.on_click(functools.partial(self._on_draw, KEEP))
        self._take_button = widgets.Button(
            description="Take the next card", layout=widgets.Layout(width="auto")
        )
        self._take_button.add_class("spades-take-next")
        self._take_button.on_click(functools.partial(self._on_draw, TAKE_NEXT))
        self._draw_row = widgets.HBox(
            [self._draw_note, self._keep_button, self._take_button]
        )

        self._confirm_button = self._button(
            "Pass the chosen cards",
            "",
            "spades-confirm",
            self._on_confirm,
            width="auto",
        )
        self._confirm_row = widgets.HBox([self._confirm_button])

        self._hint_button = self._button(
            "Hint",
            "what would a bot do, and why?",
            "spades-hint",
            self._on_hint,
            width="auto",
        )
        self._next_button = self._button(
            "Next hand",
            "deal the next hand",
            "spades-next-hand",
            self._on_next,
            width="auto",
        )
        self._check_button = self._button(
            "Check my play",
            "review the last finished hand",
            "spades-check",
            self._on_check,
            width="auto",
        )
        self._command_box = widgets.Text(
            placeholder="or type a move + Enter: QH, 4, nil, look, keep, pass 2C 3D",
            continuous_update=False,
            layout=widgets.Layout(width="26em"),
        )
        self._command_box.add_class("spades-command")
        self._command_box.observe(self._on_command, names="value")
        tools = widgets.HBox(
            [
                self._hint_button,
                self._next_button,
                self._check_button,
                self._command_box,
            ],
            layout=widgets.Layout(flex_flow="row wrap"),
        )

        # review
        self._review_prev = self._button(
            "◀ Previous",
            "previous step of the review",
            "spades-review-prev",
            self._on_review_prev,
            width="auto",
        )
        self._review_next = self._button(
            "Next ▶",
            "next step of the review",
            "spades-review-next",
            self._on_review_next,
            width="auto",
        )
        self._review_html = widgets.HTML()
        self._review_html.add_class("spades-review")
        self._review_box = widgets.VBox(
            [widgets.HBox([self._review_prev, self._review_next]), self._review_html]
        )

        # options
        self._opt_preset = widgets.Dropdown(options=list(PRESETS), description="Rules")
        self._opt_mods = {
            name: widgets.Checkbox(
                description=name, indent=False, layout=widgets.Layout(width="auto")
            )
            for name in MODIFIERS
        }
        levels = list(BOTS)
        self._opt_partner = widgets.Dropdown(options=levels, description="Partner")
        self._opt_opponents = widgets.Dropdown(options=levels, description="Opponents")
        self._opt_seed = widgets.IntText(description="Seed")
        self._opt_target = widgets.BoundedIntText(
            min=10,
            max=2000,
            step=50,
            description="Target",
            tooltip="points to win (500 in every preset)",
        )
        self._opt_timer = widgets.BoundedFloatText(
            min=0, max=600, step=1, description="Timer (s)", tooltip="0 = no move timer"
        )
        self._opt_pause = widgets.BoundedFloatText(
            min=0, max=5, step=0.1, description="Bot pause"
        )
        self._opt_four = widgets.Checkbox(description="four-colour deck", indent=False)
        for css, widget in (
            ("preset", self._opt_preset),
            ("partner", self._opt_partner),
            ("opponents", self._opt_opponents),
            ("seed", self._opt_seed),
            ("target", self._opt_target),
            ("timer", self._opt_timer),
            ("pause", self._opt_pause),
            ("four-colour", self._opt_four),
            *((f"mod-{name}", box) for name, box in self._opt_mods.items()),
        ):
            widget.add_class(f"spades-opt-{css}")
        self._opt_four.observe(self._on_four, names="value")
        self._opt_timer.observe(self._on_timer, names="value")
        self._opt_pause.observe(self._on_pause, names="value")
        new_game = self._new_game_button = self._button(
            "New game",
            "start a new game with these options (a new seed unless you type one)",
            "spades-new-game",
            self._on_new_game,
            width="auto",
        )
        self._path_box = widgets.Text(value="spades-game.json", description="File")
        self._path_box.add_class("spades-path")
        save = self._save_button = self._button(
            "Save",
            "save the game as a record file",
            "spades-save",
            self._on_save,
            width="auto",
        )
        load = self._load_button = self._button(
            "Load",
            "load a game record file",
            "spades-load",
            self._on_load,
            width="auto",
        )
        options = widgets.VBox(
            [
                widgets.HBox(
                    [self._opt_preset, *self._opt_mods.values()],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                widgets.HBox(
                    [
                        self._opt_partner,
                        self._opt_opponents,
                        self._opt_seed,
                        self._opt_target,
                    ],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                widgets.HBox(
                    [self._opt_timer, self._opt_pause, self._opt_four, new_game],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                widgets.HBox([self._path_box, save, load]),
            ]
        )
        self._options = widgets.Accordion(
            children=[options], titles=("Options, new game, save and load",)
        )
        self._options.add_class("spades-options")

        side = widgets.VBox(
            [self._last_trick, self._sheet], layout=widgets.Layout(margin="0 0 0 10px")
        )
        self.widget = widgets.VBox(
            [
                widgets.HTML(_CSS),
                self._status,
                widgets.HBox(
                    [self._felt, side], layout=widgets.Layout(flex_flow="row wrap")
                ),
                self._prompt,
                self._message_box,
                self._bid_row,
                self._draw_row,
                self._confirm_row,
                self._hidden_note,
                self._hand_row,
                tools,
                self._review_box,
                self._options,
            ]
        )
        """The root widget (a ``VBox``); displaying the table displays it."""
        self.widget.add_class("spades-table")
        self.widget.add_class(f"spades-table-{self.name}")

    # ----------------------------------------------------------- handlers
    def _double_click(self, key: object) -> bool:
        """True (and a message) if this click repeats the last accepted one too soon."""
        last = self._last_click
        now = time.monotonic()
        if (
            last is not None
            and last[1] == key
            and now - last[0] < self.double_click_guard
        ):
            self._refuse("a double click was ignored: one click is enough")
            return True
        return False

    def _clicked(self, key: object, accepted: bool) -> None:
        if accepted:
            self._last_click = (time.monotonic(), key)

    @_on_owner_thread
    @_guarded
    def _on_card(self, card: Card, _button: object = None) -> None:
        if self._double_click(card):
            return
        phase = self._game.phase
        if self.learner_to_move() and phase in (Phase.EXCHANGE, Phase.BLIND_DISCARD):
            held = self._game.hand.holding[self.seat]
            if card not in held:
                self._refuse(f"you do not hold the {card.name}")
                return
            if card in self._selected:
                self._selected.remove(card)
            else:
                self._selected.append(card)
            self.render()
            return
        self._clicked(card, self.play(card))

    @_on_owner_thread
    @_guarded
    def _on_bid(self, bid: Action, _button: object = None) -> None:
        if self._double_click(bid):
            return
        accepted = self.look() if bid is LOOK else self.bid(bid)  # type: ignore[arg-type]
        self._clicked(bid, accepted)

    @_on_owner_thread
    @_guarded
    def _on_draw(self, choice: Draw, _button: object = None) -> None:
        if self._double_click(choice):
            return
        self._clicked(choice, self.keep() if choice.keep else self.take_next())

    @_on_owner_thread
    @_guarded
    def _on_confirm(self) -> None:
        if self._double_click("confirm"):
            return
        cards = list(self._selected)
        if self._game.phase is Phase.EXCHANGE:
            accepted = self.exchange(cards)
        else:
            accepted = self.discard(cards)
        self._clicked("confirm", accepted)

    @_on_owner_thread
    @_guarded
    def _on_hint(self) -> None:
        self.hint()

    @_on_owner_thread
    @_guarded
    def _on_next(self) -> None:
        if self._double_click("next"):
            return
        self._clicked("next", self.new_hand())

    @_on_owner_thread
    @_guarded
    def _on_check(self) -> None:
        self.review()

    @_on_owner_thread
    @_guarded
    def _on_review_prev(self) -> None:
        self.review_step(self._review_step - 1)

    @_on_owner_thread
    @_guarded
    def _on_review_next(self) -> None:
        self.review_step(self._review_step + 1)

    @_on_owner_thread
    @_guarded
    def _on_command(self, change: Mapping[str, Any]) -> None:
        text = change["new"]
        if not text:
            return
        self._command_box.value = ""
        self.command(text)

    @_on_owner_thread
    @_guarded
    def _on_four(self, change: Mapping[str, Any]) -> None:
        if self.four_colour != change["new"]:
            self.four_colour = bool(change["new"])
            if self._review is not None:
                self._review.four_colour = self.four_colour
            self.render()

    @_on_owner_thread
    @_guarded
    def _on_timer(self, change: Mapping[str, Any]) -> None:
        value = change["new"] or None
        if value != self.timer:
            self.timer = value
            self._timer_key = None
            self._arm_timer()
            self.render()

    @_on_owner_thread
    @_guarded
    def _on_pause(self, change: Mapping[str, Any]) -> None:
        self.pause = float(change["new"])

    @_on_owner_thread
    @_guarded
    def _on_new_game(self) -> None:
        mods = [name for name, box in self._opt_mods.items() if box.value]
        try:
            rules = Rules.preset(
                self._opt_preset.value, mods, target=self._opt_target.value
            )
        except SpadesError as error:
            self._refuse(str(error))
            return
        # the seed box still shows this game's seed: deal a new game; a seed
        # typed in (a teacher's, say) is used as given
        seed = self._opt_seed.value
        self.new_game(
            rules,
            seed=None if seed == self.seed else seed,
            partner=self._opt_partner.value,
            opponents=self._opt_opponents.value,
            timer=self._opt_timer.value or None,
        )

    @_on_owner_thread
    @_guarded
    def _on_save(self) -> None:
        self.save()

    @_on_owner_thread
    @_guarded
    def _on_load(self) -> None:
        self.load()

    # ============================================================ render
    def _card_span(self, card: Card) -> str:
        colour = suit_colour(card.suit, self.four_colour)
        return (
            f'<span class="spt-card" style="color:{colour}" role="img" '
            f'aria-label="{card.name}" title="{card.name}">'
            f"{html.escape(card.symbol())}</span>"
        )

    def _positions(self) -> dict[Seat, str]:
        me = self.seat
        if self.rules.players == 2:
            return {me: "bottom", me.partner: "top"}
        return {me: "bottom", me.left: "left", me.partner: "top", me.right: "right"}

    def _seat_box(self, view: PlayerView, seat: Seat, where: str) -> str:
        rules = view.rules
        name = seat_name(seat, self.seat, rules)
        lines = [f"<b>{html.escape(name)}</b>"]
        if seat != self.seat:
            lines[0] += (
                f" <span class='spt-small'>"
                f"({html.escape(self._levels.get(seat, 'bot'))} bot)</span>"
            )
        if seat == view.dealer:
            lines.append("<span class='spt-small'>dealer</span>")
        bid = view.bids.get(seat)
        lines.append(
            f"bid: {html.escape(bid.label()) if bid else '–'} · "
            f"tricks: {view.tricks_won.get(seat, 0)} · cards: {view.cards_left[seat]}"
        )
        turn = (
            view.to_move == seat
            and view.phase is not Phase.OVER
            and not self._game.is_over
        )
        if turn:
            verb = {
                Phase.PLAYING: "to play",
                Phase.BIDDING: "to bid",
                Phase.DRAW: "to draw",
                Phase.EXCHANGE: "to pass",
                Phase.BLIND_DISCARD: "to discard",
            }
            lines.append(f"▶ <b>{verb.get(view.phase, 'to act')}</b>")
        css = "spt-seat spt-turn" if turn else "spt-seat"
        return (
            f"<div class='{css} spt-{where}' aria-label='{html.escape(name)}'>"
            + "<br>".join(lines)
            + "</div>"
        )

    def _felt_html(self, view: PlayerView) -> str:
        where = self._positions()
        boxes = "".join(self._seat_box(view, s, where[s]) for s in view.seats)
        played = "".join(
            f"<div class='spt-{where[s]}'>{self._card_span(c)}</div>"
            for s, c in view.trick
        )
        middle = ""
        winning = view.winning()
        if winning is not None:
            who = seat_name(winning[0], self.seat, view.rules)
            middle = (
                f"{html.escape(who)} {'are' if who == 'You' else 'is'} winning "
                f"with {html.escape(winning[1].symbol())}"
            )
        elif view.phase is Phase.PLAYING and not view.tricks:
            middle = "first trick"
        elif view.phase is not Phase.PLAYING:
            middle = "hand over" if view.phase is Phase.OVER else view.phase.value
            middle = middle.replace("_", " ")
        broken = ""
        if view.phase is Phase.PLAYING and view.rules.must_break_spades:
            broken = (
                "<br>spades broken" if view.spades_broken else "<br>spades not broken"
            )
        trick = (
            f"<div class='spt-trick' aria-label='trick in play'>{played}"
            f"<div class='spt-mid'>{middle}{broken}</div></div>"
        )
        return f"<div class='spt-felt'>{boxes}{trick}</div>"

    def _last_trick_html(self, view: PlayerView) -> str:
        tricks = view.tricks
        note = ""
        if not tricks:
            hands = [
                h for h in self._game.hands if h.is_over and h is not self.shown_hand
            ]
            if hands and hands[-1].tricks:
                tricks = (hands[-1].tricks[-1],)
                note = f" (hand {hands[-1].number})"
        if not tricks:
            return "<b>Last trick:</b> none yet"
        trick = tricks[-1]
        cells = []
        for s, c in trick.plays:
            who = html.escape(seat_name(s, self.seat, view.rules))
            text = f"{who} {self._card_span(c)}"
            cells.append(f"<b>{text} ✔</b>" if s == trick.winner else text)
        return f"<b>Last trick{note}:</b> " + " · ".join(cells)

    def _status_html(self) -> str:
        game = self._game
        rules = game.rules
        parts = []
        for side in game.scores:
            name = side_name(side, self.seat, rules)
            parts.append(
                f"<b>{html.escape(name)}</b>: {game.scores[side]} points, "
                f"{game.bags[side]} bag{'s' if game.bags[side] != 1 else ''}"
            )
        hand = self.shown_hand
        limits = (
            f"target {rules.target} · {rules.bag_limit} bags cost {rules.bag_penalty}"
            + (
                f" · lost at {rules.losing_threshold}"
                if rules.losing_threshold is not None
                else ""
            )
        )
        moves = sum(len(h.history) for h in game.hands)
        return (
            f"<div class='spt-status' role='status' data-moves='{moves}' "
            f"data-hands='{len(game.hands)}'>{' &nbsp;|&nbsp; '.join(parts)}"
            f"<br><span class='spt-small'>{html.escape(rules.spec)} · "
            f"hand {hand.number}, "
            f"dealer {hand.dealer.full} · {limits}</span></div>"
        )

    def _prompt_html(self) -> str:
        game = self._game
        view = self.view
        timer = ""
        if self._timer_left is not None and self.learner_to_move():
            timer = f" <span class='spt-small'>⏱ {self._timer_left} s left</span>"
        if game.is_over:
            text = (
                f"Game over: {self._winner_words()}. Start a new game from the options."
            )
        elif self._between:
            text = (
                f"Hand {self.shown_hand.number} is over. Press <b>Next hand</b>, or "
                "<b>Check my play</b> to review it."
            )
        elif self.learner_to_move():
            phase = view.phase
            if phase is Phase.BIDDING and view.hand is None:
                text = "Your turn: bid blind (without looking), or look at your cards."
            elif phase is Phase.DRAW and view.hand is None:
                text = (
                    "Your turn: declare Blind Nil (double nil) before drawing, or look."
                )
            elif phase is Phase.BIDDING:
                text = "Your turn to bid: how many tricks will you take?"
            elif phase is Phase.DRAW:
                assert view.drawn is not None
                text = (
                    f"Your turn to draw: keep {html.escape(view.drawn.symbol())} or "
                    "take the next card."
                )
            elif phase is Phase.EXCHANGE:
                partner = seat_name(self.seat.partner, self.seat, view.rules)
                text = (
                    f"Your turn: choose {view.rules.exchange} cards to pass to "
                    f"{html.escape(partner)}, then press Pass."
                )
            elif phase is Phase.BLIND_DISCARD:
                text = (
                    f"Your turn: choose up to {view.rules.blind_nil_discards} cards to "
                    "discard (or none), then press Discard."
                )
            else:
                names = ", ".join(c.name for c in view.legal)  # type: ignore[union-attr]
                text = (
                    "Your turn to play: the cards you may play are enabled."
                    f"<span class='spt-sr'> You may play: {html.escape(names)}.</span>"
                )
        else:
            assert game.turn is not None
            who = seat_name(game.turn, self.seat, game.rules)
            text = (
                f"{html.escape(who)} is thinking…"
                if self._async
                else f"{who} to {self._verb()}."
            )
        return f"<div aria-live='polite'><b>{text}</b>{timer}</div>"

    def _message_html(self) -> str:
        notice = ""
        if self._notice:
            notice = (
                "<div class='spt-notice' role='alert'><b>"
                f"{html.escape(self._notice)}</b></div>"
            )
        lines = "<br>".join(html.escape(m) for m in self._messages[-24:]) or "&nbsp;"
        return f"{notice}<div class='spt-msg' role='log'>{lines}</div>"

    def _bid_tooltip(self, action: Action) -> str:
        rules = self.rules
        if action is LOOK:
            return "look at your cards, then bid normally"
        assert isinstance(action, Bid)
        if action == Bid.NIL:
            value = rules.nil_value
            return f"Nil: promise to win no tricks (+{value} / -{value})"
        if action == Bid.BLIND_NIL:
            value = rules.blind_nil_value
            return f"Blind Nil: no tricks, bid before looking (+{value} / -{value})"
        if action == Bid.BLIND_SEVEN:
            value = rules.blind_seven_value
            return (
                f"Blind Seven: team contract 7, without looking (+{value} / -{value})"
            )
        return f"bid {action.tricks} trick{'s' if action.tricks != 1 else ''}"

    @_guarded
    def render(self) -> None:
        """Redraw every part of the table from the engine's state."""
        self._render()

    def _render(self) -> None:
        game = self._game
        view = self.view
        hand = self.shown_hand
        mine = self.learner_to_move()
        legal = set(view.legal) if mine else set()
        if not mine or game.phase not in (Phase.EXCHANGE, Phase.BLIND_DISCARD):
            self._selected = []
        hinted = None
        if self._hinted is not None and self._hinted[0] == self._state_key():
            hinted = self._hinted[1].action

        self._felt.value = self._felt_html(view)
        self._last_trick.value = self._last_trick_html(view)
        self._sheet.value = score_sheet_html(game)
        self._prompt.value = self._prompt_html()
        self._message_box.value = self._message_html()

        # bids, looks and blind decisions: exactly the legal ones
        for action, button in self._bid_buttons.items():
            shown = action in legal and view.phase in (Phase.BIDDING, Phase.DRAW)
            self._put(button.layout, display=None if shown else "none")
            self._put(
                button,
                disabled=not shown,
                tooltip=self._bid_tooltip(action),
                button_style="info" if shown and action == hinted else "",
            )
        # two-player draw
        drawing = mine and view.phase is Phase.DRAW and view.drawn is not None
        self._draw_row.layout.display = None if drawing else "none"
        self._keep_button.disabled = self._take_button.disabled = not drawing
        if drawing:
            assert view.drawn is not None
            self._draw_note.value = (
                f"Top card of the stock: {self._card_span(view.drawn)} "
                f"({html.escape(view.drawn.name)})"
            )
            self._keep_button.description = f"Keep {view.drawn.symbol()}"
            self._keep_button.tooltip = (
                f"keep the {view.drawn.name}; the next card goes "
                "face down to the discard pile"
            )
            self._take_button.tooltip = (
                f"discard the {view.drawn.name} and keep the next card, unseen"
            )
            self._keep_button.button_style = "info" if hinted == KEEP else ""
            self._take_button.button_style = "info" if hinted == TAKE_NEXT else ""
        # exchange / blind discard
        choosing = mine and view.phase in (Phase.EXCHANGE, Phase.BLIND_DISCARD)
        self._confirm_row.layout.display = None if choosing else "none"
        if choosing:
            count = len(self._selected)
            if view.phase is Phase.EXCHANGE:
                need = view.rules.exchange
                self._confirm_button.description = f"Pass the {count} chosen card(s)"
                self._confirm_button.disabled = count != need
                self._confirm_button.tooltip = f"choose exactly {need} cards first"
            else:
                most = view.rules.blind_nil_discards
                self._confirm_button.description = f"Discard the {count} chosen card(s)"
                self._confirm_button.disabled = count > most
                self._confirm_button.tooltip = f"choose 0 to {most} cards"
        else:
            self._confirm_button.disabled = True

        # the learner's hand
        if view.hand is None:
            self._hidden_note.value = (
                "<i>You have not drawn yet: decide on Blind Nil first.</i>"
                if view.phase is Phase.DRAW
                else f"<i>Your {view.rules.hand_size} cards are face down: you have "
                "not looked at them yet.</i>"
            )
            held: list[Card] = []
        else:
            self._hidden_note.value = ""
            held = _display_order(view.hand)
        previous: Suit | None = None
        colour = {suit: suit_colour(suit, self.four_colour) for suit in Suit}
        in_play = view.phase is Phase.PLAYING and not game.is_over and not self._between
        for card in held:
            button = self._card_buttons[card]
            suit_break = previous is not None and card.suit is not previous
            previous = card.suit
            selected = card in self._selected
            if choosing:
                disabled = False
                verb = "pass" if view.phase is Phase.EXCHANGE else "discard"
                tooltip = (
                    f"{card.name}: chosen to {verb} (click to undo)"
                    if selected
                    else f"{card.name}: click to choose it to {verb}"
                )
            else:
                disabled = not (mine and in_play and card in legal)
                why = (
                    hand.why_illegal(card, self.seat) if in_play and disabled else None
                )
                tooltip = f"{card.name}: {why}" if why else card.name
            self._put(
                button,
                description=("✓ " if selected else "") + card.symbol(),
                disabled=disabled,
                tooltip=tooltip,
                button_style="info" if selected or card == hinted else "",
            )
            self._put(
                button.layout,
                display=None,
                margin="0 2px 0 12px" if suit_break else "0 2px",
            )
            self._put(button.style, text_color=colour[card.suit])
        shown = set(held)
        for card, button in self._card_buttons.items():
            if card not in shown:
                self._put(button, disabled=True, button_style="")
                self._put(button.layout, display="none")
                self._put(button.style, text_color=colour[card.suit])

        # tools
        self._hint_button.disabled = not mine
        self._next_button.disabled = not self._between or game.is_over
        self._check_button.disabled = not game.finished_hands
        self._command_box.disabled = False
        self._render_review()
        # last: browser tests wait for this (its data-moves) to know a render is done
        self._status.value = self._status_html()

    def _put(self, widget: widgets.Widget, **values: Any) -> None:
        """Set traits that changed since the last render (setting a trait,
        even to its value, costs a validation; a render sets hundreds)."""
        for name, value in values.items():
            key = (id(widget), name)
            if key in self._rendered and self._rendered[key] == value:
                continue
            setattr(widget, name, value)
            self._rendered[key] = value

    def _render_review(self) -> None:
        review = self._review
        if review is None:
            self._review_box.layout.display = "none"
            return
        self._review_box.layout.display = None
        step = self._review_step
        self._review_prev.disabled = step <= 0
        self._review_next.disabled = step >= len(review.steps) - 1
        self._review_html.value = (
            f"<div><b>Check my play</b>: {html.escape(review.summary())}<br>"
            f"<span class='spt-small'>Step {step + 1} of {len(review.steps)}"
            "</span></div>" + review.step_html(step)
        )
