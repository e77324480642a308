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
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% jupyter={"source_hidden": true}
# The classroom page (`make voila`): the table alone, code hidden. This cell
# runs before anyone opens the page (Voila keeps kernels preheated); the next
# one waits for a visitor and reads the options in the link, for example
# rules=classic and seed=2024 (see docs/classroom.md).
from IPython.display import Markdown, display

from spadeslib.table import SpadesTable
from spadeslib.table.classroom import page_options, request_query

SpadesTable("cards4net", seed=0, speed="step").close()  # warm: imports the coach

# %% jupyter={"source_hidden": true} tags=["nbval-ignore-output"]
options = page_options(request_query())
for problem in options.problems:
    display(Markdown(f"**{problem}**"))
table = SpadesTable(options.rules, **options.table_arguments())
display(table)

# %% [markdown] tags=["howto"]
# # Spades
#
# You sit **South**, at the bottom; your partner, a bot, sits North at the
# top; two bots play East and West against you. (In the two-player game,
# one bot sits North and plays against you: there are no partners, and you
# draw your cards one by one instead of a deal.)
#
# - **Bid**: when it is your turn, pick how many tricks *you* will take.
#   Your partner bids their own, and the two bids add up to your side's
#   contract. Nil bets that you take none. *How good is my hand?* gives the
#   coach's estimate.
# - **Play**: click a card, or move along your hand with the arrow keys and
#   press Enter. Follow the suit that was led if you can. If a card cannot
#   be played, click it anyway: the table tells you why.
# - **Spades** are trumps. You may not lead a spade until spades are broken,
#   unless you hold nothing else.
# - **Help**: *Hint* (key `h`) says what a good player would do and why;
#   *Undo* (key `u`) takes back your last decision; after a hand, *Check my
#   play* rates your decisions one by one.
# - **Keep your game**: it stays in this browser if you reload the page;
#   *Save* downloads it as a file and *Load* opens one.
#
# The course's chapters explain every rule; chapter 11 plays at this table
# too.
