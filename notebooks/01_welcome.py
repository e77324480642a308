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
# # Chapter 1 · Welcome to Spades
#
# ## What you will learn
#
# - how this course works, and how to use the notebooks;
# - who sits where at a Spades table, and who plays with whom;
# - what a whole hand of Spades looks like, bid by bid and trick by trick,
#   played by four robot players;
# - (optional) the words of the game in English, Spanish and Portuguese, as
#   they appear in the rule texts this course is built on.

# %% [markdown]
# ## How the course works
#
# Spades is a card game for four players in two partnerships. Each player
# says how many *tricks* they expect to win (the *bid*; a trick is one card
# from each player, and the best of the four cards wins it: you will see
# which is best below), then all thirteen tricks are played, and each
# partnership scores for keeping its promise, or loses points for failing.
# The first partnership to reach 500 points wins.
#
# Spades has no single official rulebook: tables play slightly different
# rules. This course follows one *rule set*, `cards4net` (from the
# Cards4.net guide, [text 000](../docs/sources.md) of the rule texts),
# unless it says otherwise, and shows where the other two, `classic` and
# `yppedia`, differ.
#
# You will learn it one idea at a time:
#
# | part | chapter | topic |
# | --- | --- | --- |
# | core | 1 | [Welcome](01_welcome.ipynb) (this one) |
# | | 2 | [The deck and the deal](02_deck_and_deal.ipynb) |
# | | 3 | [Bidding](03_bidding.ipynb) |
# | | 4 | [Playing tricks](04_playing_tricks.ipynb) |
# | | 5 | [Breaking spades](05_breaking_spades.ipynb) |
# | | 6 | [Scoring a hand](06_scoring.ipynb) |
# | | 7 | [Bags and winning](07_bags_and_winning.ipynb) |
# | variants (optional) | 8 | [The variants](08_variants.ipynb) |
# | strategy | 9 | [Strategy I: bidding](09_strategy_bidding.ipynb) |
# | | 10 | [Strategy II: card play](10_strategy_play.ipynb) |
# | | 11 | [Play at the table](11_play.ipynb) |
#
# Chapters 1 to 7 are the game itself; after them you can play (at the
# table of [chapter 11](11_play.ipynb)). Chapter 8 is for tables that play
# other rules; 9 to 11 make you a better player.
# Each chapter takes about 15 to 40 minutes, and its exercises 10 to 25
# (the [README](../README.md) gives an estimate for each).
#
# Every chapter is a notebook. Run its cells from top to bottom
# (*Shift+Enter* runs a cell and moves to the next). The rules are never
# just told: a Python library, **spadeslib**, deals, checks every move and
# scores, and the notebooks show you what it says. Every number you see was
# computed, and the random parts use fixed *seeds*, so you get the same
# results as this page. Change a seed and you get a new deal to explore.
#
# Chapters 1 to 8 end with a **quick quiz** (click an answer, and it tells
# you at once whether it is right) and a link to the chapter's
# **exercises**, with checks that tell you whether your answer is right.
#
# Two pages to keep at hand:
#
# - **The rules on one page**, to print (or save as PDF from the browser):
#   [cards4net](../docs/sheets/cards4net.html) (the default),
#   [classic](../docs/sheets/classic.html),
#   [yppedia](../docs/sheets/yppedia.html),
#   [two players](../docs/sheets/two-player.html). They are written by the
#   library from each rule set, so they say exactly what it does; for a rule
#   set with modifiers, run `.venv/bin/spades rules --sheet classic+mirror
#   --out sheet.html` in a terminal, in the course folder (on Windows:
#   `.venv\Scripts\spades rules ...`).
# - **The glossary**, the words of the game with what they mean, in
#   [English](../docs/glossary.en.md), [Español](../docs/glossary.es.md) and
#   [Português](../docs/glossary.pt.md) (also at the end of this chapter).

# %%
# %matplotlib inline
from pathlib import Path

import matplotlib.pyplot as plt
from IPython.display import Markdown, display

import spadeslib
from spadeslib import Game, Phase, Seat
from spadeslib.bots import make_bot
from spadeslib.display import cards_text, wrapped

plt.rcParams.update({"figure.dpi": 96, "savefig.dpi": 96, "font.size": 11})
BLUE, ORANGE = "#0072B2", "#E69F00"


def show_table(headers, rows):
    """Display rows as a Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + " --- |" * len(headers)]
    lines += ["| " + " | ".join(str(x) for x in row) + " |" for row in rows]
    display(Markdown("\n".join(lines)))


print("spadeslib", spadeslib.__version__)

# %% [markdown]
# ## Seats and partnerships
#
# The four players are named after the points of the compass. Play always
# goes **clockwise**: North, East, South, West, and back to North. Partners
# sit opposite each other. The library knows the seats, who sits on each
# player's left, and who is whose partner:

# %%
game = Game("cards4net", seed=2025, dealer="W")
rows = [
    (seat.full, seat.letter, seat.left.full, seat.partner.full, game.hand.side_of(seat))
    for seat in Seat
]
show_table(["seat", "letter", "on the left", "partner", "partnership"], rows)

# %%
positions = {
    Seat.NORTH: (0, 1),
    Seat.EAST: (1, 0),
    Seat.SOUTH: (0, -1),
    Seat.WEST: (-1, 0),
}
colours = {"NS": BLUE, "EW": ORANGE}
fig, ax = plt.subplots(figsize=(6, 5))
ax.add_patch(plt.Rectangle((-0.55, -0.55), 1.1, 1.1, color="#2e7d32", alpha=0.25))
for seat, (x, y) in positions.items():
    side = game.hand.side_of(seat)
    ax.add_patch(plt.Circle((x, y), 0.27, color=colours[side]))
    ax.text(x, y, seat.full, ha="center", va="center", color="white", fontweight="bold")
    nx, ny = positions[seat.left]
    ax.annotate(
        "",
        xy=(0.62 * nx + 0.25 * x, 0.62 * ny + 0.25 * y),
        xytext=(0.62 * x + 0.25 * nx, 0.62 * y + 0.25 * ny),
        arrowprops={"arrowstyle": "->", "color": "#444444", "lw": 1.5},
    )
for side, colour in colours.items():
    ax.plot([], [], "o", color=colour, markersize=12, label=f"partnership {side}")
ax.set_xlim(-1.5, 1.5)
ax.set_ylim(-1.5, 1.5)
ax.set_aspect("equal")
ax.axis("off")
ax.set_title("The table: partners face each other, play goes clockwise")
ax.legend(loc="lower center", ncol=2, frameon=False, bbox_to_anchor=(0.5, -0.08))
plt.show()

# %% [markdown]
# ## A whole hand, played by robots
#
# The library comes with robot players (*bots*). The `rule` bot plays like a
# sensible club player, and it can say *why* it does what it does. Four of
# them will play one hand while we watch. West deals, so North (on West's
# left) bids first and leads first.
#
# ### The deal
#
# Each player gets 13 cards. Normally you only see your own; here we look at
# all four.

# %%
bots = {seat: make_bot("rule", seed=f"welcome/{seat.letter}") for seat in Seat}
hand = game.hand
for seat in Seat:
    print(f"{seat.full:<6}{cards_text(hand.holding[seat])}")

# %% [markdown]
# ### The bids
#
# Each player, in turn, says how many tricks they expect to win. Partners'
# bids add up to the partnership's *contract*. Here is what each bot bid,
# with its reason (a *ruff* is winning a trick with a spade when you have no
# card of the suit led; the counting is the subject of chapters 3 and 9):

# %%
while hand.phase is Phase.BIDDING:
    seat = hand.turn
    suggestion = bots[seat].explain(game.view(seat))
    game.apply(suggestion.action)
    if seat in hand.bids:  # a bid (not just looking at the cards)
        print(wrapped(f"{seat.full:<6} {suggestion.reason}", indent=7))
view = game.view("N")
for side in view.sides:
    print(f"contract {side}: {view.team_contract(side)} tricks")

# %% [markdown]
# Each reason lists what the bot expects to win tricks with: high cards,
# spades, and ruffs. *Counted* is what they add up to; *worth about ... in play* is that count corrected
# by what such hands really won when bots played them; *bid a little under*
# means the bot bid less than that, to be safe. You need not follow the
# details: chapters 3 and 9 come back to them.

# %% [markdown]
# ### The play, trick by trick
#
# The player on the dealer's left leads a card; each player in turn adds one
# card. Players must play the suit that was led if they can. The highest card
# of that suit wins the *trick*, unless someone played a spade: spades are
# trumps, and the highest spade wins. The winner leads the next trick.
#
# The table gives each trick's cards by seat, North to West, not in the order
# they were played: the card marked *(led)* came first, and the others
# followed clockwise from it.

# %%
while not hand.is_over:
    seat = game.turn
    game.apply(bots[seat].act(game.view(seat)))
won = {"NS": 0, "EW": 0}
rows = []
for number, trick in enumerate(hand.tricks, 1):
    won[hand.side_of(trick.winner)] += 1
    cards = {seat: card.symbol for seat, card in trick.plays}
    cards[trick.leader] += " (led)"
    rows.append(
        (
            number,
            trick.leader.full,
            *(cards[seat] for seat in Seat),
            trick.winner.full,
            f"{won['NS']}–{won['EW']}",
        )
    )
show_table(
    ["trick", "led by", "North", "East", "South", "West", "won by", "NS–EW"], rows
)

# %% [markdown]
# ### The score
#
# Each partnership compares its tricks with its contract. Making it is worth
# 10 points per trick bid, plus 1 point per extra trick; failing (being
# *set*) costs 10 points per trick bid. An extra trick is also a *bag*: bags
# are counted from hand to hand, and ten of them cost 100 points. (Chapters
# 6 and 7 explain every detail.)

# %%
for side, score in hand.result.items():
    verdict = "made" if score.made else "set"
    print(
        f"{side}: bid {score.contract}, won {score.tricks} -> {verdict}, "
        f"{score.points:+d} points, {score.bags_after} bag(s)"
    )

# %% [markdown]
# A game is many hands like this one; the deal moves one seat to the left
# each time. The game object keeps the running score sheet (its bids column
# shows the two partners' bids, North's or East's first: `6+1` is North 6 and
# South 1):

# %%
print(game)

# %% [markdown]
# ## Glossary: English, Spanish, Portuguese (optional)
#
# This section is for reading the Spanish and Portuguese rule texts; the
# words you need come back one at a time in the chapters, so you may skip it
# and come back when a word puzzles you.
#
# The rules of this course come from five texts, four in Spanish and one in
# Portuguese, numbered `000` to `004` ([docs/sources.md](../docs/sources.md)
# says what each one is). Here are the words of the game as they appear
# there, each written as its text writes it (so some are plurals or verb
# forms, such as *anuncios* or *no cumple*), with what each one means (read
# from the glossary page). Where the texts use several words, the number of
# the text that uses each one is given. The glossary has its own page in
# [English](../docs/glossary.en.md), [Español](../docs/glossary.es.md) and
# [Português](../docs/glossary.pt.md).

# %%
GLOSSARY = [
    ("trick", "baza", "vaza"),
    ("hand (one deal)", "mano", "mão"),
    (
        "to bid, a bid",
        "declarar, declaración (000); apostar (001); apuesta (001, 003); "
        "puja (001); anuncia, anuncios (002)",
        "anunciar, anúncio, apostas",
    ),
    (
        "contract (a team's bids added up)",
        "contrato (000, 002)",
        "o total anunciado pelos dois parceiros",
    ),
    ("partnership, team", "pareja (000, 002, 003); equipo (003)", "dupla"),
    ("partner", "compañero (000); compañeros (000, 002)", "parceiro"),
    (
        "Nil",
        "nil (000, 002); apuesta nula (003); oferta nula, apuesta cero (001)",
        "Nil",
    ),
    (
        "Blind Nil",
        "nil ciego (000); apuesta nula a ciegas (003); doble cero, ciego cero (001)",
        "Blind Nil",
    ),
    (
        "bag, sandbag",
        "bolsa (000, 002); bolsas (001); sacos de arena (001, 003); sandbagging (001)",
        "saco",
    ),
    (
        "overtrick",
        "baza de más (000, 002); baza adicional (000); bazas adicionales, bazas extra (003)",
        "vaza a mais",
    ),
    ("trump", "triunfo", "trunfo"),
    ("to trump (to ruff)", "fallar (000); cortar (002)", "–"),
    (
        "void (no card of a suit)",
        "sin cartas del palo de salida (000); no pudiera seguir el palo (003)",
        "–",
    ),
    ("spades", "picas (000, 002); espadas (001, 003)", "espadas"),
    ("clubs / hearts", "tréboles (003) / –", "paus / copas"),
    ("suit", "palo", "naipe"),
    ("to lead, the lead", "salir, salida (000, 002)", "sair, saída"),
    ("suit led", "palo de salida", "naipe de saída"),
    ("to follow suit", "seguir el palo", "servir ao naipe"),
    (
        "to break spades",
        "rompe las picas (000); las espadas se rompen (001); "
        'las picas se «abren» (002); "romper" las Espadas (003)',
        '"quebrar" as espadas',
    ),
    ("deck", "baraja; paquete (003)", "baralho"),
    ("to deal, the deal", "repartir, reparto", "dar as cartas, distribuição"),
    ("dealer", "repartidor", "carteador"),
    ("joker", "comodines (000, 002)", "curinga"),
    ("to make a contract", "cumplir", "cumprir"),
    (
        "to be set (fail a contract)",
        "contrato incumplido (000); no cumple (001)",
        "não cumprir",
    ),
    ("penalty", "penalización", "penalidade"),
    ("score", "puntuación", "pontuação"),
    ("stock, discard pile (two players)", "pila de robo, pila de descartes (001)", "–"),
]
# what each term means: the second column of the English glossary page
page = Path("../docs/glossary.en.md").read_text(encoding="utf-8")
meaning = {}
for line in page.splitlines():
    if line.startswith("| **"):
        term, what, *_ = (cell.strip() for cell in line.strip("|").split("|"))
        meaning[term.strip("*")] = what
show_table(
    ["English", "what it means", "Spanish (texts 000–003)", "Portuguese (text 004)"],
    [(english, meaning[english], *words) for english, *words in GLOSSARY],
)

# %% [markdown]
# "Bag" is the English word the texts themselves borrow: text 000 writes
# *una bolsa, llamada bag o sandbag en inglés*, text 001 *las reglas de
# “sandbagging”*, and text 004 *saco (bag)*.

# %% [markdown]
# ## Quick quiz
#
# Four questions on this chapter. Click an answer and the quiz tells you at once whether it is right (where widgets do not show, answer with `quiz.check(1, "b")`).

# %%
from spadeslib import Rules, Seat
from spadeslib.quiz import Question, Quiz

seats = [seat.full for seat in Seat]
quiz = Quiz(
    "Quick quiz: chapter 1",
    [
        Question(
            "Who is North's partner?",
            seats,
            answer=Seat.NORTH.partner.full,
            why="Partners sit across the table: North and South, East and West.",
            hint="Partners sit across the table, not side by side.",
            wrong={"North": "A player is not their own partner: look across."},
        ),
        Question(
            "Play goes clockwise. Who plays right after East?",
            seats,
            answer=Seat.EAST.left.full,
            why="The next player is the one on your left: East, then South.",
            wrong={
                "North": "North plays before East: clockwise goes N, E, S, W.",
                "East": "East has just played; the turn moves on.",
                "West": "West is East's partner, across the table.",
            },
        ),
        Question(
            "How many cards does each player hold after the deal?",
            [12, 13, 14],
            answer=Rules().hand_size,
            why=f"The {len(Rules().deck)} cards are dealt out among four players.",
            hint=f"Divide the {len(Rules().deck)} cards among the four players.",
        ),
        Question(
            "How many points win a game (the usual target)?",
            [100, 300, 500],
            answer=Rules().target,
            why=f"Every rule set plays to {Rules().target} unless the table agrees on "
            "another target.",
            hint="A bid of 5 made scores 50; a game takes many hands.",
        ),
    ],
)
quiz.show()


# %% [markdown]
# ## Summary
#
# - Four players, North, East, South and West; partners sit opposite
#   (North-South against East-West), and play goes clockwise.
# - A hand: deal 13 cards each, bid, play 13 tricks, score. A game: hands
#   until a partnership reaches 500 points.
# - The library `spadeslib` deals, checks and scores everything; the bots can
#   play any seat and explain their choices.
#
# **Exercises:** [exercises for chapter 1](../exercises/01_welcome.ipynb).
# Next: [Chapter 2 · The deck and the deal](02_deck_and_deal.ipynb).
