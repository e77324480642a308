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
# # Exercises · Chapter 8 · The variants
#
# These exercises go with
# [Chapter 8 · The variants](../../notebooks/08_variants.ipynb).
# They compare presets on one hand and practise the joker deck, Blind
# Seven, ten for 200 and two-player scoring.
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
q1, q2, q3, q4, q5, q6 = load("08_variants", seed=SEED)

# %% [markdown]
# ## Exercise 8.1 · One hand under one of three presets
#
# The same bids and tricks, scored under one of three presets.

# %%
q1.show()

# %%
answer = -60  # SOLUTION
q1.check(answer)

# %%
# q1.hint()
# q1.solution()

# %%
# SOLUTION
q1.solution()

# %% [markdown]
# ## Exercise 8.2 · The joker deck's trump order
#
# The joker deck has its own trump order.

# %%
q2.show()

# %%
answer = "W"  # SOLUTION
q2.check(answer)

# %%
# q2.hint()
# q2.solution()

# %%
# SOLUTION
q2.solution()

# %% [markdown]
# ## Exercise 8.3 · Blind Seven
#
# A side that declares Blind Seven bids 7 without looking.

# %%
q3.show()

# %%
answer = 140  # SOLUTION
q3.check(answer)

# %%
# q3.hint()
# q3.solution()

# %%
# SOLUTION
q3.solution()

# %% [markdown]
# ## Exercise 8.4 · Two-player scoring
#
# Two players, each scoring alone.

# %%
q4.show()

# %%
answer = -100  # SOLUTION
q4.check(answer)

# %%
# q4.hint()
# q4.solution()

# %%
# SOLUTION
q4.solution()

# %% [markdown]
# ## Exercise 8.5 · Who leads first with jokers?
#
# The joker rules change who leads first.

# %%
q5.show()

# %%
answer = "S"  # SOLUTION
q5.check(answer)

# %%
# q5.hint()
# q5.solution()

# %%
# SOLUTION
q5.solution()

# %% [markdown]
# ## Exercise 8.6 · Ten for 200
#
# The `ten_for_200` modifier values one contract specially.

# %%
q6.show()

# %%
answer = -200  # SOLUTION
q6.check(answer)

# %%
# q6.hint()
# q6.solution()

# %%
# SOLUTION
q6.solution()

# %% [markdown]
# ## What next?
#
# Back to the chapter:
# [Chapter 8 · The variants](../../notebooks/08_variants.ipynb).
# Next: read chapter 9, [Strategy I: bidding](../../notebooks/09_strategy_bidding.ipynb),
# then do its exercises, [09_strategy_bidding](09_strategy_bidding.ipynb).
