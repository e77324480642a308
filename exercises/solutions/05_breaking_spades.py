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
# # Exercises · Chapter 5 · Breaking spades
#
# These exercises go with
# [Chapter 5 · Breaking spades](../../notebooks/05_breaking_spades.ipynb).
# They practise the leading restriction, its exception, what breaks
# spades, and the joker rules that drop it.
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
q1, q2, q3, q4 = load("05_breaking_spades", seed=SEED)

# %% [markdown]
# ## Exercise 5.1 · May the leader lead a spade?
#
# Answer `'no'` if a spade may not be led now, or name the rule that
# allows it: `'broken'` (spades are broken) or `'only spades'` (the leader
# holds nothing else).

# %%
q1.show()

# %%
answer = "broken"  # SOLUTION
q1.check(answer)

# %%
# q1.hint()
# q1.solution()

# %%
# SOLUTION
q1.solution()

# %% [markdown]
# ## Exercise 5.2 · Which cards may be led?
#
# Write the cards as codes, for example `"AH 7C"`.

# %%
q2.show()

# %%
answer = "KH 10H 8H 7H 10C"  # SOLUTION
q2.check(answer)

# %%
# q2.hint()
# q2.solution()

# %%
# SOLUTION
q2.solution()

# %% [markdown]
# ## Exercise 5.3 · When were spades broken?
#
# Read the tricks in order and find the first spade.

# %%
q3.show()

# %%
answer = 6  # SOLUTION
q3.check(answer)

# %%
# q3.hint()
# q3.solution()

# %%
# SOLUTION
q3.solution()

# %% [markdown]
# ## Exercise 5.4 · Leading under the joker rules
#
# The joker rules change the first lead and the breaking rule.

# %%
q4.show()

# %%
answer = "AS 9S 5S 3S JC 6C AD 7D"  # SOLUTION
q4.check(answer)

# %%
# q4.hint()
# q4.solution()

# %%
# SOLUTION
q4.solution()

# %% [markdown]
# ## What next?
#
# Back to the chapter:
# [Chapter 5 · Breaking spades](../../notebooks/05_breaking_spades.ipynb).
# Next: read chapter 6, [Scoring a hand](../../notebooks/06_scoring.ipynb),
# then do its exercises, [06_scoring](06_scoring.ipynb).
