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
# # Exercises · Chapter 7 · Bags and winning
#
# These exercises go with
# [Chapter 7 · Bags and winning](../notebooks/07_bags_and_winning.ipynb).
# They practise carrying bags, the bag penalty (with house rules), the
# penalty before the win check, both sides over the target, the losing
# threshold and a running score sheet.
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

# %%
from spadeslib import Game, Rules, Seat
from spadeslib.exercises import ____, load

SEED = 1
q1, q2, q3, q4, q5, q6 = load("07_bags_and_winning", seed=SEED)

# %% [markdown]
# ## Exercise 7.1 · Bags carried over
#
# Bags are carried from hand to hand.

# %%
q1.show()

# %%
answer = ____
q1.check(answer)

# %%
# q1.hint()
# q1.solution()

# %% [markdown]
# ## Exercise 7.2 · The bag penalty, with house rules
#
# This table plays with its own bag limit and penalty.

# %%
q2.show()

# %%
answer = ____
q2.check(answer)

# %%
# q2.hint()
# q2.solution()

# %% [markdown]
# ## Exercise 7.3 · The penalty comes before the win check
#
# A hand is scored completely, bag penalty included, before anybody checks
# the target.

# %%
q3.show()

# %%
answer = ____
q3.check(answer)

# %%
# q3.hint()
# q3.solution()

# %% [markdown]
# ## Exercise 7.4 · Both sides over the target
#
# Both sides reach the target in the same hand.

# %%
q4.show()

# %%
answer = ____
q4.check(answer)

# %%
# q4.hint()
# q4.solution()

# %% [markdown]
# ## Exercise 7.5 · The losing threshold (yppedia)
#
# Under `yppedia` a game can also end at the bottom of the score sheet.

# %%
q5.show()

# %%
answer = ____
q5.check(answer)

# %%
# q5.hint()
# q5.solution()

# %% [markdown]
# ## Exercise 7.6 · A score sheet over three hands
#
# Keep the running totals and bags over three hands.

# %%
q6.show()

# %%
answer = ____
q6.check(answer)

# %%
# q6.hint()
# q6.solution()

# %% [markdown]
# ## What next?
#
# Back to the chapter:
# [Chapter 7 · Bags and winning](../notebooks/07_bags_and_winning.ipynb).
# Next: read chapter 8, [The variants](../notebooks/08_variants.ipynb),
# then do its exercises, [08_variants](08_variants.ipynb).
