"""What the table says under each variant: a player who knows house rules
tried every one in a browser and found these words missing or wrong."""

from __future__ import annotations

import random

from session_support import play_random

from spadeslib import KEEP, LOOK, Bid, Game, Hand, Rules, Seat, record
from spadeslib.bots import make_bot
from spadeslib.coach import Coach
from spadeslib.coach.explain import describe
from spadeslib.sheet import rules_sheet
from spadeslib.table.narrate import Snapshot, describe_action
from spadeslib.table.panels import options_state, sheet_state
from spadeslib.table.session import TableSession
from spadeslib.table.state import _pile_words, _prompt, table_state
from spadeslib.table.words import rules_in_words


def _learner_turn(spec: str, wanted, seeds: range = range(200)) -> TableSession:
    """The first seeded table whose learner is to act in a view ``wanted``."""
    for seed in seeds:
        table = TableSession(spec, seed=seed)
        if table.learner_to_move() and wanted(table.view):
            return table
    raise AssertionError(f"no seed of {spec} gives the view asked for")


def _bid_and_exchange(hand: Hand, blind: Seat) -> list[str]:
    """Bid (``blind`` declares Blind Nil, the others as the rule bot does)
    and exchange; the table's lines for South."""
    bots = {seat: make_bot("rule", seed=1) for seat in Seat}
    lines = []
    while hand.phase.name in ("BIDDING", "EXCHANGE"):
        seat = hand.turn
        before = Snapshot.of(hand, Seat.SOUTH)
        view = hand.view(seat)
        if Bid.BLIND_NIL in view.legal:
            action = Bid.BLIND_NIL if seat is blind else LOOK
        else:
            action = bots[seat].act(view)
        hand.apply(action)
        lines.append(describe_action(hand, before, seat, action, Seat.SOUTH))
    return lines


def test_the_exchange_says_which_cards_the_learner_receives() -> None:
    """The log said "North passes 2 cards to you" and never which cards
    arrived."""
    hand = Hand("classic", dealer=Seat.EAST, seed=3, scores={"NS": 0, "EW": 200})
    lines = _bid_and_exchange(hand, blind=Seat.SOUTH)
    got = " ".join(c.symbol for c in hand.exchanges[Seat.NORTH])
    assert lines[-2].startswith("You pass"), lines
    assert lines[-1] == (
        f"North (partner) passes 2 cards to you; you receive {got} from North "
        "(partner)."
    ), lines
    assert set(hand.exchanges[Seat.NORTH]) <= set(hand.view(Seat.SOUTH).holding)


def test_a_partners_first_pass_is_said_face_down() -> None:
    """Passed first, the partner's cards have not reached the learner yet:
    "passes 2 cards to you" said before the learner chose read as if they
    had."""
    hand = Hand("classic", dealer=Seat.WEST, seed=3, scores={"NS": 0, "EW": 200})
    lines = _bid_and_exchange(hand, blind=Seat.NORTH)
    got = " ".join(c.symbol for c in hand.exchanges[Seat.NORTH])
    assert lines[-2] == (
        "North (partner) picks 2 cards to pass to you (face down: they reach "
        "you when you have passed yours)."
    ), lines
    assert lines[-1].startswith("You pass") and lines[-1].endswith(
        f"; you receive {got} from North (partner)."
    ), lines


def test_an_exchange_between_opponents_stays_face_down() -> None:
    hand = Hand("classic", dealer=Seat.NORTH, seed=3, scores={"NS": 200, "EW": 0})
    bots = {seat: make_bot("rule", seed=1) for seat in Seat}
    lines = []
    while hand.phase.name in ("BIDDING", "EXCHANGE"):
        seat = hand.turn
        before = Snapshot.of(hand, Seat.SOUTH)
        blind = seat is Seat.EAST and Bid.BLIND_NIL in hand.view(seat).legal
        action = Bid.BLIND_NIL if blind else bots[seat].act(hand.view(seat))
        hand.apply(action)
        lines.append(describe_action(hand, before, seat, action, Seat.SOUTH))
    passing = [line for line in lines if "2 cards" in line]
    assert len(passing) == 2, lines
    assert not any("receive" in line or "♠" in line for line in passing), passing


def test_a_lone_whiz_bid_says_why_nil_is_closed() -> None:
    table = _learner_turn(
        "cards4net+whiz", lambda v: v.holding is not None and len(v.legal) == 1
    )
    prompt = table_state(table)["prompt"]
    assert "Nil is closed: your partner has bid" in prompt, prompt
    assert "Whiz" in prompt, prompt


def test_whiz_and_mirror_bids_say_their_rule() -> None:
    table = _learner_turn("cards4net+whiz", lambda v: Bid.NIL in v.legal)
    assert (
        "(Whiz: everyone bids the spades they hold, or Nil.)"
        in (table_state(table)["prompt"])
    )


def test_suicide_tells_the_first_partner_what_is_at_stake() -> None:
    table = _learner_turn(
        "classic+suicide", lambda v: Seat.NORTH not in v.bids and Bid.NIL in v.legal
    )
    assert "if you do not bid Nil, your partner must" in table_state(table)["prompt"]


def test_blind_prompts_name_the_rule_that_opens_them() -> None:
    seven = _learner_turn("classic+jokers", lambda v: Bid.BLIND_SEVEN in v.legal)
    prompt = table_state(seven)["prompt"]
    assert "Blind Seven" in prompt and "plus or minus 140" in prompt, prompt
    assert "partner's only bid is then Blind Seven" in prompt, prompt
    first = _learner_turn("cards4net", lambda v: Bid.BLIND_NIL in v.legal)
    prompt = table_state(first)["prompt"]
    assert "you bid first" in prompt and "plus or minus 200" in prompt, prompt


def test_the_partner_of_a_blind_seven_is_not_offered_a_look() -> None:
    """South's only bid is the Blind Seven North declared: the prompt said
    "bid blind (without looking), or look at your cards"."""
    hand = Hand("classic+jokers", seed=5, dealer=Seat.SOUTH)  # W, N, E, S
    bots = {seat: make_bot("rule", seed=1) for seat in Seat}
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
        if seat is Seat.NORTH:
            hand.apply(Bid.BLIND_SEVEN)
            continue
        if LOOK in hand.view(seat).legal:
            hand.apply(LOOK)
        hand.apply(bots[seat].act(hand.view(seat)))
    view = hand.view(Seat.SOUTH)
    assert tuple(view.legal) == (Bid.BLIND_SEVEN,)
    table = _learner_turn("classic+jokers", lambda v: True)  # a table to word it
    prompt = _prompt(table, view)
    assert prompt.startswith("Your turn to bid: your partner declared Blind Seven")
    assert "look at your cards" not in prompt, prompt


def test_the_variants_come_before_the_preset_they_change() -> None:
    lines = rules_in_words(Rules.parse("classic+jokers"))
    assert lines[0].startswith("Jokers:") and "no Nil" in lines[0]
    assert lines[1].startswith("Classic:") and "a variant changes it" in lines[1]


def test_yppedia_promises_no_timer_it_does_not_start() -> None:
    assert Rules.parse("yppedia").move_timer is None
    words = " ".join(rules_in_words(Rules.parse("yppedia")))
    assert "a move timer," not in words and "set one in Options" in words


def test_the_sheet_marks_a_ten_for_200_contract() -> None:
    """The log and the review said "(10 for 200)"; the score sheet did not."""
    marked = unmarked = 0
    for seed in range(40):
        table = TableSession("classic+ten_for_200", seed=seed)
        play_random(table, random.Random(seed), hands=3)
        for row, hand in zip(
            sheet_state(table)["rows"], table.game.finished_hands, strict=True
        ):
            for side, cell in row["sides"].items():
                ten = hand.result[side].contract == 10
                assert ("(10 for 200)" in cell["bids"]) == ten, cell
                marked += ten
                unmarked += not ten
        if marked:
            break
    assert marked and unmarked


def test_a_joker_deck_sheet_says_which_twos_are_gone() -> None:
    sheet = rules_sheet(Rules.parse("classic+jokers"))
    assert "(no 2♣ or 2♥ here)" in sheet
    assert "no 2♣" not in rules_sheet(Rules.parse("classic"))


def test_a_textbook_choice_kept_is_named() -> None:
    """A draw hint read "taking the next card came out 10 points higher ...
    the coach keeps the textbook choice" without saying which that was."""
    hand = Hand("two-player", seed=4)
    hand.apply(LOOK)
    advice = Coach("search").advise(hand.view(hand.turn), hand=hand)
    text = advice.explain(head=False)
    assert "came out" in text and "higher" in text, text
    assert text.endswith("keeps the textbook choice, keeping the top card."), text
    assert describe(advice.best) == "keep the top card"


def _two_player_blind(seed: int, learner_blind: bool) -> TableSession:
    """A two-player table past its blind discards: South declares Blind Nil
    (or looks) and keeps every draw; a blind discard throws the first legal
    choice with cards in it."""
    table = TableSession("two-player", seed=seed)
    while table.game.hand.phase.name in ("DRAW", "BLIND_DISCARD"):
        legal = table.view.legal
        if Bid.BLIND_NIL in legal:
            assert table.act(Bid.BLIND_NIL if learner_blind else LOOK)
        elif table.game.hand.phase.name == "DRAW":
            assert table.keep()
        else:
            assert table.act(max(legal, key=lambda a: len(getattr(a, "cards", ()))))
    return table


def test_the_pile_never_lists_a_card_the_learner_drew_back() -> None:
    """After a Blind Nil's discard, the cards drawn back from the pile were
    still listed as out of play."""
    drew_back = 0
    for seed in range(12):
        table = _two_player_blind(seed, learner_blind=True)
        hand = table.game.hand
        if Seat.SOUTH not in hand.blind_discards:
            continue
        drew_back += len(hand.blind_discards[Seat.SOUTH][1])
        state = table_state(table)["hand"]
        held = {c["code"] for c in state["cards"]}
        gone = {c["code"] for c in state["discards"]}
        assert gone and not gone & held, (seed, gone & held)
    assert drew_back


def _drawn(blind: Seat) -> Hand:
    """A two-player hand (seed 0) drawn to the end, ``blind`` having
    declared Blind Nil, the other looking; every draw kept."""
    hand = Hand("two-player", seed=0)
    while hand.phase.name == "DRAW":
        if Bid.BLIND_NIL in hand.view(hand.turn).legal:
            hand.apply(Bid.BLIND_NIL if hand.turn is blind else LOOK)
        else:
            hand.apply(KEEP)
    return hand


def test_the_pile_is_not_out_of_play_when_the_opponent_may_draw_from_it() -> None:
    table = TableSession("two-player", seed=0)  # South's table, for the names
    fresh = Hand("two-player", seed=0)
    assert _pile_words(table, fresh.view(Seat.SOUTH)).startswith("Out of play")
    hand = _drawn(Seat.NORTH)
    assert Seat.NORTH in hand.declared_blind
    assert _pile_words(table, hand.view(Seat.SOUTH)) == (
        "Seen going to the discard pile (North's Blind Nil may draw some back)"
    )


def test_a_lone_mirror_bid_blames_mirror_not_the_partner() -> None:
    """With one spade under mirror Nil was never open: "Nil is closed: your
    partner has bid" gave a wrong reason."""
    table = _learner_turn(
        "cards4net+mirror",
        lambda v: (
            v.holding is not None and Seat.NORTH in v.bids and Bid.NIL not in v.legal
        ),
    )
    prompt = table_state(table)["prompt"]
    assert "Mirror:" in prompt and "Nil is closed" not in prompt, prompt


def test_a_blind_seven_reads_as_one_contract_on_the_sheet() -> None:
    """ "bid Blind Seven+Blind Seven" read as 14 tricks."""
    game = Game("classic+jokers", seed=5)
    bots = {seat: make_bot("rule", seed=1) for seat in "NESW"}
    while not game.finished_hands:
        seat, view = game.turn, game.view(game.turn)
        if Bid.BLIND_SEVEN in view.legal and seat in (Seat.NORTH, Seat.SOUTH):
            game.apply(Bid.BLIND_SEVEN)
        else:
            game.apply(bots[seat.letter].act(view))
    table = TableSession("classic+jokers", seed=5)
    assert table.from_json(record.dumps(game))
    cells = sheet_state(table)["rows"][0]["sides"]
    assert cells["NS"]["bids"] == "Blind Seven (side 7)", cells
    assert "Blind Seven" not in cells["EW"]["bids"], cells


def test_the_learners_own_blind_discard_says_the_pile_gives_back() -> None:
    hand = _drawn(Seat.SOUTH)
    table = TableSession("two-player", seed=0)
    assert hand.phase.name == "BLIND_DISCARD" and hand.turn is Seat.SOUTH
    assert _pile_words(table, hand.view(Seat.SOUTH)) == (
        "Seen going to the discard pile (your replacements come from it)"
    )


def test_a_typed_play_or_bid_with_nothing_after_it_asks_what() -> None:
    table = TableSession("classic", seed=0)
    assert not table.command("play ")
    assert table.notice == "Play what? For example 'play QH'."
    assert not table.command("bid")
    assert table.notice == "Bid what? For example 'bid 4'."


def test_a_variants_words_carry_the_rule_sets_values() -> None:
    """A teacher's ``ten_for_200_value=300`` (or Blind Seven at 150) is what
    the table says, in the rules panel, the options and the rules sheet: the
    words were written for the default values."""
    ten = Rules.parse("classic+ten_for_200+ten_for_200_value=300")
    assert "+300 when made, -300 when set" in rules_in_words(ten)[0]
    options = options_state(TableSession(ten, seed=1))["modifiers"]
    words = {m["id"]: m["words"] for m in options}
    assert "+300 when made" in words["ten_for_200"]
    seven = Rules.parse("classic+jokers+blind_seven_value=150")
    assert rules_in_words(seven)[0].endswith("Blind Seven scores ±150.")
    assert "10 scores +200" not in " ".join(rules_in_words(ten)) + rules_sheet(ten)


def test_how_good_is_my_hand_says_when_the_rules_decide_the_bid() -> None:
    """Under mirror the estimate called the forced bid of 4 "a little under
    what you expect"; under suicide it gave no reason for the forced Nil."""
    said = {}
    for spec, seed in (("mirror", 3), ("whiz", 6), ("suicide", 4)):
        table = TableSession(f"classic+{spec}", seed=seed, coach="rule")
        estimate = table.estimate()
        assert estimate is not None
        said[spec] = estimate.text
        assert "A little under" not in estimate.text, estimate.text
    assert said["mirror"].endswith(
        "suggested bid: 4. Under mirror you must bid exactly 4, the spades held."
    ), said
    assert (
        "suggested bid: 2. Under whiz you must bid 2 (the spades held) or Nil. "
        in (said["whiz"])
    ), said
    assert said["suicide"].endswith(
        "suggested bid: Nil. Under suicide each partnership has exactly one Nil: "
        "North bid 3, so you must bid Nil."
    ), said


def test_a_led_joker_is_named_and_no_nil_is_said() -> None:
    """A learner read "spades were led" when East led the Big Joker, and the
    jokers bidding prompt never said that there is no Nil."""
    table = TableSession("classic+jokers", seed=5)
    hand = Hand("classic+jokers", seed=0, dealer=Seat.NORTH)
    bots = {seat: make_bot("rule", seed=1) for seat in Seat}
    said = []
    while not hand.is_over:
        seat = hand.turn
        view = hand.view(seat)
        if seat is Seat.SOUTH and view.trick and view.trick[0][1].is_joker:
            said.append((view.trick[0][1].symbol, _prompt(table, view)))
        if seat is Seat.SOUTH and Bid(1) in view.legal:
            said.append(("bid", _prompt(table, view)))
        hand.apply(bots[seat].act(view))
    assert said[0][1].endswith("(Jokers: no Nil; bid 1 to 13.)"), said
    joker, prompt = said[1]
    assert prompt == (
        f"Your turn to play: the {joker} was led (jokers count as spades)."
    ), said
