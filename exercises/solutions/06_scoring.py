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
# # Exercises · Chapter 6 · Scoring a hand
#
# These exercises go with
# [Chapter 6 · Scoring a hand](../../notebooks/06_scoring.ipynb).
# Each exercise gives the bids and tricks of one hand and asks for one
# side's points: made and set contracts, Nil under two presets, Blind Nil
# and a numeric 0.
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
q1, q2, q3, q4, q5, q6 = load("06_scoring", seed=SEED)

# %% [markdown]
# ## Exercise 6.1 · A contract made with overtricks
#
# A made contract: 10 per trick bid, 1 per overtrick.

# %%
q1.show()

# %%
answer = 91  # SOLUTION
q1.check(answer)

# %%
# q1.hint()
# q1.solution()

# %%
# SOLUTION
q1.solution()

# %% [markdown]
# ## Exercise 6.2 · A contract set
#
# A contract that was not made.

# %%
q2.show()

# %%
answer = -50  # SOLUTION
q2.check(answer)

# %%
# q2.hint()
# q2.solution()

# %%
# SOLUTION
q2.solution()

# %% [markdown]
# ## Exercise 6.3 · A failed Nil under cards4net
#
# Under `cards4net`, a nil bidder's tricks count for the team contract.

# %%
q3.show()

# %%
answer = -39  # SOLUTION
q3.check(answer)

# %%
# q3.hint()
# q3.solution()

# %%
# SOLUTION
q3.solution()

# %% [markdown]
# ## Exercise 6.4 · A failed Nil under classic
#
# Under `classic`, a failed nil's tricks do not count toward the partner's
# contract: each is a bag for the team (1 point and 1 bag), whether the
# contract is made or set.

# %%
q4.show()

# %%
answer = -148  # SOLUTION
q4.check(answer)

# %%
# q4.hint()
# q4.solution()

# %%
# SOLUTION
q4.solution()

# %% [markdown]
# ## Exercise 6.5 · Blind Nil
#
# A Blind Nil is bid before looking at the cards. Its value depends on the
# preset.

# %%
q5.show()

# %%
answer = 152  # SOLUTION
q5.check(answer)

# %%
# q5.hint()
# q5.solution()

# %%
# SOLUTION
q5.solution()

# %% [markdown]
# ## Exercise 6.6 · A bid of 0 is not Nil (cards4net)
#
# Under `cards4net`, 0 and Nil are different bids.

# %%
q6.show()

# %%
answer = 30  # SOLUTION
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
# [Chapter 6 · Scoring a hand](../../notebooks/06_scoring.ipynb).
# Next: read chapter 7, [Bags and winning](../../notebooks/07_bags_and_winning.ipynb),
# then do its exercises, [07_bags_and_winning](07_bags_and_winning.ipynb).
