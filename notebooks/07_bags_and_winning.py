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
# # Chapter 7 · Bags and winning
#
# ## What you will learn
#
# - how bags (overtricks) pile up from hand to hand, and what ten of them
#   cost;
# - that the bag penalty is taken **before** anyone is declared the winner;
# - who wins when both teams reach 500, what happens on a tie, and the losing
#   threshold of some rule sets;
# - what all this looks like over a whole game, played by bots.

# %%
# %matplotlib inline
import statistics

import matplotlib.pyplot as plt
from IPython.display import Markdown, display

from spadeslib import Bid, Rules, Seat, game_over, score_hand
from spadeslib.scoring import apply_bags

plt.rcParams.update({"figure.dpi": 96, "savefig.dpi": 96, "font.size": 11})
BLUE, ORANGE, GREEN, RED, GREY = "#0072B2", "#E69F00", "#009E73", "#D55E00", "#777777"
SIDE_COLOURS = {"NS": BLUE, "EW": ORANGE}
PENALTY = "#6A1B9A"  # purple: stands out from both teams' colours


def show_table(headers, rows):
    """Display rows as a Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + " --- |" * len(headers)]
    lines += ["| " + " | ".join(str(x) for x in row) + " |" for row in rows]
    display(Markdown("\n".join(lines)))


def team(side):
    """A team's name in words: "North-South" for "NS"."""
    return "-".join(Seat.parse(letter).full for letter in side)


def verdict(rules, scores):
    """game_over's answer in words."""
    ended, winner = game_over(rules, scores)
    if ended:
        return f"yes, {team(winner)} win"
    return "no, play on"


def team_hand(rules, bid, won, bags_before):
    """North-South's score for one hand: North bids `bid` (South bids 0 or 1)
    and the team wins `won` tricks; East-West take the rest."""
    south = 0 if rules.numeric_zero else 1
    bids = {
        Seat.NORTH: Bid(bid - south),
        Seat.SOUTH: Bid(south),
        Seat.EAST: Bid(1),
        Seat.WEST: Bid(1),
    }
    tricks = {Seat.NORTH: won, Seat.SOUTH: 0, Seat.EAST: 13 - won, Seat.WEST: 0}
    return score_hand(rules, bids, tricks, {"NS": bags_before})["NS"]


# %% [markdown]
# ## Bags pile up
#
# Every trick won over the contract is worth 1 point and is a **bag**. Bags
# are counted from hand to hand. When a team's count reaches 10, it loses
# 100 points, and the bags over 10 stay on the count. `apply_bags` does
# exactly this bookkeeping: it returns the number of penalties and the bags
# carried forward.

# %%
rules = Rules()
print(f"{rules.spec}: bag limit {rules.bag_limit}, penalty {rules.bag_penalty}")
rows = []
for before, gained in [(3, 2), (8, 1), (8, 2), (8, 3), (9, 11), (9, 13)]:
    penalties, carried = apply_bags(rules, before, gained)
    rows.append((before, gained, penalties, penalties * rules.bag_penalty, carried))
show_table(
    ["bags before", "bags this hand", "penalties", "points lost", "bags carried"], rows
)

# %% [markdown]
# Source 000 puts it this way: a team that collects one bag in every hand
# takes the penalty after ten hands, even if it made every contract. Let a
# team bid 5 and win 6, twelve hands running:

# %%
score, bags = 0, 0
rows = []
for number in range(1, 13):
    result = team_hand(rules, bid=5, won=6, bags_before=bags)
    score += result.points
    bags = result.bags_after
    rows.append(
        (
            number,
            f"{result.points:+d}",
            score,
            bags,
            f"−{rules.bag_penalty}" if result.penalties else "",
        )
    )
show_table(["hand", "points", "score", "bags", "penalty"], rows)

# %% [markdown]
# Ten hands of +51 would be 510 points; the penalty leaves 410. Both numbers
# (10 bags, 100 points) are rule parameters that a table may change:

# %%
house = Rules("cards4net", bag_limit=5, bag_penalty=50)
result = team_hand(house, bid=5, won=8, bags_before=3)
print(f"bag limit {house.bag_limit}, penalty {house.bag_penalty}")
print(
    f"bags {result.bags_before} + {result.bags_gained}: {result.penalties} penalty, "
    f"{result.bags_after} carried"
)
print(
    f"points: {result.contract_points:+d} for the contract and overtricks, "
    f"{-result.penalty_points:+d} penalty = {result.points:+d}"
)

# %% [markdown]
# ## The penalty comes before the win
#
# The game ends when, **after a hand is scored**, a team has reached the
# target (500 by default). The bag penalty is part of scoring the hand, so
# it is taken first. Source 000's example: a team would reach 505, but the
# same hand brings its bags to ten (here eleven): the penalty comes first,
# so it ends on 405 and has not won.

# %%
before, bags_before = 452, 8
result = team_hand(rules, bid=5, won=8, bags_before=bags_before)
after = before + result.points
print(
    f"contract and overtricks: {result.contract_points:+d} -> would be "
    f"{before + result.contract_points}"
)
print(
    f"bags {bags_before} + {result.bags_gained}: {result.penalties} penalty, "
    f"{-result.penalty_points:+d}"
)
print(f"score after the hand: {after}")
print("game over:", verdict(rules, {"NS": after, "EW": 300}))

# %% [markdown]
# ## Both teams reach the target, and ties
#
# If both teams reach the target in the same hand, the higher score wins. If
# the scores are equal, nobody has won yet: another hand is played. Here is
# what the library decides for a few final scores:

# %%
finals = [
    {"NS": 480, "EW": 300},
    {"NS": 505, "EW": 300},
    {"NS": 520, "EW": 530},
    {"NS": 510, "EW": 510},
    {"NS": 499, "EW": 499},
]
rows = []
for scores in finals:
    rows.append((scores["NS"], scores["EW"], verdict(rules, scores)))
show_table(["NS", "EW", "game over?"], rows)

# %% [markdown]
# ## The losing threshold
#
# Some rule sets also end the game when a team sinks too low. Under
# `yppedia`, a team at −200 or below ends the game (and the higher score
# wins); the other rule sets have no such floor:

# %%
rows = []
for spec in ["cards4net", "classic", "yppedia", "two-player"]:
    r = Rules.parse(spec)
    sides = ("NS", "EW") if r.players == 4 else ("N", "S")
    scores = dict(zip(sides, (-200, 40), strict=True))
    ended, winner = game_over(r, scores)
    rows.append(
        (
            spec,
            r.target,
            r.losing_threshold,
            f"{scores}",
            f"{'over' if ended else 'play on'}"
            + (f", {winner} wins" if winner else ""),
        )
    )
show_table(["rules", "target", "losing threshold", "scores", "verdict"], rows)

# %% [markdown]
# The target and the threshold are parameters too, for a shorter game:

# %%
short = Rules("yppedia", target=250, losing_threshold=-100)
print(f"target {short.target}, losing threshold {short.losing_threshold}")
scores = {"NS": 260, "EW": 120}
words = ", ".join(f"{team(side)} {points}" for side, points in scores.items())
print(f"at {words}: game over: {verdict(short, scores)}")

# %% [markdown]
# ## A whole game, hand by hand
#
# Let four `rule` bots play complete games. We take the first seed whose
# game shows a bag penalty for *both* teams, and draw the running scores
# and the bag counts, marking each penalty. `play_game(seed)` plays one
# seeded cards4net game between four rule bots; `penalised_sides(game)`
# lists the teams that paid a bag penalty.

# %%
from spadeslib.experiments import game_outcome, penalised_sides, play_game
from spadeslib.parallel import run

seed = 0
game = play_game(seed)
while penalised_sides(game) != {"NS", "EW"}:  # try the next seed
    seed += 1
    game = play_game(seed)
print(f"seed {seed}: {len(game.finished_hands)} hands, winner {game.winner}")
print(game)

# %%
results = game.results()
hands = range(1, len(results) + 1)
fig, (top, bottom) = plt.subplots(
    2, 1, figsize=(9, 7), sharex=True, gridspec_kw={"height_ratios": [3, 2]}
)
for side, colour in SIDE_COLOURS.items():
    running, bag_counts = [0], []
    for result in results:
        running.append(running[-1] + result[side].points)
        bag_counts.append(result[side].bags_after)
    top.plot(range(len(running)), running, "-o", color=colour, label=side, markersize=4)
    bottom.bar(
        [h + (-0.2 if side == "NS" else 0.2) for h in hands],
        bag_counts,
        width=0.4,
        color=colour,
        label=side,
    )
    for h, result in zip(hands, results, strict=True):
        if result[side].penalties:
            top.plot(h, running[h], "X", color=PENALTY, markersize=12)
            bottom.plot(h + (-0.2 if side == "NS" else 0.2), 0.4, "X", color=PENALTY)
            top.annotate(
                f"−{result[side].penalty_points}",
                (h, running[h]),
                textcoords="offset points",
                xytext=(6, -14),
                color=PENALTY,
            )
top.axhline(game.rules.target, color=GREY, linestyle="--", linewidth=1)
top.text(
    len(results) / 2,
    game.rules.target + 12,
    f"target {game.rules.target}",
    color=GREY,
    ha="center",
)
top.plot([], [], "X", color=PENALTY, markersize=10, label="bag penalty")
top.set_title(f"A game between rule bots (seed {seed}): running scores")
top.set_ylabel("score")
top.legend(loc="upper left")
bottom.axhline(game.rules.bag_limit, color=PENALTY, linestyle=":", linewidth=1)
bottom.text(
    0.6,
    game.rules.bag_limit - 1.4,
    f"{game.rules.bag_limit} bags: penalty",
    color=PENALTY,
)
bottom.set_title("bags carried after each hand")
bottom.set_xlabel("hand")
bottom.set_ylabel("bags")
bottom.set_xticks(list(hands))
bottom.set_ylim(0, game.rules.bag_limit + 1)
fig.tight_layout()
plt.show()

# %% [markdown]
# Each purple cross is a hand where a team's bags reached the limit. The
# penalty is taken from that hand's points: the score line falls when the
# hand was worth less than the penalty, and still rises when it was worth
# more. The bag bar starts again from the bags left over. The arithmetic
# of each cross:

# %%
for number, result in enumerate(results, start=1):
    for side in SIDE_COLOURS:
        score = result[side]
        if score.penalties:
            print(
                f"hand {number}, {team(side)}: "
                f"{score.points + score.penalty_points:+d} for the hand, "
                f"{-score.penalty_points:+d} bag penalty = {score.points:+d}"
            )

# %% [markdown]
# How common is this? The same bots play 30 complete games (shared out
# among this computer's processors; each game depends only on its seed, so
# the numbers are the same on any computer). For each game we keep a short
# summary: the hands played, the scores and the bag penalties of each team.

# %%
GAMES = 30
games = run(game_outcome, [f"survey/{i}" for i in range(GAMES)])
with_penalty = sum(1 for g in games if g.penalised)
penalties = sum(sum(g.penalties.values()) for g in games)
both_over = sum(1 for g in games if g.all_over_target)
lengths = [g.hands for g in games]
print(f"{GAMES} games, {sum(lengths)} hands")
print(f"games with at least one bag penalty: {with_penalty}")
print(f"bag penalties in all: {penalties}")
print(f"games that ended with both teams at {games[0].target} or more: {both_over}")
print(
    f"hands per game: shortest {min(lengths)}, "
    f"median {statistics.median(lengths):g}, longest {max(lengths)}"
)
print(
    f"So in {with_penalty} of {GAMES} games ({with_penalty / GAMES:.0%}) "
    "at least one team lost points to its bags."
)

# %% [markdown]
# ## Quick quiz
#
# Four questions on this chapter. Click an answer and the quiz tells you at once whether it is right (where widgets do not show, answer with `quiz.check(1, "b")`).

# %%
from spadeslib.quiz import Question, Quiz

rules = Rules()
penalties, carried = apply_bags(rules, 8, 3)
bids = dict(zip(Seat, map(Bid, [2, 4, 2, 4]), strict=True))
tricks = dict(zip(Seat, [4, 4, 1, 4], strict=True))  # NS bid 4, win 5: 1 bag
ns = score_hand(rules, bids, tricks, {"NS": 9})["NS"]
quiz = Quiz(
    "Quick quiz: chapter 7",
    [
        Question(
            "A team has 8 bags and wins 3 more. How many bags does it carry on?",
            [0, 1, 3, 11],
            answer=carried,
            why=f"Reaching {rules.bag_limit} costs {rules.bag_penalty} points; the rest "
            "carries on.",
            wrong={
                0: f"The penalty takes off {rules.bag_limit} bags; 8 + 3 is 11.",
                3: "The 3 new bags join the 8 already there.",
                11: f"At {rules.bag_limit} bags the penalty is paid and {rules.bag_limit} "
                "bags are taken off.",
            },
        ),
        Question(
            "North-South have 9 bags. They bid 4 and win 5. How many points does "
            "the hand give them?",
            [-59, 41, 50, 141],
            answer=ns.points,
            why="+41 for the contract, then the tenth bag costs 100.",
            wrong={
                41: "41 is the contract and the bag; the tenth bag costs 100.",
                50: "The overtrick is worth 1 point, and it is the tenth bag.",
                141: "The bag penalty is taken off, not added.",
            },
        ),
        Question(
            "After a hand the scores are North-South 520, East-West 530. Who wins?",
            ["North-South", "East-West", "nobody yet"],
            answer={"NS": "North-South", "EW": "East-West", None: "nobody yet"}[
                game_over(rules, {"NS": 520, "EW": 530})[1]
            ],
            why="Both sides reached the target: the higher score wins.",
            wrong={
                "North-South": "East-West have more points.",
                "nobody yet": "Both sides reached the target with different scores.",
            },
        ),
        Question(
            "And at 510 to 510?",
            ["North-South", "East-West", "nobody yet"],
            answer={"NS": "North-South", "EW": "East-West", None: "nobody yet"}[
                game_over(rules, {"NS": 510, "EW": 510})[1]
            ],
            why="Equal scores over the target play another hand.",
            hint="Neither side is ahead.",
        ),
    ],
)
quiz.show()


# %% [markdown]
# ## Summary
#
# - Every overtrick is a bag; bags are carried from hand to hand. Reaching
#   10 bags costs 100 points, and the rest are carried on (both numbers are
#   rule parameters).
# - The penalty is taken while scoring the hand, so before the win check:
#   505 with a penalty is 405, and the game goes on.
# - The game ends after a hand in which a team reaches the target; if both
#   do, the higher score wins; equal scores play another hand. Under
#   `yppedia` the game also ends at −200.
#
# **Exercises:** [exercises for chapter 7](../exercises/07_bags_and_winning.ipynb).
# Next: [Chapter 8 · The variants](08_variants.ipynb).
