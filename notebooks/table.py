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

# %% jupyter={"source_hidden": true}
# The classroom page (`make voila`): the table alone, code hidden. This cell
# runs before anyone opens the page (Voila keeps kernels preheated); the next
# one waits for a visitor and reads the options in the link, for example
# rules=classic and seed=2024 (see docs/classroom.md).
from IPython.display import Markdown, display

from spadeslib.table import SpadesTable
from spadeslib.table.classroom import how_to_panel, page_options, request_query
from spadeslib.table.progress import ClassProgress, class_folder, name_box

SpadesTable("cards4net", seed=0, speed="step").close()  # warm: imports the coach

# %% jupyter={"source_hidden": true} tags=["nbval-ignore-output"]
options = page_options(request_query())
for problem in options.problems:
    display(Markdown(f"**{problem}**"))
table = SpadesTable(options.rules, **options.table_arguments())
if class_folder() is not None:  # make voila VOILA_CLASS=...: the teacher's view
    display(name_box(ClassProgress.attach(table.session, class_folder())))
display(table)

# %% jupyter={"source_hidden": true} tags=["howto", "nbval-ignore-output"]
# The how-to beside the table, written for the rules it plays: the link's,
# then those of each new or loaded game
display(how_to_panel(table))
