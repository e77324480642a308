"""Fuzz: valid records of every rule set, mutated entry by entry.

Each mutation (drop, duplicate, swap, change a value, add a key) must either
be refused with :class:`InvalidRecord` (never another exception) or replay to
a game whose record, written back, is the mutated record (both normalized:
card lists in a hand sorted, 0 read as Nil where the rules say so, default
keys filled in). A record is read whole: nothing in it may be skipped.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from conftest import ALL_SPECS
from spadeslib import LOOK, Bid, Card, Game, Phase, Rules, Seat, record
from spadeslib.errors import IllegalAction, InvalidRecord

Path = tuple[Any, ...]


# ------------------------------------------------------------ valid records
def random_record(spec: str, seed: int, rng: random.Random) -> dict[str, Any]:
    """A seeded random game of ``spec``, stopped anywhere in its first three
    hands. Blind bids are favoured and hidden seats sometimes bid without an
    explicit look, so that every kind of entry turns up."""
    game = Game(spec, seed=seed)
    stop = rng.randrange(1, 3 * 60)
    for _ in range(stop):
        if game.is_over or len(game.hands) > 3:
            break
        hand = game.hand
        legal = game.legal_actions()
        blind = [a for a in legal if isinstance(a, Bid) and a.is_blind]
        seat = hand.turn
        if blind and rng.random() < 0.4:
            action = rng.choice(blind)
        elif (
            hand.phase is Phase.BIDDING
            and seat is not None
            and hand.hidden[seat]
            and LOOK in legal
            and rng.random() < 0.5
        ):
            peek = hand.clone()
            peek.apply(LOOK)
            action = rng.choice(peek.legal_actions())  # a bid that implies the look
        else:
            action = rng.choice(legal)
        game.apply(action)
    return record.to_record(game)


# --------------------------------------------------------------- normalize
def _cards(value: Any) -> list[str]:
    return [str(c) for c in sorted(Card.parse_many(value))]


def _bid(rules: Rules, value: Any) -> Any:
    bid = Bid.parse(value)
    if bid == Bid(0) and not rules.numeric_zero and rules.nil:
        bid = Bid.NIL
    return bid.to_json()


def normalize(data: dict[str, Any]) -> dict[str, Any]:
    """The record's meaning as plain values: what two equivalent records share."""
    rules = Rules.from_json(data["rules"])
    out: dict[str, Any] = {
        "format": data.get("format", record.FORMAT),
        "rules": rules.to_json(),
        "seed": data.get("seed"),
        "hands": [],
    }
    for entry in data["hands"]:
        hand: dict[str, Any] = {
            "dealer": Seat.parse(entry["dealer"]).letter,
            "bids": [_bid(rules, b) for b in entry.get("bids", [])],
            "plays": [str(Card.parse(c)) for c in entry.get("plays", [])],
        }
        if "deal" in entry:
            hand["deal"] = {
                Seat.parse(s).letter: _cards(c) for s, c in entry["deal"].items()
            }
        for key in ("looked", "declared_blind"):
            if entry.get(key):
                hand[key] = sorted(Seat.parse(s).letter for s in entry[key])
        if entry.get("exchanges"):
            hand["exchanges"] = {
                Seat.parse(s).letter: _cards(c) for s, c in entry["exchanges"].items()
            }
        if entry.get("blind_discards"):
            hand["blind_discards"] = {
                Seat.parse(s).letter: {k: _cards(v) for k, v in step.items()}
                for s, step in entry["blind_discards"].items()
            }
        if "stock" in entry:
            hand["stock"] = [str(c) for c in Card.parse_many(entry["stock"])]
            hand["draws"] = list(entry.get("draws", []))
        out["hands"].append(hand)
    return out


def untouched(entry: dict[str, Any]) -> bool:
    return not any(entry.get(k) for k in ("bids", "plays", "draws", "looked"))


def written_back_matches(mutated: dict[str, Any], game: Game) -> bool:
    back = record.to_record(game)
    want = normalize(mutated)
    got = normalize(back)
    if mutated.get("seed") is None:
        got.pop("seed")  # a fresh seed was drawn for the hands to come
        want.pop("seed")
    # After a finished hand the game deals the next one from its seed.
    if len(got["hands"]) == len(want["hands"]) + 1 and untouched(back["hands"][-1]):
        got["hands"].pop()
    return got == want


# -------------------------------------------------------------- mutations
POOLS: dict[str, list[Any]] = {
    "bids": [0, 1, 3, 7, 13, 14, -1, "nil", "blind_nil", "blind_seven", "x", True],
    "plays": ["AS", "2C", "BJ", "10H", "ZZ", 5],
    "draws": ["keep", "discard", "look"],
    "seat": ["N", "E", "S", "W", "X", 0],
    "rules": ["cards4net", "classic", "two-player", "classic+jokers", "nope", 3],
    "seed": [0, 7, "x", 1.5, True],
    "format": ["spadeslib-record/2", 1],
    "any": [None, 0, "x", [], {}, True],
}
NEW_KEYS = ["extra", "looked", "exchanges", "stock", "draws", "blind_discards", "deal"]
SEAT_LISTS = ("looked", "declared_blind", "dealer")


def pool_for(path: Path, value: Any, rng: random.Random) -> list[Any]:
    """Replacement values of the same kind as the entry at ``path``."""
    names = [p for p in path if isinstance(p, str)]
    last = names[-1] if names else "any"
    if last in ("rules", "seed", "format", "bids", "plays", "draws"):
        return POOLS[last] + POOLS["any"]
    if last in SEAT_LISTS:
        return POOLS["seat"] + POOLS["any"]
    cards = [str(c) for c in Rules.parse("classic+jokers").deck + Rules().deck]
    if isinstance(value, str) and " " in value:  # a deal or a stock
        parts = value.split()
        i, j = rng.randrange(len(parts)), rng.randrange(len(parts))
        swapped = parts[:]
        swapped[i], swapped[j] = swapped[j], swapped[i]
        replaced = parts[:]
        replaced[i] = rng.choice(cards)
        return [" ".join(swapped), " ".join(replaced), *POOLS["any"]]
    if isinstance(value, list) and value and all(isinstance(c, str) for c in value):
        return [rng.sample(cards, len(value)), value[:-1], *POOLS["any"]]
    if isinstance(value, str) and len(value) <= 3:
        return [*rng.sample(cards, 4), *POOLS["any"]]
    return POOLS["any"]


def containers(data: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every list and object in the record, with its path."""
    if isinstance(data, (list, dict)):
        yield path, data
        items = data.items() if isinstance(data, dict) else enumerate(data)
        for key, value in items:
            yield from containers(value, (*path, key))


def at(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


def mutations(
    data: dict[str, Any], rng: random.Random
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Single-entry mutations of ``data`` (each a fresh copy), described."""
    for path, node in list(containers(data)):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        for key in keys:
            where = "/".join(map(str, (*path, key)))
            value = node[key]
            new = copy.deepcopy(data)
            target = at(new, path)
            del target[key]
            yield f"drop {where}", new
            for other in rng.sample(pool_for((*path, key), value, rng), 2):
                new = copy.deepcopy(data)
                at(new, path)[key] = copy.deepcopy(other)
                yield f"set {where} = {other!r:.30}", new
            if isinstance(node, list):
                new = copy.deepcopy(data)
                at(new, path).insert(key, copy.deepcopy(value))
                yield f"duplicate {where}", new
                if len(node) > 1:
                    j = rng.randrange(len(node))
                    new = copy.deepcopy(data)
                    target = at(new, path)
                    target[key], target[j] = target[j], target[key]
                    yield f"swap {where} with {j}", new
        if isinstance(node, dict):
            new = copy.deepcopy(data)
            name = rng.choice(NEW_KEYS)
            if name not in node:
                at(new, path)[name] = rng.choice([[], {}, ["N"], {"N": ["2C", "3C"]}])
                yield f"add {'/'.join(map(str, path))}/{name}", new


def check_mutation(what: str, data: dict[str, Any], outcomes: Counter[str]) -> None:
    text = json.dumps(data)
    try:
        game = record.loads(text)
    except (InvalidRecord, IllegalAction) as error:
        assert str(error) and "\n" not in str(error), what
        outcomes["refused"] += 1
        return
    assert written_back_matches(data, game), f"{what}: replayed to another record"
    outcomes["replayed"] += 1


def fuzz(specs: list[str], records: int, per_record: int, seed: int) -> Counter[str]:
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    for spec in specs:
        for n in range(records):
            data = random_record(spec, seed * 1000 + n, rng)
            # the record itself reads back to itself
            assert written_back_matches(data, record.loads(json.dumps(data)))
            for key in ("exchanges", "blind_discards", "looked", "declared_blind"):
                outcomes[key] += sum(key in h for h in data["hands"])
            every = list(mutations(data, rng))
            for what, mutated in rng.sample(every, min(per_record, len(every))):
                check_mutation(what, mutated, outcomes)
    return outcomes


def test_mutations_of_every_rule_set_are_refused_or_replayed_exactly() -> None:
    outcomes = fuzz(ALL_SPECS, records=2, per_record=25, seed=1)
    assert outcomes["refused"] > 0 and outcomes["replayed"] > 0
    for key in ("exchanges", "blind_discards", "looked", "declared_blind"):
        assert outcomes[key] > 0, f"no record had {key}: the fuzz missed it"


@pytest.mark.slow
def test_many_more_mutations() -> None:
    outcomes = fuzz(ALL_SPECS, records=3, per_record=40, seed=2)
    assert outcomes["refused"] > 0 and outcomes["replayed"] > 0
