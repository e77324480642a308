"""The value of every legal card of one decision, from the seat's view.

Worlds are dealt consistently with everything the seat has seen (its cards,
the cards played, the voids shown, the bids, and the ducks of the play: see
:mod:`spadeslib.bots.sampler`). In each world every distinct legal card is
played and the hand is finished by the rule policy for all four seats, or,
when few enough cards are left, solved exactly (every card of the world
known, everybody playing perfectly). The same worlds serve every card, so
differences between cards are paired and their intervals narrow.

>>> import random
>>> from spadeslib import Hand
>>> hand = Hand(seed=4, dealer="W")
>>> for bid in (3, 3, 3, 3): hand.apply(bid)
>>> study = study_cards(hand.view(hand.turn), random.Random(1), samples=4)
>>> sorted(study.values) == sorted(hand.legal_cards()), study.worlds
(True, 4)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from ...cards import Card
from ...view import PlayerView
from ..candidates import candidates, played_by_seat, representative
from ..knowledge import state_from_view
from ..playout import hand_outcome
from ..policy import choose_card
from ..sampler import duck_evidence, play_record, sample_worlds
from ..sim import State
from .estimate import Estimate, mean_ci
from .exact import MAX_CARDS, WorldSolver

__all__ = ["CardStudy", "Outcome", "study_cards"]


@dataclass(frozen=True)
class Outcome:
    """What happened to the seat's side in one world after one card."""

    value: float
    """Bag-adjusted margin of the side (its points minus the opponents'),
    and :data:`~spadeslib.bots.playout.GAME_WEIGHT` more for a won game
    (less for a lost one) when the game can end this hand
    (:func:`~spadeslib.bots.playout.leaf_value`)."""
    trick: bool
    """The side won the trick the card was played to."""
    tricks: int
    """Tricks the side took in the hand."""
    made: bool | None
    """The side's contract was made (``None``: no contract)."""
    nil: bool | None
    """The side's nils (own or partner's) all made (``None``: no nil)."""
    set_them: bool | None
    """The opponents' contract was set (``None``: they have none)."""
    broke_nil: bool | None
    """An opponent's nil was broken (``None``: no opposing nil)."""
    bags: int
    """Bags (overtricks) the side took."""
    game: bool | None = None
    """The side won (``True``) or lost (``False``) the game with this hand;
    ``None`` while it goes on, and whenever the game could not end this hand
    (:func:`~spadeslib.bots.playout.game_result`)."""
    penalty: int = 0
    """Points the bag penalty took from the side (its bags reached the bag
    limit this hand; 0 when they did not, or when the game could not end
    this hand and the penalty is not counted)."""
    their_penalty: int = 0
    """Points the bag penalty took from the opponents."""


@dataclass
class CardStudy:
    """Every legal card's outcomes over the same worlds."""

    view: PlayerView
    rule_card: Card
    reps: dict[Card, Card]
    """Each legal card -> the card standing for its run of equivalent cards."""
    outcomes: dict[Card, list[Outcome]] = field(default_factory=dict)
    """Per representative card, one outcome per world."""
    worlds: int = 0
    solved: bool = False
    """Every world was solved exactly (few cards left)."""
    determined: bool = False
    """Every world is the same: the seat knows where every card is."""

    @property
    def values(self) -> dict[Card, Estimate]:
        """The estimate of every legal card."""
        out = {}
        exact = self.solved and self.determined
        for card, rep in self.reps.items():
            est = mean_ci([o.value for o in self.outcomes[rep]])
            if exact:
                est = Estimate(est.mean, est.mean, est.mean, True)
            out[card] = est
        return out

    def joined(self, more: CardStudy) -> CardStudy:
        """This study and ``more`` (the same decision, other worlds) as one."""
        outcomes = {c: [*o, *more.outcomes[c]] for c, o in self.outcomes.items()}
        return replace(
            self,
            outcomes=outcomes,
            worlds=self.worlds + more.worlds,
            determined=self.determined and more.determined,
        )

    @property
    def ends_game(self) -> bool:
        """Whether some world ends the game (after some card): its values
        then count the game won or lost."""
        return any(o.game is not None for outs in self.outcomes.values() for o in outs)

    def paired(self, a: Card, b: Card) -> list[float]:
        """Per-world value of ``a`` minus that of ``b``."""
        oa, ob = self.outcomes[self.reps[a]], self.outcomes[self.reps[b]]
        return [x.value - y.value for x, y in zip(oa, ob, strict=True)]


def _outcome(sim: State, side: int, trick: bool) -> Outcome:
    other = 1 - side
    rules = sim.deck.rules
    value, game, paid, their_paid = hand_outcome(sim, side, rules)
    seats = sim.side_seats(side)
    tricks = sum(sim.tricks_won[s] for s in seats)
    contract = sim.contract(side)
    need = sim.need(side)
    made = (need <= 0) if contract else None
    bags = max(0, -need) if contract else 0
    nils = [sim.tricks_won[s] == 0 for s in seats if sim.nil[s]]
    nil = all(nils) if nils else None
    theirs = sim.contract(other)
    set_them = (sim.need(other) > 0) if theirs else None
    opp_nils = [sim.tricks_won[s] > 0 for s in sim.side_seats(other) if sim.nil[s]]
    broke = any(opp_nils) if opp_nils else None
    return Outcome(
        value, trick, tricks, made, nil, set_them, broke, bags, game, paid, their_paid
    )


def _settled(sim: State, side: int, number: int) -> bool | None:
    """Whether ``side`` won trick ``number`` (counted from 0), once it is
    over (the trick's winner is then the seat to lead); else ``None``."""
    return sim.side(sim.turn) == side if sim.tricks_done > number else None


def _finish(sim: State, side: int, number: int) -> bool:
    """Play the hand out with the rule policy; whether ``side`` won trick
    ``number`` (counted from 0)."""
    won = _settled(sim, side, number)  # the card played may have ended it
    while sim.tricks_done < 13:
        seat = sim.turn
        card, _ = choose_card(sim, seat)
        sim.play(seat, card)
        if won is None and sim.tricks_done > number:
            won = sim.side(sim.turn) == side
    if won is None:
        won = sim.side(sim.turn) == side
    return won


def study_cards(
    view: PlayerView,
    rng: random.Random,
    samples: int = 40,
    exact_cards: int = 12,
    *,
    ducks: bool = True,
    play_weight: float = 1.0,
) -> CardStudy:
    """Deal ``samples`` worlds for ``view`` and value every legal card in
    each; worlds with at most ``exact_cards`` cards left in play are solved
    exactly (see the module docstring). ``ducks``: weigh worlds by the ducks
    seen (:func:`~spadeslib.bots.sampler.duck_evidence`); ``play_weight`` below
    1: weigh them by how well the opponents' plays fit the rule level's
    (:mod:`~spadeslib.bots.reading`)."""
    st = state_from_view(view)
    seat = int(view.seat)
    deck = st.deck
    rule_id, _ = choose_card(st, seat)
    rule_card = deck.card[rule_id]
    assert rule_card is not None
    cands = candidates(st, seat)
    legal_ids = [deck.id_of_card(c) for c in view.legal if isinstance(c, Card)]
    reps: dict[Card, Card] = {}
    for cid in legal_ids:
        rep = deck.card[representative(st, seat, cid, cands)]
        card = deck.card[cid]
        assert rep is not None and card is not None
        reps[card] = rep
    # the rule's card stands for its run, so the coach names the card the
    # book would play when several are equivalent
    rule_rep = reps[rule_card]
    for card, rep in list(reps.items()):
        if rep == rule_rep:
            reps[card] = rule_card
    rep_ids = sorted({deck.id_of_card(r) for r in reps.values()})
    study = CardStudy(view, rule_card, reps)
    side = st.side(seat)
    number = st.tricks_done
    left = sum(st.cards_left(s) for s in st.seats())
    solve = left <= min(exact_cards, MAX_CARDS)
    if len(rep_ids) == 1:
        solve = solve and left <= MAX_CARDS
    worlds = sample_worlds(
        st,
        seat,
        rng,
        max(1, samples),
        played_by=played_by_seat(view, deck),
        evidence=duck_evidence(view) if ducks else None,
        record=play_record(view) if play_weight < 1.0 else None,
        play_weight=play_weight,
        readers=[s for s in st.seats() if st.side(s) != side],
    )
    outcomes: dict[int, list[Outcome]] = {c: [] for c in rep_ids}
    solver = WorldSolver(view.rules, st, view.bags) if solve else None
    seen: set[tuple[int, ...]] = set()
    for world in worlds:
        seen.add(tuple(world))
        base = st.copy()
        base.hands = world[:]
        if solver is not None:
            lines = solver.lines(world, rep_ids, seat)
            for c in rep_ids:
                sim = base.copy()
                sim.play(seat, c)
                won = _settled(sim, side, number)
                for s, x in lines[c][1]:
                    sim.play(s, x)
                    if won is None and sim.tricks_done > number:
                        won = sim.side(sim.turn) == side
                if won is None:
                    won = sim.side(sim.turn) == side
                outcomes[c].append(_outcome(sim, side, won))
            continue
        for c in rep_ids:
            sim = base.copy()
            sim.play(seat, c)
            won = _finish(sim, side, number)
            outcomes[c].append(_outcome(sim, side, won))
    study.worlds = len(worlds)
    study.solved = solver is not None
    # one world drawn again and again: the seat knows where every card is
    study.determined = len(seen) == 1 and (len(worlds) >= 8 or not st.unseen(seat))
    for c, outs in outcomes.items():
        card = deck.card[c]
        assert card is not None
        study.outcomes[card] = outs
    return study
