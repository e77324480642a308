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
# # Exercises · Chapter 3 · Bidding
#
# These exercises go with
# [Chapter 3 · Bidding](../../notebooks/03_bidding.ipynb).
# They cover team contracts, who may bid 0, Nil or Blind Nil under each
# preset, one situation under the three presets, and a first estimate of a
# hand.
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
q1, q2, q3, q4, q5 = load("03_bidding", seed=SEED)

# %% [markdown]
# ## Exercise 3.1 · The team contract
#
# Partners' bids add up to the team contract.

# %%
q1.show()

# %%
answer = 7  # SOLUTION
q1.check(answer)

# %%
# q1.hint()
# q1.solution()

# %%
# SOLUTION
q1.solution()

# %% [markdown]
# ## Exercise 3.2 · Who may bid 0, Nil or Blind Nil?
#
# The presets disagree about a numeric 0 (a contract of no tricks, scored
# as a number), Nil and Blind Nil. Answer with a list, for example `["0",
# "nil"]` ("0" for the numeric 0), or `[]` if none is open.

# %%
q2.show()

# %%
answer = ["0", "nil", "blind nil"]  # SOLUTION
q2.check(answer)

# %%
# q2.hint()
# q2.solution()

# %%
# SOLUTION
q2.solution()

# %% [markdown]
# ## Exercise 3.3 · One situation, three presets
#
# Chapter 3 put the library in a few situations and asked each preset
# whether Nil and Blind Nil are legal. Here is one more situation. Answer
# with the presets that allow the bid, for example `"cards4net classic"`,
# or `"none"`.

# %%
q3.show()

# %%
answer = "classic"  # SOLUTION
q3.check(answer)

# %%
# q3.hint()
# q3.solution()

# %%
# SOLUTION
q3.solution()

# %% [markdown]
# ## Exercise 3.4 · Blind Nil for the side behind
#
# Under `classic` and `yppedia`, Blind Nil depends on the score.

# %%
q4.show()

# %%
answer = "N S"  # SOLUTION
q4.check(answer)

# %%
# q4.hint()
# q4.solution()

# %%
# SOLUTION
q4.solution()

# %% [markdown]
# ## Exercise 3.5 · A quick count of a hand's tricks
#
# Chapter 3's quick count, the one `spadeslib.counting.quick_tricks`
# computes. It comes in halves: answer 2.5 if that is the count.

# %%
q5.show()

# %%
answer = 5.5  # SOLUTION
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
# [Chapter 3 · Bidding](../../notebooks/03_bidding.ipynb).
# Next: read chapter 4, [Playing tricks](../../notebooks/04_playing_tricks.ipynb),
# then do its exercises, [04_playing_tricks](04_playing_tricks.ipynb).
