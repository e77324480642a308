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
# # Exercises · Chapter 1 · Welcome
#
# These exercises go with
# [Chapter 1 · Welcome](../../notebooks/01_welcome.ipynb).
# They check the basics: who sits where, who acts first, reading a
# finished hand, and the words the Spanish and Portuguese sources use.
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
q1, q2, q3, q4 = load("01_welcome", seed=SEED)

# %% [markdown]
# ## Exercise 1.1 · Partners
#
# Spades is played by two partnerships. Who plays with whom?

# %%
q1.show()

# %%
answer = "E"  # SOLUTION
q1.check(answer)

# %%
# q1.hint()
# q1.solution()

# %%
# SOLUTION
q1.solution()

# %% [markdown]
# ## Exercise 1.2 · Who bids first and leads first?
#
# The deal decides who speaks first. Answer with a seat letter.

# %%
q2.show()

# %%
answer = "S"  # SOLUTION
q2.check(answer)

# %%
# q2.hint()
# q2.solution()

# %%
# SOLUTION
q2.solution()

# %% [markdown]
# ## Exercise 1.3 · Read a finished hand
#
# A hand played by bots. Count the tricks of one side.

# %%
q3.show()

# %%
answer = 7  # SOLUTION
q3.check(answer)

# %%
# q3.hint()
# q3.solution()

# %%
# SOLUTION
q3.solution()

# %% [markdown]
# ## Exercise 1.4 · Words from the sources (optional)
#
# Optional: for reading the rule texts the course is built on, which are
# in Spanish and Portuguese; chapter 1's glossary pairs their words with
# the English terms.

# %%
q4.show()

# %%
answer = "dealer"  # SOLUTION
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
# [Chapter 1 · Welcome](../../notebooks/01_welcome.ipynb).
# Next: read chapter 2, [The deck and the deal](../../notebooks/02_deck_and_deal.ipynb),
# then do its exercises, [02_deck_and_deal](02_deck_and_deal.ipynb).
