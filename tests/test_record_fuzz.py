"""Fuzz: valid records of every rule set, mutated entry by entry.

Each mutation (drop, duplicate, swap, change a value, respell a name, add a
key) must either be refused with :class:`InvalidRecord` (never another
exception) or replay to a game whose record, written back, is the mutated
record. The comparison allows only the freedoms docs/records.md lists (the
order of a seat's cards and of the seats in a list, a deal as a list, a 0
read as Nil, keys left out filled in, the rules in their shortest form);
every name is compared as written, so a record that loads "7h", "e" or the
bid "5" and writes back "7H", "E" or 5 fails. A record is read whole:
nothing in it may be skipped.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from conftest import ALL_SPECS
from spadeslib import LOOK, Bid, Card, Game, Phase, Rules, record
from spadeslib.errors import IllegalAction, InvalidRecord, SpadesError

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
    """A seat's cards as written, in the game's order (the order is free)."""
    names = value.split() if isinstance(value, str) else list(value)
    return sorted(names, key=Card.parse)


def _bid(rules: Rules, value: Any) -> Any:
    if type(value) is int and value == 0 and not rules.numeric_zero and rules.nil:
        return "nil"  # the one bid written in two ways
    return value


def _seats(value: dict[str, Any], how: Any) -> dict[str, Any]:
    return {letter: how(v) for letter, v in value.items()}


def normalize(data: dict[str, Any]) -> dict[str, Any]:
    """The record with the freedoms docs/records.md lists taken out; every
    name (seat, card, bid, rule set) stays as written."""
    rules = Rules.from_json(data["rules"])
    players = data.get("players") or {}
    out: dict[str, Any] = {
        "format": data.get("format", record.FORMAT),
        "rules": rules.to_json(),
        "seed": data.get("seed"),
        "players": players,
        "hands": [],
    }
    for entry in data["hands"]:
        hand: dict[str, Any] = {
            "dealer": entry["dealer"],
            "bids": [_bid(rules, b) for b in entry.get("bids", [])],
            "plays": list(entry.get("plays", [])),
        }
        seated = {**players, **entry.get("players", {})}
        if "players" in entry and seated and seated != players:
            hand["players"] = seated  # written in full, where not the record's
        if "deal" in entry:
            hand["deal"] = _seats(entry["deal"], _cards)
        for key in ("looked", "declared_blind"):
            if entry.get(key):
                hand[key] = sorted(entry[key])
        if entry.get("exchanges"):
            hand["exchanges"] = _seats(entry["exchanges"], _cards)
        if entry.get("blind_discards"):
            hand["blind_discards"] = _seats(
                entry["blind_discards"],
                lambda step: {k: _cards(v) for k, v in step.items()},
            )
        if "stock" in entry:
            stock = entry["stock"]
            hand["stock"] = stock.split() if isinstance(stock, str) else list(stock)
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


def respellings(value: Any) -> list[Any]:
    """The same name written another way: a number in quotes, another case,
    a space for an underscore, a suit symbol, a space in front."""
    if type(value) is int:
        return [str(value)]
    if not isinstance(value, str):
        return []
    out = {value.lower(), value.upper(), value.replace("_", " "), f" {value}"}
    with contextlib.suppress(SpadesError):
        out.add(Card.parse(value).symbol)
    out.discard(value)
    return sorted(out)


def respelled(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """``data`` with one name (a value or a key) written another way."""
    for path, node in list(containers(data)):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        for key in keys:
            where = "/".join(map(str, (*path, key)))
            for other in respellings(node[key]):
                new = copy.deepcopy(data)
                at(new, path)[key] = other
                yield f"respell {where} as {other!r:.30}", new
            if isinstance(key, str) and key.lower() != key:  # a seat letter
                new = copy.deepcopy(data)
                target = at(new, path)
                target[key.lower()] = target.pop(key)
                yield f"respell the key {where} in lower case", new


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
    yield from respelled(data)


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


def test_every_respelling_is_refused_or_written_back_as_it_was() -> None:
    """A bid in quotes ("5"), "NIL", "blind nil", "7h", "7♥", the dealer "e",
    a deal in lower case, "Classic": each is refused, or (a player's name, a
    seed in quotes, which are free text) written back exactly as read."""
    rng = random.Random(3)
    outcomes: Counter[str] = Counter()
    for spec in ("classic", "classic+jokers", "two-player", "yppedia"):
        data = random_record(spec, 11, rng)
        for what, mutated in respelled(data):
            check_mutation(what, mutated, outcomes)
            outcomes[what.split()[1].split("/")[0]] += 1
    assert outcomes["refused"] > 100 and outcomes["hands"] > 100


def test_a_byte_order_mark_is_not_part_of_the_record() -> None:
    data = random_record("classic", 5, random.Random(5))
    game = record.loads(("\ufeff" + json.dumps(data)).encode())
    assert written_back_matches(data, game)


@pytest.mark.slow
def test_many_more_mutations() -> None:
    outcomes = fuzz(ALL_SPECS, records=3, per_record=40, seed=2)
    assert outcomes["refused"] > 0 and outcomes["replayed"] > 0
