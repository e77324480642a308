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
# # Exercises · Chapter 4 · Playing tricks
#
# These exercises go with
# [Chapter 4 · Playing tricks](../../notebooks/04_playing_tricks.ipynb).
# They practise following suit, finding a trick's winner and who leads
# next.
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
q1, q2, q3, q4, q5 = load("04_playing_tricks", seed=SEED)

# %% [markdown]
# ## Exercise 4.1 · Following suit
#
# Write the cards as codes, for example `"9H 4H"` (the order does not
# matter).

# %%
q1.show()

# %%
answer = "AH JH 4H 2H"  # SOLUTION
q1.check(answer)

# %%
# q1.hint()
# q1.solution()

# %%
# SOLUTION
q1.solution()

# %% [markdown]
# ## Exercise 4.2 · When you cannot follow suit
#
# What may you play when you cannot follow suit?

# %%
q2.show()

# %%
answer = "AS JS 6S QH JH 8H 6H 2H 8C 7C"  # SOLUTION
q2.check(answer)

# %%
# q2.hint()
# q2.solution()

# %%
# SOLUTION
q2.solution()

# %% [markdown]
# ## Exercise 4.3 · Who wins the trick?
#
# Spades are trumps.

# %%
q3.show()

# %%
answer = "E"  # SOLUTION
q3.check(answer)

# %%
# q3.hint()
# q3.solution()

# %%
# SOLUTION
q3.solution()

# %% [markdown]
# ## Exercise 4.4 · Who leads the next trick?
#
# The winner of a trick leads the next one.

# %%
q4.show()

# %%
answer = "W"  # SOLUTION
q4.check(answer)

# %%
# q4.hint()
# q4.solution()

# %%
# SOLUTION
q4.solution()

# %% [markdown]
# ## Exercise 4.5 · Which of your cards can win this trick?
#
# A card must be legal *and* high enough.

# %%
q5.show()

# %%
answer = "JC 10C"  # SOLUTION
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
# [Chapter 4 · Playing tricks](../../notebooks/04_playing_tricks.ipynb).
# Next: read chapter 5, [Breaking spades](../../notebooks/05_breaking_spades.ipynb),
# then do its exercises, [05_breaking_spades](05_breaking_spades.ipynb).
