# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: kernelspec,jupytext,-jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Chapter 3 · Bidding
#
# ## What you will learn
#
# - the order of bidding, and the bids you may make;
# - how partners' bids add up to a *contract*;
# - why the four bids need not add up to 13, and what follows when they
#   don't;
# - Nil and Blind Nil: who may bid them, under each rule set (asked of the
#   library, situation by situation);
# - a first way to estimate how many tricks a hand will win.

# %%
# %matplotlib inline
from collections import Counter

import matplotlib.pyplot as plt
from IPython.display import Markdown, display
from matplotlib.patches import Patch

from spadeslib import Bid, Hand, Phase, Rules, Seat, score_hand
from spadeslib.bots import make_bot
from spadeslib.display import cards_text, wrapped

plt.rcParams.update({"figure.dpi": 96, "savefig.dpi": 96, "font.size": 11})
BLUE, ORANGE, GREEN, RED = "#0072B2", "#E69F00", "#009E73", "#D55E00"


def show_table(headers, rows):
    """Display rows as a Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + " --- |" * len(headers)]
    lines += ["| " + " | ".join(str(x) for x in row) + " |" for row in rows]
    display(Markdown("\n".join(lines)))


def labels(actions):
    """Bids and other actions as short words: '0 1 2 ... Nil'."""
    return " ".join(a.label() if isinstance(a, Bid) else str(a) for a in actions)


# %% [markdown]
# ## One round, clockwise, from the dealer's left
#
# West deals this hand, so North bids first, then East, South and West (the
# dealer bids last). Everybody bids exactly once: there is no passing and no
# second round.

# %%
hand = Hand(Rules("cards4net"), dealer="W", seed=31)
print("bidding order:", " -> ".join(seat.full for seat in hand.bid_order))
print("'pass'?", hand.check("pass"))  # why the hand would refuse it

# %% [markdown]
# Under the default rules (`cards4net`) the first bidder has one extra
# decision before anything else: bid **Blind Nil** without looking at the
# cards, or look at them. Blind Nil is a promise to win no trick at all,
# made blind: kept, it scores a lot; broken, it loses as much (chapter 6
# gives the points). The library does not even show North the cards yet:

# %%
north = hand.view("N")
print("North's cards:", north.holding)
print("North may:    ", labels(north.legal))

# %% [markdown]
# North looks. Now North may bid any number from 0 to 13, or Nil (a promise
# to win no trick at all, below):

# %%
hand.apply("look")
print("North holds:", cards_text(hand.holding[Seat.NORTH]))
print("North may bid:", labels(hand.legal_actions()))

# %% [markdown]
# A bid is the number of tricks you expect to win. North bids 3. Once made,
# a bid is final: North cannot take it back or bid again.

# %%
hand.apply(3)
print(hand.why_illegal(Bid(5), seat="N"))

# %% [markdown]
# The others bid in turn:

# %%
for bid in (4, 2, 3):
    seat = hand.turn
    hand.apply(bid)
    print(f"{seat.full:<6} bids {bid}")
print({seat.full: bid.label() for seat, bid in hand.bids.items()})
print("phase now:", hand.phase.value)

# %% [markdown]
# ## Partners bid together: the contract
#
# The bids of two partners add up to their **contract**: North-South must
# win at least 3 + 2 = 5 tricks *between them*, whoever wins them.

# %%
view = hand.view("N")
for side in view.sides:
    print(f"{side}: contract {view.team_contract(side)}")

# %% [markdown]
# ## The bids need not add up to 13
#
# Only 13 tricks are played, but nobody forces the bids to add up to 13.
# Suppose both partnerships bid 8 (16 in all). Let the library score every
# possible split of the 13 tricks:


# %%
def both_sides(bids, ns_tricks):
    """Score a hand where North-South win ns_tricks (all by North) and
    East-West the rest (all by East)."""
    tricks = {
        Seat.NORTH: ns_tricks,
        Seat.EAST: 13 - ns_tricks,
        Seat.SOUTH: 0,
        Seat.WEST: 0,
    }
    return score_hand(Rules(), bids, tricks, {})


high = {Seat.NORTH: Bid(4), Seat.SOUTH: Bid(4), Seat.EAST: Bid(4), Seat.WEST: Bid(4)}
rows = []
for t in range(14):
    r = both_sides(high, t)
    rows.append(
        (
            t,
            13 - t,
            r["NS"].points,
            r["EW"].points,
            "both"
            if r["NS"].made and r["EW"].made
            else "NS"
            if r["NS"].made
            else "EW"
            if r["EW"].made
            else "neither",
        )
    )
show_table(
    ["NS tricks", "EW tricks", "NS points", "EW points", "contract made by"], rows
)
print(
    "splits where both make their contract:",
    sum(1 for row in rows if row[-1] == "both"),
)

# %% [markdown]
# With 16 tricks bid, at least one side is always set. The opposite case:
# if the bids add up to less than 13, the spare tricks go to someone as
# **overtricks** (bags, chapter 7). With 5 + 5 = 10 bid:

# %%
low = {Seat.NORTH: Bid(3), Seat.SOUTH: Bid(2), Seat.EAST: Bid(3), Seat.WEST: Bid(2)}
bags = [both_sides(low, t) for t in range(14)]
handed_out = {
    r["NS"].bags_after + r["EW"].bags_after
    for r in bags
    if r["NS"].made and r["EW"].made
}
print("if both sides make their contract, the bags handed out are", *sorted(handed_out))

# %% [markdown]
# How do real bids add up? The `rule` bot bids like a careful club player.
# Let four of them bid on many deals (only the bidding, no play):

# %%
DEALS = 400
bots = {seat: make_bot("rule", seed=f"ch3/{seat.letter}") for seat in Seat}
totals = Counter()
kinds = Counter()
for i in range(DEALS):
    deal = Hand(Rules(), dealer=Seat(i % 4), seed=f"bidding/{i}")
    while deal.phase is Phase.BIDDING:
        deal.apply(bots[deal.turn].act(deal.view(deal.turn)))
    bids = deal.bids.values()
    totals[sum(b.tricks for b in bids)] += 1
    kinds.update(b.label() if b.is_nil else "number" for b in bids)
print(f"{DEALS} deals, {sum(kinds.values())} bids:", dict(sorted(kinds.items())))

# %%
xs = list(range(min(totals), max(totals) + 1))
fig, ax = plt.subplots(figsize=(8, 4))
ax.bar(
    xs,
    [totals[x] / DEALS for x in xs],
    color=[RED if x > 13 else GREEN if x == 13 else BLUE for x in xs],
)
ax.axvline(13.5, color="black", linestyle=":", linewidth=1)
handles = [
    Patch(color=BLUE, label="under 13: spare tricks become bags"),
    Patch(color=GREEN, label="exactly 13"),
    Patch(color=RED, label="over 13: someone will be set"),
]
ax.legend(handles=handles, loc="upper right")
ax.set_ylim(0, 1.5 * max(totals.values()) / DEALS)
ax.set_title(f"The four bids added up ({DEALS} deals bid by rule bots)")
ax.set_xlabel("sum of the four bids (tricks)")
ax.set_ylabel("share of deals")
ax.set_xticks(xs)
plt.show()
under = sum(n for x, n in totals.items() if x < 13) / DEALS
print(f"bids add up to less than 13 in {under:.0%} of the deals")

# %% [markdown]
# Careful bidders usually leave a trick or two unclaimed: bidding too much
# risks being set, which costs far more than a bag.

# %% [markdown]
# ## Nil and Blind Nil: who may bid them?
#
# **Nil** promises to win no trick at all; **Blind Nil** is the same promise
# made before looking at your cards. Why promise nothing? A hand of low
# cards would win a trick or two at most, while a Nil kept scores far more
# than that (chapter 6). The rule sets disagree about who may
# bid them, and when. (The library calls each named rule set a *preset*:
# `cards4net`, `classic`, `yppedia` and `two-player`; the exercises use the
# word too.) Rather than list the differences from memory, let us put the
# library in five situations and ask, for each rule set, whether Nil and
# Blind Nil are legal (✔), or, in a few words, which rule forbids them.
#
# West deals every time; North and South are partners.

# %%
SITUATIONS = [
    ("North, first to bid, scores level", {}, []),
    ("East, partner still to bid, team 150 behind", {"NS": 150}, [3]),
    ("South, partner bid 3, scores level", {}, [3, 3]),
    ("South, partner bid Nil, scores level", {}, ["nil", 3]),
    ("South, team 150 behind, partner bid Blind Nil", {"EW": 150}, ["blind_nil", 3]),
]
PRESETS4 = ["cards4net", "classic", "yppedia"]
IN_WORDS = {  # the library's rule id of each refusal, in a few words
    "nil-after-partner": "no: partner has bid",
    "blind-nil-first-bidder": "no: first bidder only",
    "blind-nil-trailing": "no: team not far enough behind",
    "blind-nil-one-per-team": "no: one per team",
}


def may_bid(spec, scores, before):
    """(Nil verdict, Blind Nil verdict) for the seat to bid after `before`."""
    hand = Hand(spec, dealer="W", seed=1, scores=scores)
    for action in before:
        if not hand.is_legal(action):
            return ("cannot happen", "cannot happen")
        hand.apply(action)
    verdicts = []
    for bid in (Bid.NIL, Bid.BLIND_NIL):
        error = hand.check(bid)
        verdicts.append("✔" if error is None else IN_WORDS[error.rule])
    return tuple(verdicts)


rows = []
for label, scores, before in SITUATIONS:
    cells = [" / ".join(may_bid(spec, scores, before)) for spec in PRESETS4]
    rows.append((label, *cells))
show_table(["situation (Nil / Blind Nil)", *PRESETS4], rows)

# %% [markdown]
# With every refusal the library gives a rule id (such as
# `nil-after-partner`, the keys of `IN_WORDS` above) and a sentence that says
# more. For example, in the third situation:

# %%
for spec in PRESETS4:
    hand = Hand(spec, dealer="W", seed=1)
    hand.apply(3)
    hand.apply(3)
    print(f"{spec}:")
    for bid in (Bid.NIL, Bid.BLIND_NIL):
        print(
            wrapped(
                f"   {bid.label():<9} {hand.why_illegal(bid) or 'legal'}", indent=13
            )
        )

# %% [markdown]
# Reading the table:
#
# - **cards4net** offers Nil only while your partner has not bid, and Blind
#   Nil only to the very first bidder. So a team never has two nils.
# - **classic** offers Nil to anyone (both partners may bid it), and Blind
#   Nil to any player whose team is behind by at least 100 points.
# - **yppedia** is like classic, but a team may have only one Blind Nil.
#
# The amounts and the scores needed are rule parameters:

# %%
for spec in PRESETS4:
    r = Rules(spec)
    print(f"{spec:<10} blind_nil={r.blind_nil!r:<15} margin={r.blind_nil_margin}")
    print(
        f"{'':<10} nil_before_partner_only={r.nil_before_partner_only!s:<6} "
        f"double_nil={r.double_nil!s:<6} blind nils per team={r.blind_nils_per_team}"
    )

# %% [markdown]
# ### Zero and Nil
#
# Under `cards4net` a bid of 0 is a plain number (chapter 6 shows how it
# scores). Under `classic` and `yppedia` the lowest number is 1, and "0"
# means Nil. The library's lists of legal bids show it:

# %%
for spec in PRESETS4:
    hand = Hand(spec, dealer="W", seed=1)
    if hand.hidden[hand.turn]:
        hand.apply("look")
    print(f"{spec:<10}", labels(hand.legal_actions()))

# %% [markdown]
# ### The two-player game (optional)
#
# This aside is for the two-player game of chapter 8; skip it if you play
# with four. In the two-player game there is no deal: each player draws
# cards from the stock. Blind Nil (called *double nil* there, and not to be
# confused with the `double_nil` rule above, which lets both partners bid
# Nil) is declared before taking the first card:

# %%
two = Hand("two-player", dealer="N", seed=1)
print(
    "phase:",
    two.phase.value,
    "| to act:",
    two.turn.full,
    "| options:",
    labels(two.legal_actions()),
)

# %% [markdown]
# ## Estimating tricks from a hand
#
# How many tricks will a hand win? A first, rough count that many players
# use:
#
# - each ace of a side suit (hearts, diamonds, clubs): 1 trick;
# - each king of a side suit with at least one more card of its suit: ½;
# - in spades: the ace, the king if you hold 2 or more spades, the queen if
#   you hold 3 or more: 1 trick each;
# - every spade beyond the third: 1 more trick.
#
# The library has this count as a function,
# `spadeslib.counting.quick_tricks` (the exercises check your count with the
# same function). Here it is applied to the hand North held above, next to
# what the `rule` bot would bid with it (and why):


# %%
from spadeslib.counting import quick_trick_parts, quick_tricks

fresh = Hand(Rules(), dealer="W", seed=31)
fresh.apply("look")
bot = make_bot("rule", seed="ch3/estimate")
for seat in Seat:
    cards = fresh.holding[seat]
    print(f"{seat.full:<6}{cards_text(cards):<44} quick count {quick_tricks(cards):>4}")
parts = quick_trick_parts(fresh.holding[Seat.NORTH])
print("\nNorth's count:", ", ".join(f"{what} {value:g}" for what, value in parts))
suggestion = bot.explain(fresh.view("N"))
print(wrapped(f"\nthe rule bot, as North: {suggestion.reason}"))

# %% [markdown]
# The bot counts more finely than the quick count: it gives a queen a small
# chance instead of nothing, weighs each high card of a side suit by the
# length of its suit, and adds tricks it may win by ruffing when it has a short suit
# and spades to spare. Its *worth about* then corrects that count by what
# such hands won when bots played them.
#
# Both methods are guesses. How good they are can be *measured* by letting
# bots play thousands of hands: that is chapter 9.

# %% [markdown]
# ## Quick quiz
#
# Four questions on this chapter. Click an answer and the quiz tells you at once whether it is right (where widgets do not show, answer with `quiz.check(1, "b")`).

# %%
from spadeslib.quiz import Question, Quiz

N, E, S, W = Seat
bids = {N: Bid(4), E: Bid(2), S: Bid(3), W: Bid(5)}
contract = score_hand(Rules(), bids, dict.fromkeys(Seat, 0), {})["NS"].contract
cards4net = Hand("cards4net", dealer="N", seed=3)  # East bids first, West third
cards4net.apply("look")  # East may bid Blind Nil, so East looks first
cards4net.apply(3)  # East
cards4net.apply(2)  # South
classic = Rules.parse("classic")
zero = (
    "Nil"
    if classic.nil and not classic.numeric_zero
    else "a number of tricks (not Nil)"
)
behind = f"a player whose side is {classic.blind_nil_margin} or more behind"
blind = {
    "first_bidder": "only the first bidder, before anyone bids",
    "trailing": behind,
    "none": "nobody",
}[Rules().blind_nil]
quiz = Quiz(
    "Quick quiz: chapter 3",
    [
        Question(
            "North bids 4, East 2, South 3, West 5. What is North-South's contract?",
            [3, 4, 7, 14],
            answer=contract,
            why="Partners' bids add up: 4 + 3.",
            wrong={
                3: "3 is South's bid alone: partners' bids add up.",
                4: "4 is North's bid alone: partners' bids add up.",
                14: "14 adds all four bids; East-West's bids make their own contract.",
            },
        ),
        Question(
            "Under cards4net, East has bid 3. May West, East's partner, bid Nil?",
            ["yes", "no"],
            answer="yes" if cards4net.is_legal(Bid.NIL) else "no",
            why="cards4net offers Nil only while your partner has not bid.",
        ),
        Question(
            "Under classic, what is a bid of 0?",
            ["Nil", "a number of tricks (not Nil)", "not allowed"],
            answer=zero,
            why="classic has no numeric 0: bidding no tricks is Nil, with its "
            "own bonus and penalty.",
            wrong={
                "a number of tricks (not Nil)": "That is cards4net's 0; classic "
                "has no numeric 0.",
                "not allowed": "A bid of no tricks is allowed: under classic it "
                "is Nil.",
            },
        ),
        Question(
            "Under cards4net, who may bid Blind Nil?",
            [
                "only the first bidder, before anyone bids",
                behind,
                "nobody",
            ],
            answer=blind,
            why="Blind Nil is bid before looking at the cards, and cards4net "
            "offers it to the first bidder only.",
            wrong={
                behind: "That is classic's rule, not cards4net's.",
                "nobody": "cards4net has Blind Nil, for one player only.",
            },
        ),
    ],
)
quiz.show()


# %% [markdown]
# ## Summary
#
# - One round of bids, clockwise from the dealer's left; no passing; a bid
#   is final.
# - Partners' bids add up to the team's contract; the four bids need not add
#   up to 13. Above 13, someone must be set; below 13, someone usually gets bags.
# - Nil and Blind Nil depend on the rule set: `cards4net` limits them to
#   one per team (Nil before your partner bids, Blind Nil for the first
#   bidder), `classic` and `yppedia` allow Blind Nil only to a team behind by
#   100 or more.
# - A quick count of aces, kings and spades gives a first estimate of a
#   hand's tricks.
#
# **Exercises:** [exercises for chapter 3](../exercises/03_bidding.ipynb).
# Next: [Chapter 4 · Playing tricks](04_playing_tricks.ipynb).
