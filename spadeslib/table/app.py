"""The table in the browser: an anywidget drawn by the JavaScript in ``static/``.

:class:`SpadesTable` is an ``anywidget.AnyWidget`` (an ipywidgets
``DOMWidget``) whose ES module and CSS ship in this package: no build step,
nothing from a CDN (the module is the parts in ``static/`` joined by
:func:`front_module`); it works in JupyterLab, Notebook 7, Voila and VS Code.
It holds a :class:`~spadeslib.table.session.TableSession` and one synced
trait, ``state``: the JSON of :func:`~spadeslib.table.state.table_state`,
built from the learner's view only. The front end draws that state and sends
back what the learner did (``model.send({...})``, see the protocol at the top
of ``table.js``); every action goes through the session, so the engine, not
JavaScript, accepts or refuses it.

>>> table = SpadesTable("classic", seed=2024, speed="instant")
>>> table.state["table"]["phase"], table.bid(20)
('bidding', False)
>>> table.state["notice"]
'You cannot bid 20: bids go from 1 to 13 or Nil.'
>>> table.play("QH"), table.state["notice"]  # doctest: +NORMALIZE_WHITESPACE
(False, 'You cannot play the queen of hearts now: the hand is in the bidding
 phase and it is your turn to bid.')
"""

from __future__ import annotations

import asyncio
import functools
import os
import threading
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import anywidget
import traitlets

from ..actions import Action, Bid
from ..bots import Suggestion
from ..cards import Card
from ..dealing import read_seed
from ..display import options as display_options
from ..game import Game
from ..hand import Phase
from ..rules import Rules
from ..seats import Seat
from ..view import PlayerView
from .advisor import HandEstimate, TableReview
from .options import ladder
from .session import MAX_UPLOAD, SPEEDS, TableSession
from .state import log_lines, table_state

__all__ = ["SpadesTable"]

_STATIC = Path(__file__).parent / "static"

#: The front end's parts in ``static/``, in the order :func:`front_module`
#: joins them: card drawing and ``esc``; the frame (``SKELETON``) and
#: ``button``; then the methods of ``TableView`` by what they draw (the
#: board, the panels, the log and live region, the Options panel); last
#: ``table.js``, with the protocol, the class, the mixing-in and the export.
FRONT_PARTS = (
    "cards.js",
    "layout.js",
    "board.js",
    "panels.js",
    "log.js",
    "options.js",
    "table.js",
)


def front_module() -> str:
    """The table's front end as the one ES module anywidget serves: the
    files of :data:`FRONT_PARTS` joined in that order, each once. They share
    one module scope (no imports, no build step, nothing fetched), so a
    part may use what another defines; only ``table.js``, the last, exports."""
    parts = (_STATIC / name for name in FRONT_PARTS)
    return "\n".join(part.read_text(encoding="utf-8") for part in parts)


F = TypeVar("F", bound=Callable[..., Any])


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _on_owner_thread(method: F) -> F:
    """Run a front-end message on the thread (and event loop) that owns the
    table. With ipykernel 7 and JupyterLab 4.6, widget messages may arrive in
    a kernel *subshell* thread; the session, its bot task and its timer
    belong to the kernel's main loop, so the call is handed to that loop."""

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


@functools.cache
def _players(preset: str) -> int:
    """How many play under a preset (4 if the name is unknown)."""
    try:
        return Rules(preset).players
    except Exception:
        return 4


def page_identity() -> str:
    """The notebook this kernel runs, as the server that started it says
    (Jupyter Server, hence JupyterLab and Notebook 7, sets
    ``JPY_SESSION_NAME`` to the notebook's path); ``""`` where nothing says
    it (Voila's kernels, preheated before anyone asks for a page, are told no
    notebook: there one server serves one classroom page). The browser keeps
    the game under this and the table's name, not under the page's address:
    JupyterLab rewrites the address of a reloaded notebook
    (``/lab/tree/notebooks/11_play.ipynb`` becomes ``/lab/tree/notebooks``
    or a workspace's), which once lost the game kept before the reload."""
    return os.environ.get("JPY_SESSION_NAME", "")


def _text(value: Any, limit: int = 100) -> str:
    """A short string from a message field (anything else becomes ``""``)."""
    return value[:limit] if isinstance(value, str) else ""


class SpadesTable(anywidget.AnyWidget):
    """A Spades table for one learner, bots in the other seats.

    Takes the :class:`~spadeslib.table.session.TableSession` parameters
    (``rules``, ``modifiers``, ``seed``, ``seat``, ``partner``, ``opponents``,
    ``speed``, ``timer``, ``coach``, ``auto_next``, ``auto_review``,
    ``scores``, ``bags``: ``scores={"NS": 460, "EW": 430}`` practises the end
    of a game) plus
    display options (``four_colour``, ``large_print``) and ``name`` (the
    page's key for the game kept in the visitor's browser). Display it to
    play by clicking; the methods below do the same from code.
    """

    _esm = front_module()
    _css = _STATIC / "table.css"
    state = traitlets.Dict().tag(sync=True)
    """The one synced state (see :mod:`spadeslib.table.state`)."""
    name = traitlets.Unicode("play").tag(sync=True)
    """The page's key for the game kept in the browser (localStorage)."""
    page = traitlets.Unicode("").tag(sync=True)
    """The page the table is in, as the kernel knows it (:func:`page_identity`):
    with ``name``, the key of the game kept in the browser. Never the page's
    address, which JupyterLab changes under a reloaded notebook."""

    def __init__(
        self,
        rules: Rules | str = "cards4net",
        *,
        modifiers: Iterable[str] = (),
        seed: int | str | None = None,
        seat: Seat | str = Seat.SOUTH,
        partner: str | None = None,
        opponents: str | None = None,
        speed: str = "normal",
        timer: float | None = None,
        coach: str | None = None,
        auto_next: bool = False,
        auto_review: bool = True,
        four_colour: bool | None = None,
        large_print: bool = False,
        name: str = "play",
        scores: Mapping[str, int] | None = None,
        bags: Mapping[str, int] | None = None,
    ) -> None:
        super().__init__(name=name, page=page_identity())
        self._loop = _running_loop()
        self._thread = threading.current_thread()
        self.prefs: dict[str, Any] = {
            "four_colour": display_options.four_colour
            if four_colour is None
            else bool(four_colour),
            "large_print": bool(large_print),
            "sheet_open": True,
        }
        self.session = TableSession(
            rules,
            modifiers=modifiers,
            seed=seed,
            seat=seat,
            partner=partner,
            opponents=opponents,
            speed=speed,
            timer=timer,
            coach=coach,
            auto_next=auto_next,
            auto_review=auto_review,
            loop=self._loop,
            precompute=True,  # the hint is ready when asked (see coaching)
            scores=scores,
            bags=bags,
        )
        self.session.on_change(self.sync)
        self.on_msg(self._on_msg)
        self.sync()

    # ----------------------------------------------------------- drawing
    def sync(self) -> None:
        """Rebuild the synced state from the session (after every change)."""
        state = table_state(self.session, self.prefs)
        # the Options panel hides the partner's level for a rule set without
        # partners: each preset's number of players (the rules' own)
        for preset in state.get("options", {}).get("presets", []):
            preset.setdefault("players", _players(preset["id"]))
        self.state = state

    def __repr__(self) -> str:
        s = self.session
        return (
            f"SpadesTable(rules={s.rules.full_spec!r}, seed={s.seed!r}, "
            f"seat={s.seat.full})"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # the text is shown where the table cannot be drawn (a notebook
        # opened, not yet run; a front end without widgets)
        text = f"{self!r}: the card table, drawn in Jupyter when this cell runs."
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, tuple):
            data[0]["text/plain"] = text
        elif isinstance(data, dict):
            data["text/plain"] = text
        return data

    # ------------------------------------------------------ read-outs
    @property
    def game(self) -> Game:
        """The engine's game (the only game state)."""
        return self.session.game

    @property
    def rules(self) -> Rules:
        """The rules being played."""
        return self.session.rules

    @property
    def seat(self) -> Seat:
        """The learner's seat."""
        return self.session.seat

    @property
    def seed(self) -> int | str:
        """The game's seed."""
        return self.session.seed

    @property
    def view(self) -> PlayerView:
        """The learner's view of the hand on the table."""
        return self.session.view

    @property
    def message(self) -> str:
        """The refusal (if any), then what happened since your last decision."""
        return self.session.message

    @property
    def log(self) -> list[str]:
        """Every event and refusal, oldest first."""
        return self.session.log

    @property
    def between_hands(self) -> bool:
        """True when a hand is over and the next waits for :meth:`new_hand`."""
        return self.session.between

    def learner_to_move(self) -> bool:
        """Whether the table waits for your decision."""
        return self.session.learner_to_move()

    # --------------------------------------------------------- the API
    def bid(self, bid: Bid | int | str) -> bool:
        """Bid a number, ``"nil"``, ``"blind nil"`` or ``"blind seven"``."""
        return self.session.bid(bid)

    def play(self, card: Card | str) -> bool:
        """Play a card: ``table.play("QH")``."""
        return self.session.play(card)

    def look(self) -> bool:
        """Look at your cards (declining a blind bid)."""
        return self.session.look()

    def keep(self) -> bool:
        """Two-player draw: keep the top card."""
        return self.session.keep()

    def take_next(self) -> bool:
        """Two-player draw: discard the top card and take the next one."""
        return self.session.take_next()

    def exchange(self, cards: str | Iterable[Card | str]) -> bool:
        """Pass cards to your partner in a blind-nil exchange: ``"2C 3D"``."""
        return self.session.exchange(cards)

    def discard(self, cards: str | Iterable[Card | str] = "") -> bool:
        """Two-player blind nil: discard up to three cards (possibly none)."""
        return self.session.discard(cards)

    def command(self, text: str) -> bool:
        """Do what a typed move says (``"QH"``, ``"4"``, ``"nil"``, ``"look"``)."""
        return self.session.command(text)

    def act(self, action: Action) -> bool:
        """Take any action (a card, bid, look, draw, exchange or discard)."""
        return self.session.act(action)

    def hint(self) -> Suggestion | None:
        """What the coach would do now, and why."""
        return self.session.hint()

    def estimate(self) -> HandEstimate | None:
        """How good is my hand? Expected tricks and a suggested bid."""
        return self.session.estimate()

    def undo(self) -> bool:
        """Take back your last decision in this hand."""
        return self.session.undo()

    def replay_deal(self) -> bool:
        """Play the hand on the table again from its deal."""
        return self.session.replay_deal()

    def new_hand(self) -> bool:
        """Deal the next hand (after one is over)."""
        return self.session.new_hand()

    def new_game(self, rules: Rules | str | None = None, **options: Any) -> bool:
        """Start a new game (``seed=`` deals exactly that game; ``scores=``
        and ``bags=`` start it elsewhere than 0)."""
        return self.session.new_game(rules, **options)

    def set_levels(
        self, partner: str | None = None, opponents: str | None = None
    ) -> bool:
        """Change the bots' levels: from this hand if nobody has moved in it
        yet, else from the next one."""
        return self.session.set_levels(partner, opponents)

    def review(self, number: int | None = None) -> TableReview | None:
        """Check my play: the coach's review of a finished hand."""
        return self.session.review(number)

    def step(self) -> bool:
        """Let the next bot move (at the ``step`` speed)."""
        return self.session.step()

    def set_speed(self, speed: str) -> None:
        """``"step"``, ``"slow"``, ``"normal"`` or ``"fast"``."""
        self.session.set_speed(speed)

    def pause(self, paused: bool = True) -> None:
        """Pause (``False``: resume) the bots and the move timer."""
        self.session.pause(paused)

    def timeout(self) -> Action | None:
        """The move timer ran out: a random legal card is played for you, as
        YPPedia's timer plays it; before the play your face-down cards are
        turned up (never a blind bid), or the rule bot's bid is made for you."""
        return self.session.timeout()

    def save(self, path: str | Path) -> bool:
        """Save the game's record to a file (in the page, Save downloads it)."""
        return self.session.save(path)

    def load(self, path: str | Path) -> bool:
        """Load a record file and play on (in the page, Load uploads one)."""
        return self.session.load(path)

    def to_json(self) -> str:
        """The game's record as JSON text."""
        return self.session.to_json()

    def from_json(self, text: str) -> bool:
        """Load a game from record text (size-limited and validated)."""
        return self.session.from_json(text)

    def close(self) -> None:
        """Stop the bots and the timer, and close the widget."""
        session = getattr(self, "session", None)  # None: refused when made
        if session is not None:
            session.close()
        super().close()

    # ------------------------------------------------------- messages
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self.handle(content)

    @_on_owner_thread
    def handle(self, content: Any) -> None:
        """Do what a message from the front end asks (see ``table.js``);
        anything malformed is refused with a line on the table."""
        if not isinstance(content, Mapping):
            self.session.refuse("The page sent a message the table cannot read.")
            return
        kind = _text(content.get("type"), 40)
        handler = self._HANDLERS.get(kind)
        if handler is None:
            self.session.refuse(f"The page sent an unknown request ({kind or 'none'}).")
            return
        try:
            handler(self, content)
        except Exception as error:  # a click must never leave the table frozen
            self.session.errors.append(f"{type(error).__name__}: {error}")
            self.session.refuse(
                f"Something went wrong: {type(error).__name__}: {error}"
            )

    def _m_card(self, msg: Mapping[str, Any]) -> None:
        self.session.play(_text(msg.get("card"), 4))

    def _m_act(self, msg: Mapping[str, Any]) -> None:
        action = _text(msg.get("action"), 20)
        named = {
            "look": self.session.look,
            "keep": self.session.keep,
            "take_next": self.session.take_next,
        }
        if action in named:
            named[action]()
        else:
            self.session.bid_on_sight(action)

    def _m_choose(self, msg: Mapping[str, Any]) -> None:
        cards = msg.get("cards")
        if (
            not isinstance(cards, list)
            or len(cards) > 13
            or not all(isinstance(c, str) for c in cards)
        ):
            self.session.refuse("Choose the cards in your hand, then confirm.")
            return
        chosen = " ".join(_text(c, 4) for c in cards)
        if self.session.game.phase is Phase.EXCHANGE:
            self.session.exchange(chosen)
        else:
            self.session.discard(chosen)

    def _m_save(self, _msg: Mapping[str, Any]) -> None:
        s = self.session
        filename = s.file_name()
        self.send({"type": "download", "filename": filename, "text": s.to_json()})
        s.log.append(f"Saved: your browser downloads {filename}.")
        self.sync()

    def _m_upload(self, msg: Mapping[str, Any]) -> None:
        text = msg.get("text")
        name = _text(msg.get("name"), 80) or "the file"
        self.session.from_json(text, max_bytes=MAX_UPLOAD, name=name)

    def _m_resume(self, msg: Mapping[str, Any]) -> None:
        self.session.resume(msg.get("token"), max_bytes=MAX_UPLOAD)

    def _m_new_game(self, msg: Mapping[str, Any]) -> None:
        preset = _text(msg.get("preset"), 20) or self.session.rules.preset
        mods = msg.get("modifiers")
        modifiers = [_text(m, 20) for m in mods] if isinstance(mods, list) else []
        try:
            rules = Rules(preset, modifiers[:8])
        except Exception as error:
            self.session.refuse(f"Cannot start these rules: {error}")
            return
        timer_text = _text(msg.get("timer"), 12).strip()
        try:
            timer = float(timer_text) if timer_text else 0.0
        except ValueError:
            timer = None
        if timer is None or not 0 <= timer <= 3600:
            self.session.refuse(
                f"The move timer is a number of seconds (empty for none), not "
                f"{timer_text!r}"
            )
            return
        levels = self._menu_levels(msg)
        if levels is None:
            return
        partner, opponents = levels
        self.session.new_game(
            rules,
            seed=read_seed(_text(msg.get("seed"), 40)),
            partner=partner,
            opponents=opponents,
            timer=int(timer) if timer.is_integer() else timer,
        )

    def _menu_levels(
        self, msg: Mapping[str, Any]
    ) -> tuple[str | None, str | None] | None:
        """A message's ``(partner, opponents)``, ``None`` for a level it does
        not name; refused (``None``) when it names one off the menu."""
        menu = ladder()
        partner, opponents = (
            _text(msg.get(key), 30) or None for key in ("partner", "opponents")
        )
        for level in (partner, opponents):
            if level is not None and level not in menu:  # the page offers these
                self.session.refuse(
                    f"The bots play at one of the menu's levels ({', '.join(menu)}), "
                    f"not {level!r}"
                )
                return None
        return partner, opponents

    def _m_levels(self, msg: Mapping[str, Any]) -> None:
        levels = self._menu_levels(msg)
        if levels is None:
            return
        self.session.set_levels(*levels, menu=True)

    def _m_speed(self, msg: Mapping[str, Any]) -> None:
        speed = _text(msg.get("speed"), 20)
        if speed not in SPEEDS:
            self.session.refuse(f"Unknown speed {speed!r}.")
            return
        self.session.set_speed(speed)

    def _m_pause(self, msg: Mapping[str, Any]) -> None:
        paused = msg.get("paused")
        if not isinstance(paused, bool):
            self.session.refuse("The page sent a pause the table cannot read.")
            return
        self.session.pause(paused)

    def _m_log(self, _msg: Mapping[str, Any]) -> None:
        """The whole game's log, which a page opened mid-game lacks (each
        state carries only its last lines: :data:`~.state.LOG_TAIL`)."""
        self.send({"type": "log", "lines": log_lines(self.session)})

    def _m_prefs(self, msg: Mapping[str, Any]) -> None:
        for key in ("four_colour", "large_print", "sheet_open"):
            if key in msg:
                self.prefs[key] = bool(msg[key])
        self.sync()

    # a handler's result (a lambda's hint, a move's bool) is dropped
    _HANDLERS: ClassVar[
        dict[str, Callable[[SpadesTable, Mapping[str, Any]], object]]
    ] = {
        "card": _m_card,
        "act": _m_act,
        "choose": _m_choose,
        "hint": lambda self, _m: self.session.hint(),
        "estimate": lambda self, _m: self.session.estimate(),
        "undo": lambda self, _m: self.session.undo(),
        "replay": lambda self, _m: self.session.replay_deal(),
        "next_hand": lambda self, _m: self.session.new_hand(),
        "step": lambda self, _m: self.session.step(),
        "review": lambda self, _m: self.session.review(),
        "save": _m_save,
        "upload": _m_upload,
        "resume": _m_resume,
        "new_game": _m_new_game,
        "levels": _m_levels,
        "speed": _m_speed,
        "pause": _m_pause,
        "prefs": _m_prefs,
        "log": _m_log,
    }
