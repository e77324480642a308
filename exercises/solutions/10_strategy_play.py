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
# # Exercises · Chapter 10 · Strategy II: card play
#
# These exercises go with
# [Chapter 10 · Strategy II: card play](../../notebooks/10_strategy_play.ipynb).
# They train counting cards and reading voids, then three card-play
# puzzles with every card shown. A puzzle's check accepts every card that
# is as good as the best one (same final result with perfect play by
# everyone), and shows how the hand ends after your card. A puzzle shows
# every card, like a bridge problem; at the table the coach sees what you
# see, and averages over the deals of the cards you cannot see (chapter
# 10, section 5, *Setting the opponents*: a card as good as the best in
# the real deal can still be a blunder).
#
# **How it works.** First run the code cell just below this one: it loads the
# exercises (without it, Python stops with `NameError: name 'q1' is not
# defined`; run it again after a kernel restart). `q1.show()` prints an
# exercise. Replace `____` with your answer and run the cell:
# `q1.check(answer)` says *Correct*, or tells you what
# went wrong. Stuck? Uncomment `q1.hint()` for a hint, or `q1.solution()` for
# the answer and its explanation.
#
# Every exercise is built from the seed below, so your teacher may give you
# your own seed; the checks follow it.
#
# **Solutions: every answer is filled in and checked**, for this seed. <!-- SOLUTION -->
# Another seed changes the exercises: `q1.solution()` answers them. <!-- SOLUTION -->

# %%
from spadeslib import Game, Rules, Seat
from spadeslib.exercises import load

SEED = 1
q1, q2, q3, q4, q5 = load("10_strategy_play", seed=SEED)

# %% [markdown]
# ## Exercise 10.1 · Name the spades still out
#
# Count the spades still in the other players' hands, and name them: the
# answer is the list of those spades (`"AS 10S"`, or the ranks alone: `"A
# 10"`).

# %%
q1.show()

# %%
answer = "AS KS QS JS 9S 7S 6S 5S 4S 2S"  # SOLUTION
q1.check(answer)

# %%
# q1.hint()
# q1.solution()

# %%
# SOLUTION
q1.solution()

# %% [markdown]
# ## Exercise 10.2 · Read the voids
#
# A player who does not follow suit has no card of that suit left.

# %%
q2.show()

# %%
answer = "H"  # SOLUTION
q2.check(answer)

# %%
# q2.hint()
# q2.solution()

# %%
# SOLUTION
q2.solution()

# %% [markdown]
# ## Exercise 10.3 · Puzzle: your partner is winning the trick
#
# All four hands are shown. Answer with one card, for example `"QH"`. The
# feedback shows a line of perfect play trick by trick: `W:8♠` is West's
# 8♠, and `|` ends a trick.

# %%
q3.show()

# %%
answer = "KH"  # SOLUTION
q3.check(answer)

# %%
# q3.hint()
# q3.solution()

# %%
# SOLUTION
q3.solution()

# %% [markdown]
# ## Exercise 10.4 · Puzzle: your partner bid Nil
#
# Your partner bid Nil and has not won a trick yet. The feedback shows a
# line of perfect play trick by trick: `W:8♠` is West's 8♠, and `|` ends a
# trick.

# %%
q4.show()

# %%
answer = "QS"  # SOLUTION
q4.check(answer)

# %%
# q4.hint()
# q4.solution()

# %%
# SOLUTION
q4.solution()

# %% [markdown]
# ## Exercise 10.5 · Puzzle: play the ending
#
# The last few tricks, every card shown. The feedback shows a line of
# perfect play trick by trick: `W:8♠` is West's 8♠, and `|` ends a trick.

# %%
q5.show()

# %%
answer = "8S"  # SOLUTION
q5.check(answer)

# %%
# q5.hint()
# q5.solution()

# %%
# SOLUTION
q5.solution()

# %% [markdown]
# ## What next?
#
# Back to the chapter:
# [Chapter 10 · Strategy II: card play](../../notebooks/10_strategy_play.ipynb).
# Next: read chapter 11, [Play](../../notebooks/11_play.ipynb),
# then do its exercises, [11_play](11_play.ipynb).
