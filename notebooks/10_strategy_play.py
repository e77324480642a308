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
# The chapter is built around six positions from hands played by bots. In
# each one:
#
# - you sit South and it is your turn; you see only what South may see;
# - think, write your card in the `choice = None` line (for example
#   `choice = "KD"`), and run the cell;
# - the **coach** (`spadeslib.coach`) rates your card by the points it
#   loses against the best card, and says why.
#
# What the coach's figures count:
#
# - **Points** are the *margin* of the hand: your side's score for it minus
#   the other side's, each bag counted −10 ("your side ends the hand 37
#   points ahead").
# - **Deals**: the coach deals the cards you cannot see 40 times at random,
#   each time in a way that fits what you have seen; 160 times where those
#   deals disagree widely, as they do in every position of this chapter but
#   the last (a Nil or a contract hangs on each).
# - **Play**: in each deal it tries every card you could play and plays the
#   hand to the end, with the `rule` bot's play for all four seats or, once
#   few cards are left, with perfect play.
# - **The real deal**: late in a hand it also solves the real deal, with
#   every card known.
#
# Each lesson below is what the coach finds, and says how sure it is.
#
# Two words the coach uses often. The **textbook** card (or bid) is the one
# the `rule` bot, a sound club player, would choose: the coach keeps it
# unless another card does clearly better in its deals, and then it starts
# its hint with the textbook's own reason ("Second hand low: ..."). A loss
# **less the noise** is the loss once the luck of the sampled deals is taken
# off (one standard error): the figure the rating reads.
#
# The positions were chosen from bot-played hands because the coach's
# analysis makes the lesson's point (and the analysis with every card known
# does not disagree). Where the deals cannot tell the cards apart, the
# lesson says so and claims no more: in the first position and the fourth,
# the coach's choice wins by no clear margin. They illustrate a lesson;
# they do not prove it. Where a lesson can be measured over many
# deals (covering a Nil, below), the chapter measures it.

# %%
# %matplotlib inline
import statistics

import matplotlib.pyplot as plt
from IPython.display import Markdown, display

from spadeslib import Card, Hand, Phase, Rank, Rules, Seat, Suit
from spadeslib.bots import make_bot
from spadeslib.coach import Coach, loss_points
from spadeslib.display import cards_text, wrapped
from spadeslib.experiments import HandJob, play_hand
from spadeslib.parallel import run

plt.rcParams.update({"figure.dpi": 96, "savefig.dpi": 96, "font.size": 11})
BLUE, ORANGE, GREEN, RED, GREY = "#0072B2", "#E69F00", "#009E73", "#D55E00", "#777777"
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def show_table(headers, rows):
    """Display rows as a Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + " --- |" * len(headers)]
    lines += ["| " + " | ".join(str(x) for x in row) + " |" for row in rows]
    display(Markdown("\n".join(lines)))


def position(deal, actions="", dealer="W", rules="cards4net"):
    """A hand dealt as `deal`, after the bids and cards in `actions` (a string
    such as "look 3 nil 2 4 AD 2D 5D")."""
    hand = Hand(Rules.parse(rules), dealer=dealer, deal=deal)
    for action in actions.split():
        hand.apply(action)
    return hand


def show_tricks(tricks):
    """Print each trick: who played what, and who won it."""
    for number, trick in enumerate(tricks, 1):
        plays = " ".join(f"{s.letter}:{c.symbol:<4}" for s, c in trick.plays)
        print(f"  trick {number:>2}: {plays} won by {trick.winner.full}")


def show_position(hand):
    """Print what the player to move may see: bids, tricks, own cards, and
    which trick is being played."""
    view = hand.view(hand.turn)
    me = view.seat
    print(f"You are {me.full}; {view.dealer.full} dealt ({view.rules.spec}).")
    bids = "  ".join(f"{s.letter} {b.label()}" for s, b in view.bids.items())
    contracts = ", ".join(f"{side} {view.team_contract(side)}" for side in view.sides)
    print(f"bids: {bids}   (contracts: {contracts})")
    won = {side: 0 for side in view.sides}
    for trick in view.tricks:
        won[hand.side_of(trick.winner)] += 1
    show_tricks(view.tricks)
    print("tricks won:", ", ".join(f"{side} {n}" for side, n in won.items()))
    to = "play" if view.trick else "lead"
    print(f"now: trick {len(view.tricks) + 1}, {me.full} to {to}")
    if view.trick:
        print("this trick:", " ".join(f"{s.letter}:{c.symbol}" for s, c in view.trick))
    print(f"your cards: {cards_text(view.holding)}")
    print("legal now: ", " ".join(c.symbol for c in view.legal))


COACH = Coach("search", seed="ch10")


def judge(hand, choice):
    """The coach's verdict on the learner's card: its rating and the points it
    loses against the best card, and why."""
    if choice is None:
        print('Pick a card first: write it above (for example choice = "KD")')
        print("and run the cell again.")
        return
    problem = hand.why_illegal(choice)
    if problem is not None:
        print(wrapped(problem))
        return
    verdict = COACH.advise(hand.view(hand.turn), hand=hand).rate(Card.parse(choice))
    lost = f"you lose {verdict.loss:.1f} points on average"
    print(wrapped(f"{verdict.rating} ({lost}): {verdict.text}"))


def coach_says(hand):
    """What the coach finds: the best card, how sure, and every card's loss."""
    advice = COACH.advise(hand.view(hand.turn), hand=hand)
    print(wrapped(advice.explain()))
    rows = []
    for card in hand.legal_cards():
        verdict = advice.rate(card)
        lost, rated = f"{verdict.loss:.1f}", loss_points(verdict.rated)
        rows.append((card.symbol, verdict.rating, lost, rated))
    show_table(
        ["card", "rating", "points lost (average)", "rated (less the noise)"], rows
    )


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
                cards_text(pick(view.holding)),
                len(out),
                out[0].symbol if out else "–",
            )
        )
    show_table(
        ["suit", "played", "in my hand", "still out (unseen)", "highest still out"],
        rows,
    )


# %% [markdown]
# The coach names each rating by the points a card is expected to lose
# against the best card. It values the cards over 40 or 160 deals of the
# unseen cards, so each average is only so sure: the rating reads the loss
# *less the noise* of those deals (one standard error), and a card that
# the deals cannot tell from the best is rated as good as the best. The
# scale it uses everywhere in this course (chapter 11's reviews too), read
# from the library (`spadeslib.coach.THRESHOLDS`; why these bounds, and
# why the noise is taken off:
# [the rating scale](../docs/coach.md#the-rating-scale)):

# %%
from spadeslib.coach import scale_text

print(scale_text())

# %% [markdown]
# ## 1. Counting cards
#
# Every card you have not seen is in one of the three other hands. Keeping
# track of what has been played tells you which of your cards are now the
# highest left in their suit (players call them *boss* cards).
#
# Here South has won the last trick and leads the next one (the line
# `now:` of the output says which).

# %%
COUNTING = {
    "N": "4C 5C 9C QC AC 5D AD 6H 10H 2S 6S QS AS",
    "E": "2C 3C JC 2D 4D 7D QD KD QH 9S 10S JS KS",
    "S": "6C 8C 10C KC 3D 3H 4H 7H JH KH AH 5S 8S",
    "W": "7C 6D 8D 9D 10D JD 2H 5H 8H 9H 3S 4S 7S",
}
BIDS = "look 5 3 2 1"
PLAY = "AD 2D 3D 6D  AC 2C 6C 7C  5D QD 5S 8D  AH 2H 6H QH"
hand = position(COUNTING, f"{BIDS} {PLAY}")
show_position(hand)

# %% [markdown]
# The library's view of the hand keeps the count for you: the cards played,
# and the cards South has not seen (`view.unseen_cards()`).

# %%
count_cards(hand.view("S"))

# %% [markdown]
# Your turn: which card would you lead? Edit the line below and run the cell.

# %%
choice = None  # your card, e.g. "KD"
judge(hand, choice)

# %% [markdown]
# What the coach finds:

# %%
coach_says(hand)

# %% [markdown]
# The ace of clubs went in the second trick and the ace and queen of hearts
# in the fourth, so South's K♣, K♥ and J♥ are *boss* cards: nothing higher in
# their suits is still out. Cashing one wins the trick unless a player out
# of its suit trumps it, and no one but South has shown out of a suit yet;
# South then keeps the lead. The coach finds K♣ best, and
# the heart boss cards about a point behind it. The other cards come out a
# few points lower on average (at most 4.8), but these deals cannot show
# that they cost anything: once the noise is taken off, none loses more
# than 2 points, and another seed of the coach's deals orders them
# differently. The lesson is naming the boss cards, not the order of the
# rest. How sure: these are averages
# over the 160 deals of the unseen cards the first line names, each played to the
# end; too many cards are left to solve the real deal with every card
# known, so the lesson is "on average", which is how you must play.
#
# ### Counting spades through a hand
#
# Spades matter most, because they win tricks in any suit. Here is a hand
# in which South holds seven spades, played to the end by four `rule` bots,
# and at the start of each trick the number of spades South has not yet
# seen (still held by the other three), South's own spades, and how many
# of them are sure winners:

# %%
bots = {seat: make_bot("rule", seed=f"ch10/{seat.letter}") for seat in Seat}
full = Hand("cards4net", dealer="W", seed="ch10/spades/30")
spades_out, spades_mine, spades_sure = [], [], []
while not full.is_over:
    if full.phase is Phase.PLAYING and not full.trick:
        view = full.view("S")
        out = [c for c in view.unseen_cards() if c.suit is Suit.SPADES]
        mine = [c for c in view.holding if c.suit is Suit.SPADES]
        spades_out.append(len(out))
        spades_mine.append(len(mine))
        # a sure winner: no spade still out is higher
        spades_sure.append(sum(1 for c in mine if all(o.rank < c.rank for o in out)))
    full.apply(bots[full.turn].act(full.view(full.turn)))
print(
    "South's spades:",
    cards_text([c for c in full.initial[Seat.SOUTH] if c.suit is Suit.SPADES]),
)
tricks = range(len(spades_out))

fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 6), sharex=True)
top.step(tricks, spades_out, where="post", color=BLUE, label="spades still out")
top.set_title("Counting spades from South's seat")
top.set_ylabel("spades still out")
top.legend()
bottom.step(
    tricks, spades_mine, where="post", color=ORANGE, label="spades in South's hand"
)
bottom.step(
    tricks,
    spades_sure,
    where="post",
    color=GREEN,
    linestyle="--",
    label="of them sure winners (no higher spade out)",
)
bottom.set_xlabel("tricks played")
bottom.set_ylabel("South's spades")
bottom.set_xticks(tricks)
bottom.legend()
fig.tight_layout()
plt.show()
print("still out at the start of each trick:", spades_out)
print("South's spades:                      ", spades_mine)
print("of them sure winners:                ", spades_sure)
# the first point where the green line meets the orange one (all sure)
meet = next(t for t in tricks if 0 < spades_mine[t] == spades_sure[t])
print(
    f"after {meet} tricks every spade South holds is a sure winner, "
    f"with {spades_out[meet]} spade(s) still out"
)
print("The hand's tricks:")
show_tricks(full.tricks)
for top in (Card.parse("AS"), Card.parse("KS")):
    number, seat = next(
        (n, s) for n, t in enumerate(full.tricks, 1) for s, c in t.plays if c == top
    )
    print(f"the {top.symbol} falls in trick {number}, played by {seat.full}")

# %% [markdown]
# The lower plot shows what the count buys: a spade of South's is a sure
# winner once no higher spade is still out; the horizontal axis counts the
# tricks played. At first only the A♠ is sure (the green line at 1). Once
# South has played it (the last two lines say in which trick each top
# spade falls), the green line drops to 0: the K♠ is still out, so none of
# South's spades is sure. It climbs to 3 as soon as the K♠ falls (North,
# South's partner, plays it; the Q♠, J♠ and 10♠ are then the highest spades
# left). Then it meets the orange line, after the number of tricks printed
# above ("every spade South holds is a sure winner"), while the blue line
# (top) is still at 1: the one spade still out is lower than every spade
# South has left. You need not wait for the count to reach zero: a spade
# is sure once every spade still out is lower.
#
# ## 2. Reading voids
#
# A player who does not follow suit has shown that they are out of it
# (*void*). The view lists these voids from the public play
# (`view.voids()`). In this hand South has won the last trick and leads
# the next one.

# %%
VOIDS = {
    "N": "7C 4D 5D 7D 10D JD KD AD 4H 8H KH 5S 6S",
    "E": "2C 8C QC AC 9D 2H 5H 7H QH 2S 3S 7S JS",
    "S": "3C 5C 6C 9C 10C JC 2D 6D 3H 10H JH 8S 9S",
    "W": "4C KC 3D 8D QD 6H 9H AH 4S 10S QS KS AS",
}
hand = position(
    VOIDS,
    "look 2 3 1 6  AD 9D 2D 3D  KD 2S 6D 8D  AC 3C 4C 7C  2H 3H AH 4H  KC 5S 2C 5C"
    "  KH 5H 10H 6H  8H 7H JH 9H",
)
show_position(hand)
for seat, suits in hand.view("S").voids().items():
    if suits:
        print(f"{seat.full} is void in {', '.join(s.plural for s in suits)}")

# %%
choice = None  # your card, e.g. "KD"
judge(hand, choice)

# %%
coach_says(hand)

# %% [markdown]
# North, your partner, showed out of clubs when West led the K♣ (North
# played the 5♠ on it). A club lead lets North trump it: the coach finds
# every club equally best, and each spade lead about 39 points worse on
# average (a mistake). Its verdict on a spade lead says how often East-West are set
# after each card:

# %%
judge(hand, "8S")  # the coach's verdict on a spade lead

# %% [markdown]
# How sure: over 160 deals of the unseen cards. With every card known, the
# real deal happens to give the same result either way (the verdict's last
# sentence): the lesson is the better bet, not a sure thing.
#
# ## 3. Covering your partner's Nil
#
# North bid Nil. Now South's job is to win the tricks North might be forced
# to win. Here West led the 4♥; North, with no heart under it, played the
# 7♥, which is winning the trick so far, and South plays last.

# %%
COVER = {
    "N": "4C 7C AC 5D 10D 2H 7H 9H AH 5S 6S 8S KS",
    "E": "8C JC 2D 3D 7D 9D JD 3H 6H JH QH 7S QS",
    "S": "2C 3C 5C 9C KC 8D KD 10H 3S 4S 10S JS AS",
    "W": "6C 10C QC 4D 6D QD AD 4H 5H 8H KH 2S 9S",
}
hand = position(COVER, "look nil 1 5 2  2H 3H 10H KH  4H 7H 6H")
show_position(hand)

# %%
choice = None  # your card, e.g. "KD"
judge(hand, choice)

# %%
coach_says(hand)

# %% [markdown]
# North's 7♥ is winning the trick, and South has no heart left. Any
# discard leaves North with the trick and breaks the Nil: the coach rates
# every discard a blunder (about 158 to 169 points lost). Trumping covers
# the Nil, and any trump below the A♠ does it. The coach keeps a small one
# (the 3♠, the textbook card: it saves the high spades to cover North
# later); the 10♠ and J♠ come out 3 points lower, too little for these
# deals to tell apart, so they are rated as good as the 3♠: a close call,
# which another seed of the coach's deals can turn against them. Only the
# A♠ clearly costs (about 65 points: it wins a trick the 3♠ wins too, and
# is gone when North needs it; the verdict below). How sure: over 160
# deals of the unseen cards.

# %%
judge(hand, "AS")  # the coach's verdict on the A♠

# %% [markdown]
# Does covering really matter? Let us measure it. We take 60 deals where
# North holds at most three spades and at most two cards of jack or better
# (a looser test than chapter 9's: some of these Nils are poor ones, which
# does not matter here, as we compare partners on the same hands), make
# North bid Nil, and play each deal four times: with
# a partner who covers (the `rule` bot) or a *careless* partner
# (`CarelessBot` in `spadeslib.experiments`: bids like the rule bot but then
# plays any legal card), against opponents who attack the Nil (rule bots) or
# careless ones. The 240 hands are played on every core by
# `spadeslib.parallel.run`, with the same results for any number of cores.


# %%
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

KINDS = ("rule", "careless")
jobs = {
    (p, o, seed): HandJob(
        seed, dealer=Seat.WEST, bots=f"rule,{o},{p},{o}", nil=Seat.NORTH
    )
    for p in KINDS
    for o in KINDS
    for seed in seeds
}
played = dict(zip(jobs, run(play_hand, jobs.values()), strict=True))
made = {
    (p, o): sum(played[p, o, s].tricks_won[Seat.NORTH] == 0 for s in seeds) / NIL_DEALS
    for p in KINDS
    for o in KINDS
}
print(f"{NIL_DEALS} deals (screened from {i}), each played 4 times")
show_table(
    ["partner \\ opponents", "attack (rule)", "careless"],
    [
        (p, f"{made[p, 'rule']:.1%}", f"{made[p, 'careless']:.1%}")
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
# along a column, the partner. Each difference below compares two ways of
# playing **the same 60 deals**, deal by deal, so its standard error (the ±,
# as in chapter 9) is small; a difference more than two standard errors
# from zero is one these deals show, a smaller one they do not.


# %%
def nil_kept(partner, opponents):
    """1 for each deal whose Nil was made, 0 where it failed."""
    return [
        int(played[partner, opponents, s].tricks_won[Seat.NORTH] == 0) for s in seeds
    ]


def compare(label, first, second):
    """``first`` less ``second`` in percentage points, deal by deal, with its
    standard error, and whether the deals show it."""
    diffs = [
        100 * (a - b) for a, b in zip(nil_kept(*first), nil_kept(*second), strict=True)
    ]
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / len(diffs) ** 0.5
    shown = "shown" if abs(mean) > 2 * se else "not shown by these deals"
    print(f"{label:<38}{mean:+4.0f} ± {se:.0f} percentage points: {shown}")


compare("covering partner, opponents attack:", ("rule", "rule"), ("careless", "rule"))
compare(
    "covering partner, opponents careless:",
    ("rule", "careless"),
    ("careless", "careless"),
)
compare("attackers, partner careless:", ("careless", "rule"), ("careless", "careless"))
compare("attackers, partner covers:", ("rule", "rule"), ("rule", "careless"))

# %% [markdown]
# The partner's play is what protects a Nil against opponents who attack
# it: there covering shows clearly. Against careless opponents the Nil
# mostly survives either way, and these deals show no difference. The
# attack bites where nobody covers: these deals show it. Against a partner
# who covers it makes no difference they can see: covering is the answer
# to the attack.
#
# ## 4. Attacking the opponents' Nil
#
# East bid Nil. The first trick East is forced to win breaks it: East-West
# lose 100 points for the Nil instead of winning 100, a swing of 200. The
# tricks East wins after that count toward East-West's contract, like
# West's. South has won the last trick and leads the next one.

# %%
ATTACK = {
    "N": "2C QC 5D 8D 10D QD KD QH 5S 6S JS QS AS",
    "E": "7C 8C AC 4D AD 2H 4H 8H KH 2S 3S 7S KS",
    "S": "4C 5C 6C 6D 7D JD 5H 6H JH 4S 8S 9S 10S",
    "W": "3C 9C 10C JC KC 2D 3D 9D 3H 7H 9H 10H AH",
}
hand = position(
    ATTACK,
    "look 5 nil 1 2  2C 7C 6C 9C  AH QH KH 5H  KC QC 8C 4C  JC 5S AC 5C  5D 4D 6D 3D",
)
show_position(hand)

led = {trick.plays[0][1].suit for trick in hand.view("S").tricks}
print("suits led so far:", ", ".join(s.plural for s in SUITS if s in led))
print("suits not led yet:", ", ".join(s.plural for s in SUITS if s not in led))
east_void = hand.view("S").voids()[Seat.EAST]
print("East has shown out of:", ", ".join(s.plural for s in east_void) or "nothing")

# %%
choice = None  # your card, e.g. "KD"
judge(hand, choice)

# %%
coach_says(hand)

# %% [markdown]
# East has followed to every suit led so far, so East may still hold low
# cards anywhere (and spades have not been led: East's spades are unknown).
# The coach names the **7♦**, a low card in a suit East has followed: East
# must play a diamond under it or over it. It is the textbook lead (the
# hint opens with its reason), and these deals do not show it better than
# the J♦ or the spades: the 8♠, 9♠ and 10♠ come out only 0.4 points lower,
# and the J♦ and 4♠ are rated as good as the 7♦ too (the table). On such a
# near tie the coach keeps the textbook card. Which leads the deals do flag moves
# with the deals the coach draws: the same position under three more seeds
# of the coach, with the leads each seed flags (an inaccuracy or worse):

# %%
ATTACK_SEEDS = ["ch10", 1, 2, 3]
flagged = {}
for seed in ATTACK_SEEDS:
    advice = Coach("search", seed=seed).advise(hand.view(hand.turn))
    flagged[seed] = [
        c for c in hand.legal_cards() if advice.rate(c).rating not in ("best", "good")
    ]
    print(
        f"seed {seed!s:>4}: best {advice.best.symbol}; flagged: "
        f"{' '.join(c.symbol for c in flagged[seed]) or 'none'}"
    )
always = [c for c in hand.legal_cards() if all(c in f for f in flagged.values())]
print(
    f"flagged under all {len(ATTACK_SEEDS)} seeds: "
    f"{' '.join(c.symbol for c in always) or 'none'}"
)

# %% [markdown]
# Every seed keeps the 7♦, the textbook card, and every seed flags the
# J♥, the high heart (the last line); the other leads flagged are close
# calls that some seeds flag and others do not (the 6♥ is low in a suit
# East has followed too, yet most seeds flag it). What these deals support
# is which leads to avoid: not the J♥, and mostly not the 6♥. They do not
# show that the 7♦ beats the J♦ or a middle spade, nor a rule about every
# low card. How sure: East's Nil swings the margin by
# 200, so the deals disagree widely and the coach deals 160 of the unseen
# cards; too many cards are left to solve the real deal.
#
# ## 5. Setting the opponents
#
# Late in a hand, count what the opponents still need. If your side can take
# enough of the remaining tricks, they are *set* (chapter 6: they lose the
# points of their bid instead of winning them).

# %%
SET = {
    "N": "6C 10C 3D 5D 7D JD QD KD KH AH 6S 9S AS",
    "E": "KC 4D 6D 9D AD 4H 8H 9H 10H 3S 4S 5S JS",
    "S": "3C 7C JC 2D 2H 5H 7H JH QH 7S 8S 10S QS",
    "W": "2C 4C 5C 8C 9C QC AC 8D 10D 3H 6H 2S KS",
}
hand = position(
    SET,
    "look 4 3 3 2  AH 4H 2H 3H  KH 8H 5H 6H  6C KC 3C 2C  AD 2D 8D 3D  4D 7S 10D 5D"
    "  QH 2S 6S 9H  AS 3S 8S KS  KD 6D",
)
show_position(hand)
view = hand.view("S")
need = view.team_contract("EW") - sum(
    view.tricks_won[s] for s in (Seat.EAST, Seat.WEST)
)
left = 13 - len(view.tricks)
print(f"East-West still need {need} of the last {left} tricks")
print(
    f"North-South set them by taking {left - need + 1} of the {left}; "
    f"North's {dict(hand.trick)[Seat.NORTH].symbol} is winning the first of them"
)

# %%
choice = None  # your card, e.g. "KD"
judge(hand, choice)

# %%
coach_says(hand)

# %% [markdown]
# To set East-West, North-South must take as many of the tricks left as
# the position's last line says ("set them by taking …"), this trick
# included. North's K♦ is winning this one, only West is still to play,
# and South has no diamond: trumping it wins nothing the K♦ would not win
# (unless West is out of diamonds and trumps), and spends a spade South
# needs for one of the other tricks of the set. The coach finds a club
# discard best (the 7♣ or J♣); a heart discard costs 10 to 15 points on
# average, the 10♠ about 39 and the Q♠ about 57. Its verdict on the Q♠ says how often East-West are set, and
# what the real deal shows:

# %%
judge(hand, "QS")  # the coach's verdict on trumping with the Q♠

# %% [markdown]
# How sure: over 160 deals of the unseen cards. With every card known, the
# Q♠ does as well as the 7♣ in the real deal (the verdict's last sentence):
# East-West are set anyway. The trump is a blunder because South
# cannot see that: in many of the deals South must allow for, it lets
# East-West make their contract.
#
# %% [markdown]
# ## 6. Ducking bags
#
# Once your side's contract is made, every further trick it takes is a bag
# (chapter 6). Here both sides have made their contracts and four tricks
# are left. West has led the 10♠; South, last to play, can win the trick or
# play under it: *duck* it.

# %%
DUCK = {
    "N": "10C JC 6D 9D JD QD 4H 6H JH KH 3S 8S 9S",
    "E": "3C 4C 6C KC 2D 7D 8D KD 3H 2S 6S QS KS",
    "S": "2C 5C 8C 9C QC 4D AD 5H 7H 9H 4S 7S JS",
    "W": "7C AC 3D 5D 10D 2H 8H 10H QH AH 5S 10S AS",
}
hand = position(
    DUCK,
    "look 1 4 1 3  6D 2D AD 3D  4D 5D QD KD  3H 5H AH 4H  AC 10C 3C 2C"
    "  7C JC KC 5C  4C 8C 5S 8S  6H 2S 9H 2H  6C 9C AS KH  QH JH 7D 7H  10S 9S 6S",
)
show_position(hand)
view = hand.view("S")
for side, seats in (("NS", (Seat.NORTH, Seat.SOUTH)), ("EW", (Seat.EAST, Seat.WEST))):
    bid, won = view.team_contract(side), sum(view.tricks_won[s] for s in seats)
    print(f"{side} bid {bid} and have won {won}; bags carried in: {view.bags[side]}")
rules = view.rules
print(
    f"bag penalty: {rules.bag_penalty} points each time a side reaches "
    f"{rules.bag_limit} bags"
)

# %%
choice = None  # your card, e.g. "KD"
judge(hand, choice)

# %%
coach_says(hand)

# %% [markdown]
# The coach names the 7♠, and its hint opens with the textbook's reason:
# both contracts are made, so let the opponents take the bags. The 4♠ is
# its equal (the line under the table): both low spades lose the trick in
# every deal, and neither loses a point against the other. Winning the trick with the J♠ loses about 22 points on
# average (20 once the noise is taken off): a mistake. Where those points
# come from, card by card, in the coach's deals: how often North-South win
# this trick, how many bags each side ends the hand with, and how often
# East-West are set.

# %%
advice = COACH.advise(hand.view(hand.turn), hand=hand)
study, their_bid = advice.study, view.team_contract("EW")
rows = []
for card in hand.legal_cards():
    outcomes = study.outcomes[study.reps[card]]
    n = len(outcomes)
    theirs = [max(0, 13 - o.tricks - their_bid) for o in outcomes]  # East-West's bags
    rows.append(
        (
            card.symbol,
            f"{advice.rate(card).loss:.1f}",
            f"{100 * sum(o.trick for o in outcomes) / n:.0f}%",
            f"{sum(o.bags for o in outcomes) / n:.2f}",
            f"{sum(theirs) / n:.2f}",
            f"{100 * sum(o.set_them is True for o in outcomes) / n:.0f}%",
        )
    )
show_table(
    [
        "card",
        "points lost (average)",
        "North-South win this trick",
        "North-South's bags (average)",
        "East-West's bags (average)",
        "East-West set",
    ],
    rows,
)
print(f"over {study.worlds} deals of the unseen cards")
equal = [c for c in hand.legal_cards() if advice.rate(c).loss == 0]
print(f"equally best (0 points lost): {' and '.join(c.symbol for c in equal)}")

# %% [markdown]
# After a duck North-South end the hand with 0.60 bags on average, after
# the J♠ with 1.80: the J♠ wins this trick in every deal, and in some deals
# one more trick later. East-West have made their contract too, so nothing
# can set them (the last column is 0% whatever South plays): the whole
# difference is bags. Every
# trick left is a bag for one side or the other, so the bags North-South
# save go to East-West (3.40 against 2.20).
#
# What the points mean: the coach scores the hand as the margin between
# the sides, counting each bag at -10, its long-run cost (the penalty
# printed above, spread over the bags that bring it on), in place of the
# penalty itself. A bag that moves from East-West to North-South counts
# twice: once against North-South, and once more as a bag East-West no
# longer take (less the point each overtrick scores). That is why 1.2
# bags cost about 22 points (1.2 × 2 × (10 − 1)). The coach does not look
# at the bags each side carries in toward the limit (none here, as printed
# above): over a long game each bag costs its share of the penalty,
# whenever the penalty falls. The exception is a hand that can end the
# game: then the coach reads each deal's real scores, bag penalties
# included, and counts the game won or lost
# ([when the game can end this hand](../docs/coach.md#when-the-game-can-end-this-hand)),
# so a bag whose penalty loses the game counts as the game lost. No deal
# of this hand can end the game (it starts from no score), so these
# figures do not show that. Its verdict on
# the J♠ also says what the real deal shows:

# %%
judge(hand, "JS")  # the coach's verdict on winning the trick with the J♠

# %% [markdown]
# How sure: over 40 deals of the unseen cards. Here they agree closely, so
# the coach deals no more; and with every card known the 7♠ is best too,
# by 18 points (the verdict's last sentence).

# %% [markdown]
# ## Summary
#
# - Count the cards: the library's view shows what is gone and what is
#   still out; a card with nothing higher still out is a sure winner in its
#   suit (unless someone can trump).
# - Watch for players who show out of a suit: they can trump it. Lead such a
#   suit when your partner is the one who can trump it.
# - A Nil is a team effort: against opponents who attack it, a partner who
#   covers it makes it succeed far more often.
# - Count what the opponents still need: a set costs them the points of
#   their bid, a swing as large as a contract of your own.
# - Once your contract is made, lose the tricks you do not need: each is a
#   bag, and once both contracts are made, a trick you duck is a bag for
#   the opponents.
#
# **Exercises:** [exercises for chapter 10](../exercises/10_strategy_play.ipynb).
# Next: [Chapter 11 · Play](11_play.ipynb).
