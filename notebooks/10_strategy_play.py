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
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Chapter 10 · Strategy II: card play
#
# ## What you will learn
#
# - to **count** the cards: which are gone, which are still out, which card
#   is now the highest of its suit;
# - to **read voids**: who can no longer follow a suit, and what that means;
# - to protect your partner's Nil, and to attack the opponents' Nil;
# - to play to **set** the opponents' contract;
# - to **duck** tricks you do not need, so that they do not become bags.
#
# The chapter is built around real positions from hands played by bots. In
# each one you sit South and it is your turn. You see only what South may
# see. Think, write your card in the `choice = ...` line, and run the cell:
# the library checks that the card is legal and shows what two bots would
# play, and why: the `rule` bot (a sensible club player) and the `search`
# bot (which deals the unseen cards many times and tries each candidate).
# When the two disagree, it is usually a close call, and the search bot's
# reason says how many points it expects the difference to be worth.

# %%
# %matplotlib inline
import matplotlib.pyplot as plt
from IPython.display import Markdown, display

from spadeslib import Bid, Hand, Phase, Rank, Rules, Seat, Suit
from spadeslib.bots import make_bot, suggest
from spadeslib.display import cards_text

plt.rcParams.update({"figure.dpi": 96, "savefig.dpi": 96, "font.size": 11})
BLUE, ORANGE, GREEN, RED, GREY = "#0072B2", "#E69F00", "#009E73", "#D55E00", "#777777"
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def show_table(headers, rows):
    """Display rows as a Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + " --- |" * len(headers)]
    lines += ["| " + " | ".join(str(x) for x in row) + " |" for row in rows]
    display(Markdown("\n".join(lines)))


def position(deal, bids, plays="", dealer="W", rules="cards4net"):
    """A hand dealt as `deal`, after the given bids and the cards in `plays`
    (a string such as "AD 2D 5D")."""
    hand = Hand(Rules.parse(rules), dealer=dealer, deal=deal)
    for action in [*bids, *plays.split()]:
        hand.apply(action)
    return hand


def show_position(hand):
    """Print what the player to move may see: bids, tricks, own cards."""
    view = hand.view(hand.turn)
    me = view.seat
    print(f"You are {me.full}; {view.dealer.full} dealt ({view.rules.spec}).")
    bids = "  ".join(f"{s.letter} {b.label()}" for s, b in view.bids.items())
    contracts = ", ".join(f"{side} {view.team_contract(side)}" for side in view.sides)
    print(f"bids: {bids}   (contracts: {contracts})")
    won = {side: 0 for side in view.sides}
    for trick in view.tricks:
        won[hand.side_of(trick.winner)] += 1
    for number, trick in enumerate(view.tricks, 1):
        plays = " ".join(f"{s.letter}:{c.symbol():<4}" for s, c in trick.plays)
        print(f"  trick {number:>2}: {plays} won by {trick.winner.full}")
    print("tricks won:", ", ".join(f"{side} {n}" for side, n in won.items()))
    if view.trick:
        print(
            "this trick:", " ".join(f"{s.letter}:{c.symbol()}" for s, c in view.trick)
        )
    print(f"your cards: {cards_text(view.hand)}")
    print("legal now: ", " ".join(c.symbol() for c in view.legal))


def judge(hand, choice):
    """Check the learner's card and show what the bots would play, and why."""
    view = hand.view(hand.turn)
    problem = hand.why_illegal(choice)
    print(f"your choice {choice}: " + ("legal" if problem is None else problem))
    for level in ("rule", "search"):
        hint = suggest(view, level, seed="ch10")
        print(f"{level:>6} bot plays {hint.action.symbol():<4} {hint.reason}")


def count_cards(view):
    """Per suit: cards played, cards in my hand, cards still unseen."""
    played, unseen = set(view.played_cards()), set(view.unseen_cards())
    rows = []
    for suit in SUITS:

        def pick(cards, suit=suit):
            return sorted((c for c in cards if c.suit is suit), reverse=True)

        out = pick(unseen)
        rows.append(
            (
                suit.symbol,
                len(pick(played)),
                cards_text(pick(view.hand)),
                len(out),
                out[0].symbol() if out else "–",
            )
        )
    show_table(
        ["suit", "played", "in my hand", "still out (unseen)", "highest still out"],
        rows,
    )


# %% [markdown]
# ## 1. Counting cards
#
# Every card you have not seen is in one of the three other hands. Keeping
# track of what has been played tells you which of your cards are now the
# highest left in their suit (players call them *boss* cards).
#
# Here South has won the third trick and leads the fourth.

# %%
COUNTING = {
    "N": "7C 3D 6D 8D QD AD 3H 6H 10H JH QH 6S QS",
    "E": "5C 9C JC 2D 4D 9D 10D 5H 8H 2S 5S 9S KS",
    "S": "2C 6C 8C 10C QC AC 5D KD AH 4S 7S 8S JS",
    "W": "3C 4C KC 7D JD 2H 4H 7H 9H KH 3S 10S AS",
}
BIDS = ["look", 2, 2, 4, 2]
PLAY = "AD 2D 5D 7D  7C 5C AC 3C  AH 2H 3H 5H"
hand = position(COUNTING, BIDS, PLAY)
show_position(hand)

# %% [markdown]
# The library's view of the hand keeps the count for you: the cards played,
# and the cards South has not seen (`view.unseen_cards()`).

# %%
count_cards(hand.view("S"))

# %% [markdown]
# Your turn: which card would you lead? Edit the line below and run the cell.

# %%
choice = "QC"
judge(hand, choice)

# %% [markdown]
# The ace of diamonds went in the first trick, so the king is now the top
# diamond: it wins unless someone is out of diamonds and trumps it.
#
# ### Counting spades through a hand
#
# Spades matter most, because they win tricks in any suit. Here is the same
# hand played to the end by four `rule` bots, and after each trick the
# number of spades South has not yet seen (still held by the other three):

# %%
bots = {seat: make_bot("rule", seed=f"ch10/{seat.letter}") for seat in Seat}
full = position(COUNTING, BIDS)
while not full.is_over:
    full.apply(bots[full.turn].act(full.view(full.turn)))
history = [action for _, action, _ in full.history]
spades_out, spades_mine = [], []
for done in range(14):
    step = position(COUNTING, history[: len(BIDS) + 4 * done])
    view = step.view("S")
    spades_out.append(sum(1 for c in view.unseen_cards() if c.suit is Suit.SPADES))
    spades_mine.append(sum(1 for c in view.hand if c.suit is Suit.SPADES))

fig, ax = plt.subplots(figsize=(8, 4))
ax.step(range(14), spades_out, where="post", color=BLUE, label="spades still out")
ax.step(
    range(14), spades_mine, where="post", color=ORANGE, label="spades in South's hand"
)
ax.set_title("Counting spades from South's seat")
ax.set_xlabel("tricks played")
ax.set_ylabel("number of spades")
ax.set_xticks(range(14))
ax.legend()
plt.show()
print("still out after each trick:", spades_out)

# %% [markdown]
# When the blue line reaches zero, every spade South holds is a sure winner.
#
# ## 2. Reading voids
#
# A player who does not follow suit has shown that they are out of it
# (*void*). The view lists these voids from the public play
# (`view.voids()`). In this hand South leads the fifth trick.

# %%
VOIDS = {
    "N": "2C 2D 4D 8D KD 6H 7H 8H 9H KH AH 3S 4S",
    "E": "4C 6C 10C 5D 7D 9D 3H JH 2S 8S 9S JS KS",
    "S": "3C 5C 7C 8C KC AC 6D JD 10H QH 5S QS AS",
    "W": "9C JC QC 3D 10D QD AD 2H 4H 5H 6S 7S 10S",
}
hand = position(
    VOIDS,
    ["look", 2, 3, 4, 1],
    "AH 3H 10H 2H  KH JH QH 4H  2C 4C KC 9C  AC JC 2D 6C",
)
show_position(hand)
for seat, suits in hand.view("S").voids().items():
    if suits:
        print(f"{seat.full} is void in {', '.join(s.plural for s in suits)}")

# %%
choice = "JD"
judge(hand, choice)

# %% [markdown]
# North, your partner, showed out of clubs in the fourth trick. A club lead
# lets North trump: a trick for your side made from a small spade.
#
# ## 3. Covering your partner's Nil
#
# North bid Nil. Now South's job is to win the tricks North might be forced
# to win. Here West led a heart, North had to play the 4♥, which is winning
# the trick so far, and South plays last.

# %%
COVER = {
    "N": "2C 6C 7C JC QC 3D 6D 7D 10D QD 4H 9H 5S",
    "E": "8C 9C 4D 9D 2H 5H 8H QH 3S 4S 7S 9S 10S",
    "S": "3C 4C 5C AC 2D 8D JD 6H 7H 10H JS QS AS",
    "W": "10C KC 5D KD AD 3H JH KH AH 2S 6S 8S KS",
}
hand = position(
    COVER,
    ["look", "nil", 2, 4, 6],
    "2C 8C AC 10C  JD 5D 10D 4D  8D KD QD 9D  3H 4H 2H",
)
show_position(hand)

# %%
choice = "7H"
judge(hand, choice)

# %% [markdown]
# Does covering really matter? Let us measure it. We take 60 deals where a
# Nil is reasonable for North (at most three spades and at most two cards of
# jack or better), make North bid Nil, and play each deal four times: with
# a partner who covers (the `rule` bot) or a *careless* partner (bids like
# the rule bot but then plays any legal card), against opponents who attack
# the Nil (rule bots) or careless ones.


# %%
class Careless:
    """Bids like the rule bot, then plays a random legal card."""

    name = "careless"

    def __init__(self, seed):
        self.rule = make_bot("rule", seed=seed)
        self.random = make_bot("random", seed=seed)

    def act(self, view):
        if view.phase is Phase.PLAYING:
            return self.random.act(view)
        return self.rule.act(view)


def nil_friendly(cards):
    """At most three spades and at most two cards of jack or better."""
    spades = sum(c.suit is Suit.SPADES for c in cards)
    return spades <= 3 and sum(c.rank >= Rank.JACK for c in cards) <= 2


NIL_DEALS = 60
seeds, i = [], 0
while len(seeds) < NIL_DEALS:
    if nil_friendly(
        Hand("cards4net", dealer="W", seed=f"cover/{i}").initial[Seat.NORTH]
    ):
        seeds.append(f"cover/{i}")
    i += 1

made = {}
for partner in ("rule", "careless"):
    for opponents in ("rule", "careless"):
        wins = 0
        for seed in seeds:
            players = {Seat.NORTH: make_bot("rule", seed=f"{seed}/N")}
            for seat, kind in (
                (Seat.SOUTH, partner),
                (Seat.EAST, opponents),
                (Seat.WEST, opponents),
            ):
                tag = f"{seed}/{seat.letter}"
                players[seat] = (
                    make_bot("rule", seed=tag) if kind == "rule" else Careless(tag)
                )
            deal = Hand("cards4net", dealer="W", seed=seed)
            while not deal.is_over:
                seat = deal.turn
                action = players[seat].act(deal.view(seat))
                if seat is Seat.NORTH and isinstance(action, Bid):
                    action = Bid.NIL
                deal.apply(action)
            wins += deal.tricks_won[Seat.NORTH] == 0
        made[partner, opponents] = wins / NIL_DEALS
print(f"{NIL_DEALS} deals (screened from {i}), each played 4 times")
show_table(
    ["partner \\ opponents", "attack (rule)", "careless"],
    [
        (p, f"{made[p, 'rule']:.0%}", f"{made[p, 'careless']:.0%}")
        for p in ("rule", "careless")
    ],
)

# %%
fig, ax = plt.subplots(figsize=(7, 4))
labels = ["covers", "careless"]
for offset, opponents, colour in [(-0.2, "rule", RED), (0.2, "careless", GREY)]:
    ax.bar(
        [x + offset for x in range(2)],
        [made[p, opponents] for p in ("rule", "careless")],
        width=0.4,
        color=colour,
        label=f"opponents {'attack' if opponents == 'rule' else 'careless'}",
    )
ax.set_xticks(range(2), [f"partner {x}" for x in labels])
ax.set_ylim(0, 1)
ax.set_xlabel("how South, North's partner, plays")
ax.set_ylabel("share of Nils made")
ax.set_title(f"North's Nil: does the partner's play matter? ({NIL_DEALS} deals)")
ax.legend()
plt.show()

# %% [markdown]
# Read the table by rows and columns. Along a row, the opponents change;
# along a column, the partner. The differences, in percentage points:

# %%
cover_gain = made["rule", "rule"] - made["careless", "rule"]
cover_gain_soft = made["rule", "careless"] - made["careless", "careless"]
attack_gain = made["careless", "careless"] - made["careless", "rule"]
print(f"covering partner, opponents attack:   {100 * cover_gain:+.0f} points")
print(f"covering partner, opponents careless: {100 * cover_gain_soft:+.0f} points")
print(f"attackers, partner careless:          {-100 * attack_gain:+.0f} points")

# %% [markdown]
# The partner's play is what protects a Nil; the opponents' attack bites
# hardest when nobody covers. With 60 deals per cell, differences of a few
# points are within chance; the large ones are not.
#
# ## 4. Attacking the opponents' Nil
#
# East bid Nil. Every trick East is forced to win costs East-West 100
# points. South leads the fourth trick.

# %%
ATTACK = {
    "N": "2C 7C 8C QC AC 3D 6D 8D 9D QH 10S JS AS",
    "E": "3C 6C 2D 5D 7D KD 2H 5H 8H 9H 10H JH 3S",
    "S": "KC 4D 10D JD AD 4H 7H KH AH 7S 9S QS KS",
    "W": "4C 5C 9C 10C JC QD 3H 6H 2S 4S 5S 6S 8S",
}
hand = position(
    ATTACK,
    ["look", 3, "nil", 6, 3],
    "2C 3C KC 4C  4D QD 3D 7D  JC 7C 6C 7S",
)
show_position(hand)

# %%
choice = "AH"
judge(hand, choice)

# %% [markdown]
# Low cards in a suit where the Nil bidder still holds cards give East the
# chance to win a trick they do not want; high cards let East slip under.
#
# ## 5. Setting the opponents
#
# Late in a hand, count what the opponents still need. If your side can take
# enough of the remaining tricks, they are *set* (chapter 6: they lose 10
# points per trick bid).

# %%
SET = {
    "N": "9C 10C 3D 5D 6D 7D 10D KD AD 4H 5H KH QS",
    "E": "4C 7C 8D 2H 7H JH AH 3S 5S 6S 7S 10S KS",
    "S": "2C 5C 8C QC JD 3H 8H 10H QH 2S 9S JS AS",
    "W": "3C 6C JC KC AC 2D 4D 9D QD 6H 9H 4S 8S",
}
hand = position(
    SET,
    ["look", 2, 5, 3, 2],
    "AD 8D JD 2D  KD 3S 9S 4D  AS 4S QS 5S  2C KC 9C 4C  AC 10C 7C 5C  "
    "6H 4H AH 3H  KS 2S 8S 3D  2H 8H 9H KH  5H 7H QH 3C",
)
show_position(hand)
view = hand.view("S")
need = view.team_contract("EW") - sum(
    view.tricks_won[s] for s in (Seat.EAST, Seat.WEST)
)
left = 13 - len(view.tricks)
print(f"East-West still need {need} of the last {left} tricks")

# %%
choice = "10H"
judge(hand, choice)

# %% [markdown]
# ## 6. Ducking bags
#
# Once your contract is made, every extra trick is a bag. If you can lose a
# trick safely, do. North-South bid 6 here and have already won them.

# %%
hand = position(
    COUNTING,
    BIDS,
    PLAY + "  KD JD 3D 4D  2C KC 6S 9C  QD 9D 6C 3S  KH 6H 8H 4S",
)
show_position(hand)

# %%
choice = "JS"
judge(hand, choice)

# %% [markdown]
# ## Summary
#
# - Count the cards: the library's view shows what is gone and what is
#   still out; a card with nothing higher still out is a sure winner in its
#   suit (unless someone can trump).
# - Watch for players who show out of a suit: they can trump it. Lead such a
#   suit to your partner, not to an opponent.
# - A Nil is a team effort: covering it, or attacking it, changes how often
#   it succeeds.
# - Count what the opponents still need: setting them is worth as much as
#   making your own contract.
# - Once your contract is made, lose the tricks you do not need.
#
# **Exercises:** [exercises for chapter 10](../exercises/10_strategy_play.ipynb).
# Next: [Chapter 11 · Play](11_play.ipynb).
