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
# # Chapter 11 · Play
#
# ## What you will learn
#
# - how to play whole hands and games of Spades at an interactive table, with
#   a bot partner against two bot opponents, under any rule set of the course;
# - how to read the table: whose turn it is, the bids, the tricks won, the
#   tricks of the hand, the score sheet and the log that explains each event;
# - how to ask the coach for a hint or for what your hand is worth, how to
#   undo a decision or replay a deal, and how to **check your play** after a
#   hand: the coach rates each of your decisions by the points it was
#   expected to lose, with its reason;
# - why two levels of the coach can rate the same card differently;
# - the few lines of code the exercises use: bots in every seat, a saved game
#   loaded at a table, and the coach's review of any hand.
#
# You sit **South**. Your partner is **North**; **East** and **West** play
# against you.

# %% [markdown]
# ## How to use the table
#
# ![The table in play: South's cards at the bottom, the trick in the middle, the score sheet, bids, tricks and log beside the felt, the buttons underneath](../docs/images/table.png)
#
# Your cards are fanned at the bottom, sorted by suit; your partner sits at
# the top, the opponents left and right, each with their level, bid, tricks
# won and cards left; a yellow frame and ▶ mark whose turn it is. The trick
# in play is in the middle, with who played what. Beside the felt: the
# score sheet (click its title to fold it), the bids in bidding order, the
# tricks of this hand (◀ ▶ to look back at each one) and a log of what
# happened.
#
# ### Controls
#
# - **Bidding.** The buttons offer exactly the bids the rules allow you
#   now: numbers, Nil, Blind Nil (while your cards are still face down:
#   press *Look at my cards* to see them instead), Blind Seven with the
#   joker deck, or the one bid that mirror, whiz or suicide leaves you. A
#   blind bid asks you to press it a second time.
# - **Playing.** Click a card. The cards you may not play now are dimmed;
#   click one anyway and the table tells you why ("You must follow clubs:
#   you hold the 9♣ ..."); the message stays until your next move.
# - **Special decisions.** Under `classic` and `yppedia` a Blind Nil bidder
#   and partner pass two cards each (click two cards, then *Pass*); the
#   cards your partner passed you are marked ⇄ in your hand, and the bids
#   panel names both pairs. In the two-player game you start with *Draw my
#   cards*, then for each card shown you *Keep* it (the button names the
#   card) or *Take the next card*; the cards you saw go to the discard pile
#   are listed under the bids.
# - **Between hands.** When a hand is over, *Next hand* deals the next one;
#   when the game is over, *New game…* starts another.
# - **Undo and replay.** *Undo* takes back your last decision (the bots then
#   answer exactly as before, so you can try another card). *Replay this
#   deal* plays the hand again from the same cards; it asks you to press it
#   a second time, as *New game* does in a game you have started: what is
#   in play is not kept.
# - **The bots' speed.** *Step* (press *Next move* for each bot move),
#   *Slow*, *Normal* or *Fast*; from code there is one more speed,
#   `instant`, shown below. *Pause* stops the bots; the button then reads
#   *Play on*: press it to let them move again.
#
# ### Hints and reviews
#
# - *Hint* asks the coach what it would do, and why, in one line; *Why?*
#   beside it opens the coach's whole analysis.
# - *How good is my hand?* gives the coach's estimate before you bid: the
#   tricks you can expect and a bid.
# - *Check my play* opens the coach's review of the last hand (it also
#   opens by itself when a hand ends).
#
# ### Options
#
# *Options* opens them:
#
# - the rule set and its variants (each explained in words);
# - the level of your partner and of your opponents (*Change the bots'
#   levels* changes them in the game in play: at once if nobody has moved
#   in this hand yet, else from the next hand, and the log says which; from
#   code, `table.set_levels(opponents="expert")`);
# - a seed: type the number your teacher gave you, and *New game* deals
#   exactly that game; leave it empty for a fresh deal;
# - a move timer, in seconds per decision (empty for none): when time is
#   up in the play, a random legal card is played for you, as on YPPedia's
#   tables; in the bidding your face-down cards are turned up, or the rule
#   bot's bid is made for you;
# - a four-colour deck and large print.
#
# ### Keyboard
#
# - Arrows move between your cards, *Enter* plays the card in focus.
# - Digits bid (two quick digits for 10-13), *n* bids Nil, *l* looks at
#   your cards.
# - *h* asks for a hint, *w* opens its *Why?*, *u* undoes.
# - *s* is *Next move* (at the *Step* speed).
# - In the two-player draw, *k* keeps the card shown and *t* takes the next
#   card.
#
# Every card and button names itself in words for a screen reader ("king
# of spades"), and each play is announced.
#
# ### Saving
#
# - *Save* downloads the game to your computer as a record file.
# - *Load* opens one; in a game in progress it asks you to press it a
#   second time, since the loaded game replaces the one in play (*Save*
#   keeps that one first).
# - A game in progress is also kept in your own browser, so reloading the
#   page offers to resume it. In JupyterLab, after a reload or a kernel
#   restart the table's cell may show one line of text naming the table,
#   say "Error displaying widget" or start afresh: run the table's cell
#   again, and the table offers to resume the game you kept.
#
# ### The bots
#
# The table offers these bot levels, weakest first:

# %%
from IPython.display import Markdown, display

from spadeslib.bots import LADDER, make_bot
from spadeslib.display import wrapped

rows = [f"| `{name}` | {words} |" for name, words in LADDER.items()]
display(Markdown("\n".join(["| level | how it plays |", "| --- | --- |", *rows])))
expert = make_bot("expert")
print(
    wrapped(
        f"The expert plays what the coach would advise, over a fixed "
        f"{expert.samples} deals per decision (never more; the coach behind "
        "Hint deals more where its deals disagree widely), so that it answers "
        "quickly."
    )
)

# %% [markdown]
# Some words of this table, in plain terms:
#
# - **Deals of the unseen cards.** A bot cannot see the other hands. The
#   stronger levels therefore deal the cards they cannot see at random, many
#   times, each time in a way that fits what the play has shown (who
#   could not follow a suit, what each player bid), and play every card
#   they could play to the end of the hand in each of these deals. The card
#   that does best on average is the one they play. More deals give a
#   steadier answer, but take longer. The library's own one-line
#   descriptions (`spadeslib.bots.BOTS`) call this search *determinized
#   Monte Carlo* and each deal a *world*.
# - **Ducks.** To *duck* is to play low on a trick you could win, on
#   purpose (chapter 10). Reading the ducks of the play means drawing a
#   conclusion from them: a player who followed low while the trick went to
#   an opponent, when their side still needed tricks, probably held nothing
#   higher in that suit. The `expert` level (and the `search` coach, below)
#   deals worlds weighted toward those clues (the library says *ducks as
#   evidence*): a void shown is a hard rule of every deal, a bid or a duck
#   only makes the deals that fit it likelier (`docs/coach.md`).
# - **Reading the plays.** The `expert` level reads the opponents' cards
#   too: a deal in which an opponent, playing by the book with the cards the
#   deal gives it, would not have played the card it did is counted fifty
#   times less. A player who plays by the book shows its hand this way.
# - **Solved exactly.** When few cards are left, the `expert` level tries
#   every way the remaining cards can be played instead of sampling.

# %% [markdown]
# ## Your table
#
# Run the next cell and play. The bots wait a little between their moves so
# that you can follow them (change the speed under the table); everything
# that happens is written in the log beside the table.
#
# The coach behind *Hint*, *How good is my hand?* and *Check my play* is
# chosen with `coach=`. This chapter uses the `search` coach, the coach of
# chapter 10 and of the exercises, everywhere. A table opened without
# `coach=` (such as the classroom page) uses the `rule` coach, which is
# quicker; the section *Coach levels can disagree* below shows how their
# verdicts differ, and why.

# %%
from spadeslib.table import SpadesTable

table = SpadesTable("cards4net", seed=2024, coach="search")
table

# %% [markdown]
# Want another rule set? Open *Options*, or start a table in a new cell, for
# example `SpadesTable("classic+mirror", partner="novice")` or
# `SpadesTable("two-player")`.

# %% [markdown]
# ## Playing from code
#
# The buttons send the same requests as these methods, which you can call
# yourself: `table.bid(4)`, `table.bid("nil")`, `table.look()`,
# `table.play("QH")`, `table.keep()`, `table.exchange("2C 3D")`,
# `table.hint()`, `table.estimate()`, `table.undo()`, `table.replay_deal()`,
# `table.new_hand()`, `table.review()`, `table.save("game.json")`. That makes
# it easy to show a whole hand here. Our learner plays like many beginners:
# they look at their cards, bid 3 whatever they hold, and always play their
# lowest legal card.
#
# We use a second table at the `instant` speed. It has no button (it is for
# code): the bots answer at once instead of waiting. The seconds each speed
# waits between two bot moves (`step` waits for *Next move*):

# %%
from spadeslib.table import SPEEDS

for speed, seconds in SPEEDS.items():
    print(f"{speed:>8}: {'you press Next move' if seconds is None else seconds}")

# %%
demo = SpadesTable("cards4net", seed=11, speed="instant", coach="search")


def beginner_move(table):
    """Look, bid 3, then always play the lowest legal card."""
    view = table.view
    if view.holding is None:
        return table.look()
    if view.phase.value == "bidding":
        return table.bid(3)
    return table.play(min(view.legal, key=lambda card: card.rank))


print(demo.message)

# %% [markdown]
# The message tells what happened since our last decision: here, the deal
# and the bids before ours. Before bidding we may ask the coach how good our
# hand is:

# %%
print(wrapped(demo.estimate().text))

# %% [markdown]
# We bid; the message reports our bid and everything the bots did after it,
# up to our next turn:

# %%
beginner_move(demo)
print(demo.message)

# %% [markdown]
# A refused move changes nothing and says why, to you:

# %%
accepted = demo.play("AS")
print(accepted, "-", demo.message.splitlines()[0])

# %% [markdown]
# *Hint* asks the coach what it would play here, and why (the same advice
# the review below gives for this decision). The table shows its main point
# in one line (`tip.line`); *Why?* opens the whole analysis (`tip.reason`):

# %%
tip = demo.hint()
print(wrapped(f"Hint: {tip.action.symbol}. {tip.line}"))
print(wrapped(f"Why? {tip.reason}"))

# %% [markdown]
# *Undo* takes a decision back; the bots are seeded by the position, so if
# we make the same decision again they answer exactly as before:

# %%
before = demo.to_json()
beginner_move(demo)
after = demo.to_json()
demo.undo()
print("back where we were:", demo.to_json() == before)
beginner_move(demo)
print("same answers from the bots:", demo.to_json() == after)

# %% [markdown]
# Let us play the hand to its end.

# %%
while not demo.between_hands:
    beginner_move(demo)
print(demo.message)

# %% [markdown]
# The score sheet keeps bids, tricks, points, bags and totals for each hand:

# %%
print(demo.game)

# %% [markdown]
# ## Check my play: reviewing a finished hand
#
# When a hand ends, the table opens the coach's review (or call
# `table.review()`). For each of your decisions the coach rebuilds exactly
# what you could see at that moment (your cards, the bids, the cards played
# so far, never the other hands), plays out many deals of the unseen cards,
# and says how many points your choice was expected to lose against the
# best one. Each decision gets a rating on the coach's scale (forced moves,
# with only one legal choice, are not rated). As in chapter 10, the rating
# reads the loss less the noise of the coach's deals, so a review gives
# both figures where they differ: trick 6 below, "17 lost (11 less the
# noise)", is rated by the 11 (the review panel's "points lost" column). The scale of chapter 10, read
# from the library (`spadeslib.coach.THRESHOLDS`; why these bounds:
# [the rating scale](../docs/coach.md#the-rating-scale)):

# %%
from spadeslib.coach import scale_text

print(scale_text())

# %% [markdown]
# The review of our learner's hand:

# %%
review = demo.review()
print(wrapped(review.summary))
print(review.counts)

# %% [markdown]
# Decision by decision (on the table the same rows are in the review panel):

# %%
for row in review.rows:
    lost = (
        "" if row.loss is None else f"{row.loss:.0f} lost" if round(row.loss) else "0"
    )
    if row.rated is not None:  # where the rating reads less than the average
        lost += f" ({row.rated:.0f} less the noise)"
    print(f"{row.when:>8}: you {row.yours:<6} best {row.best:<6} {row.rating} {lost}")

# %% [markdown]
# and the worst one explained:

# %%
worst = max(review.rows, key=lambda row: row.loss or 0)
print(wrapped(worst.text))

# %% [markdown]
# Under the rows, *Why the others bid* gives each bot's bid with the
# textbook's reason, from the cards that player held. It is shown only once
# the hand is over, when every card has been played face up: during the
# hand a reason would tell you their cards.

# %%
for why in review.bids:
    print(wrapped(why.text))

# %% [markdown]
# ## The review from code
#
# Behind the button is the coach's `review(hand, seat)`, which you can call
# on any hand, finished or not (exercise 11.4 reviews the first four tricks
# of a hand). A coach is made with a level and a seed: the seed picks which
# deals of the unseen cards it plays out, and the table seeds its coach with
# the game's seed (`demo.seed`), so this is exactly the table's review:

# %%
from spadeslib.coach import NOISE_SHOWN, Coach

hand = demo.game.finished_hands[-1]
searched = Coach("search", seed=demo.seed).review(hand, "S")
for v in searched.verdicts:
    lost = f"{v.loss:.0f} lost" if round(v.loss) else "0"
    if v.loss - v.rated >= NOISE_SHOWN:
        lost += f" ({v.rated:.0f} less the noise)"
    print(f"{v.where:>8}: {v.rating:<10} {lost}")
print(
    "same as the table:",
    [v.rating for v in searched.verdicts] == [row.rating for row in review.rows],
)

# %% [markdown]
# Each verdict says where (`v.where`: "bid", "trick 6"), how bad
# (`v.rating`, and `v.loss` in points) and why (`v.text`). To list the
# tricks in which the coach flags a card (rated worse than good: an
# inaccuracy or worse), as an answer
# such as "trick 6" or "trick 1, trick 4":

# %%
lost = ", ".join(
    v.where
    for v in searched.verdicts
    if v.where.startswith("trick") and v.rating not in ("best", "good")
)
lost

# %% [markdown]
# The exercises use `Coach("search", seed="ch10")`, the coach of chapter 10:
# one fixed seed, so that every learner gets the same verdicts. Exercise
# 11.4 keeps only the mistakes and blunders (`v.rating in ("mistake",
# "blunder")`), the ratings that hold from seed to seed (see below).
#
# ## Coach levels can disagree
#
# A coach level is a budget: how many deals of the unseen cards it plays out
# for each decision, and whether it reads the ducks of the play. A coach
# takes its name from a level of the bots' ladder but deals more than the
# bot of that name, which must play fast, so that its verdicts hold steady.
# The `rule` coach (the one a table uses without `coach=`) and the `search`
# coach:

# %%
from spadeslib.coach import LEVELS
from spadeslib.coach.coach import DUCKS, EXTEND, WIDE

for level in ("rule", "search"):
    reads = "reads" if level in DUCKS else "does not read"
    deals = LEVELS[level][0]
    print(
        f"{level:>7}: {deals} deals per decision ({EXTEND * deals} where they "
        f"disagree widely), {reads} the ducks"
    )
print(f"widely: some choice's loss is uncertain by more than {WIDE:g} points")

# %% [markdown]
# The uncertainty is the noise of chapter 10 (one standard error). Where
# the deals disagree widely, the coach deals four times as many, as it did
# for the 160 deals of the bid's verdict above: that is almost every bid,
# on which a whole hand rides, and about half the card decisions of the
# first 8 tricks (`docs/coach.md`). The same hand reviewed by both, on the
# decisions where they disagree:

# %%
ruled = {v.where: v for v in Coach("rule", seed=demo.seed).review(hand, "S").verdicts}
for v in searched.verdicts:
    r = ruled[v.where]
    if r.rating != v.rating:
        print(
            f"{v.where:>8}: rule coach {r.rating} {r.loss:.0f} lost ({r.rated:.0f} "
            f"less the noise), search coach {v.rating} {v.loss:.0f} lost "
            f"({v.rated:.0f})"
        )

# %% [markdown]
# Each coach *estimates* what a card costs from its own sample of deals, so
# a loss near a bound of the scale can land on either side of it, and a coach
# with fewer deals, or that ignores the ducks, sees a less accurate picture
# of the hidden hands. Fewer deals are also noisier, and the scale takes
# the noise off each loss before rating it (chapter 10), so the `rule`
# coach rates more leniently. The `search` coach plays out more deals and reads the
# ducks, so where the two disagree, its verdict is the better guide. When
# you compare your review with someone else's, or answer an exercise, say
# (and use) the coach level it asks for.
#
# The seed matters too: the same `search` coach with another seed draws
# other deals, so a borderline loss can change its rating as well. The same hand,
# by the `search` coach with the next seed (the decisions whose rating
# moves, if any):

# %%
reseeded = Coach("search", seed=demo.seed + 1).review(hand, "S")
again = {v.where: v for v in reseeded.verdicts}
moved = [v for v in searched.verdicts if again[v.where].rating != v.rating]
for v in moved:
    w = again[v.where]
    print(
        f"{v.where:>8}: seed {demo.seed} {v.rating} {v.loss:.0f} lost "
        f"({v.rated:.0f} less the noise), seed {demo.seed + 1} {w.rating} "
        f"{w.loss:.0f} lost ({w.rated:.0f})"
    )
SERIOUS = ("mistake", "blunder")
first = {v.where for v in searched.verdicts if v.rating in SERIOUS}
second = {v.where for v in reseeded.verdicts if v.rating in SERIOUS}
print(
    f"{len(moved)} of {len(searched.verdicts)} ratings moved; the decisions "
    f"rated a mistake or worse are {'the same' if first == second else 'not the same'}"
    " under both seeds"
)

# %% [markdown]
# Because the scale takes the noise of the deals off each loss, most
# ratings hold from one seed to the next: `docs/coach.md` measures that
# about three ratings in four stay the same under another seed, and about
# seven in ten are the ones the same coach gives over a fixed 640 deals. A
# rating that moves can move a band or more, as the line
# above shows: a loss of a few points, inside the noise of one seed's
# deals, is counted under one seed and taken off under the other. That is
# why the exercises fix the coach's seed (`seed="ch10"`), and why a
# review's mistakes and blunders, the decisions that cost the most points
# and hold best from seed to seed, are the ones to look at first.
#
# ## Bots in every seat
#
# To watch the bots play whole hands without a table, give every seat a bot
# and let `play_until` play, as in chapters 2 and 6 (exercise 11.1):

# %%
from spadeslib import Game
from spadeslib.bots import make_bot, play_until

game = Game("cards4net", seed=7)
bots = {seat: make_bot("rule") for seat in game.hand.seats}
play_until(game, bots, hands=2)
print(game)
print(game.scores)

# %% [markdown]
# ## Practise the end of a game
#
# The end of a game asks for other decisions than its start: a side a few
# points from the target bids what it is sure to make, and a side that
# carries bags bids to the top of its hand, since one bag too many costs
# 100 points in the hand that could win the game (chapter 7). A table can
# start there: `scores=` and `bags=` give each side's score and bags before
# the first hand, and a new game with the same rules starts there again.
# Here we (North-South) are at 440 with 8 bags, and East-West at 470:

# %%
endgame = SpadesTable(
    "classic",
    seed=3,
    speed="instant",
    coach="search",
    scores={"NS": 440, "EW": 470},
    bags={"NS": 8},
)
print(wrapped(endgame.message))

# %% [markdown]
# Our beginner bids 3 again and plays low, whatever the score. The sheet
# starts from the given scores, and the library decides whether the game is
# over:

# %%
while not (endgame.between_hands or endgame.game.is_over):
    beginner_move(endgame)
print(endgame.game)
print("game over:", endgame.game.is_over, "- winner:", endgame.game.winner)

# %% [markdown]
# Near the end, one trick can decide the game. The library scores the same
# hand again with one trick moved from East-West to us (chapters 6 and 7),
# and says who would have won: a trick over the contract is a bag, and a
# side near the bag limit can lose 100 points to one trick more.

# %%
from spadeslib import Seat, game_over, score_hand

played = endgame.game.finished_hands[0]
tricks = dict(played.tricks_won)
east_west = max((Seat.EAST, Seat.WEST), key=lambda seat: tricks[seat])
tricks[east_west] -= 1
tricks[Seat.SOUTH] += 1
rescored = score_hand(played.rules, played.bids, tricks, endgame.game.start_bags)
totals = {
    side: endgame.game.start_scores[side] + score.points
    for side, score in rescored.items()
}
ended, winner = game_over(played.rules, totals)
for side, score in rescored.items():
    total = totals[side]
    print(f"{side}: {score.points:+} points, {score.bags_after} bags, total {total}")
print("game over:", ended, "- winner:", winner)

# %% [markdown]
# ## Save and Load from code
#
# *Save* writes the game's **record**, JSON text with the rules, the seed
# and every decision; `table.to_json()` gives the same text. *Load* reads
# one back; from code, `table.from_json(text)` does it (exercise 11.3), and
# the loaded game is `table.game`, with its score sheet and `scores`:

# %%
text = demo.to_json()
again = SpadesTable(speed="instant")
again.from_json(text)
print(wrapped(again.message))
print(again.game.scores)

# %% [markdown]
# ## A classroom page without code
#
# For a class, `make voila` serves a page with just the table (no code),
# built from the same widget. From the project folder run:
#
# ```bash
# make voila
# ```
#
# and open the address it prints (by default http://localhost:8866). Each
# visitor gets their own table; a link such as `?rules=classic&seed=2024`
# gives the whole class the same deal. Save and Load move record files
# between the page and the visitor's own computer, never the server's disk.

# %% [markdown]
# ## Summary
#
# - `SpadesTable()` is a Spades table for one learner, with bots in the other
#   seats, for every rule set of the course; it explains every event, and
#   every refused move in the second person.
# - Options choose the rules, the bots, the seed (the same seed deals the
#   same game), a four-colour deck and large print; the bots' speed, undo and
#   *Replay this deal* let you study a hand; games can be saved and loaded.
# - *Hint* and *How good is my hand?* ask the coach; *Check my play* rates
#   each of your decisions by the points it was expected to lose, from best
#   to blunder.
# - `Coach(level, seed=...).review(hand, "S")` gives the same review from
#   code, for any hand. Coach levels can disagree: the `search` coach plays
#   out more deals of the unseen cards than the `rule` coach and reads the
#   ducks, so say which coach you asked.
# - Everything the buttons do can be done from code, which is how this
#   chapter plays: `table.bid(3)`, `table.play("QH")`, `table.review()`,
#   `table.to_json()` and `table.from_json(text)`; `play_until` lets bots
#   play every seat.
#
# ## Where to go from here
#
# - Play whole games against the strongest bots,
#   `SpadesTable(opponents="expert", coach="search")` (or *Options*), and
#   press *Check my play* after each hand: its mistakes and blunders are
#   the decisions to study.
# - Try a variant of chapter 8, for example `SpadesTable("classic+mirror")`.
# - Practise the end of a game from any score, for example
#   `SpadesTable("classic", scores={"NS": 440, "EW": 470}, bags={"NS": 8})`.
# - How the coach works, and how sure its figures are:
#   [docs/coach.md](../docs/coach.md). How strong each bot level is,
#   measured: the ladder table of the [README](../README.md#the-robot-players).
# - Teachers: the classroom page (`make voila`, above, and
#   [docs/classroom.md](../docs/classroom.md)) and the lesson plans
#   ([docs/lessons.md](../docs/lessons.md)).
#
# **Exercises:** [exercises for chapter 11](../exercises/11_play.ipynb).
# Back to the start: [Chapter 1 · Welcome](01_welcome.ipynb).
