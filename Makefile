# The two commands of the README: `make lab` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HASH   := $(shell cat pyproject.toml | cksum | cut -d' ' -f1)
# everything (make test and the developer targets) ...
STAMP  := $(VENV)/.installed-$(HASH)
# ... or the course alone (make lab, make voila): no test tools to download
COURSE := $(VENV)/.course-$(HASH)

# a .venv copied with the course from another folder or machine runs that
# folder's Python and scripts (its pip and jupyter name it on their first
# line): the targets below make it again here, with a word saying so
HERE   := $(abspath $(VENV))/bin/python
MOVED  := $(shell [ -f $(BIN)/pip ] && ! head -n 2 $(BIN)/pip | \
	grep -qF -e '!$(HERE)' -e '"$(HERE)' && echo moved)
AGAIN  := $(if $(MOVED),venv-moved)

# WHEELS=DIR installs from the files of `make wheelhouse`, with no internet
ifdef WHEELS
export PIP_NO_INDEX := 1
export PIP_FIND_LINKS := $(abspath $(WHEELS))
endif

.PHONY: venv-moved help lab test test-unit test-notebooks test-exercises browser test-fast lint \
	format sync execute exercises bench voila wheelhouse clean

.DEFAULT_GOAL := help

## help: list these targets (make with no target does the same)
help:
	@sed -n -e 's/^## \([a-z][a-z, -]*:\)/\1/p' -e 's/^## /    /p' Makefile

venv-moved:
	@echo "$(VENV) was made in another folder (copied with the course): making it again here"
	rm -rf $(VENV)

$(BIN)/python: $(AGAIN)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml $(AGAIN) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,course,voila]"
	rm -f $(VENV)/.installed-* $(VENV)/.course-*
	touch $(STAMP) $(COURSE)

$(COURSE): pyproject.toml $(AGAIN) | $(BIN)/python
	@if [ -f $(STAMP) ]; then touch $(COURSE); else \
		$(BIN)/python -m pip install --quiet -e ".[course,voila]" && \
		rm -f $(VENV)/.course-* && touch $(COURSE); fi

## lab: install the course and open it in JupyterLab
# the root is the course folder: given a file alone, JupyterLab would serve
# only notebooks/, and the chapters' links to ../exercises and ../docs break
lab: $(COURSE)
	$(BIN)/jupyter lab --ServerApp.root_dir=$(CURDIR) $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/01_welcome.ipynb

## test: lint, unit and property tests, doctests, notebooks (nbval), browser test.
## Every step runs even when an earlier one fails; the run fails at the end.
test: $(STAMP) browser
	@$(MAKE) --no-print-directory -k lint test-unit test-notebooks test-exercises

# pytest-xdist workers for the unit tests and the notebooks (0: one process);
# --dist loadfile keeps each notebook's cells on one worker
XDIST ?= 2
## test-unit, test-notebooks, test-exercises: one step of make test alone
test-unit: $(STAMP)
	$(BIN)/python -m pytest -n $(XDIST)

test-notebooks: $(STAMP)
	$(BIN)/python -m pytest -n $(XDIST) --dist loadfile --nbval --nbval-current-env --nbval-sanitize-with .ci/nbval-sanitize.cfg notebooks/*.ipynb exercises/solutions/*.ipynb

test-exercises: $(STAMP)
	$(BIN)/python -m pytest --nbval-lax --nbval-current-env exercises/*.ipynb

## browser: the system Chromium the browser test drives (apt-get as root; else says how)
browser:
	@.ci/browser

## test-fast: unit tests without the slow fuzz and browser runs
test-fast: $(STAMP)
	$(BIN)/python -m pytest -m "not slow and not browser"

## lint: ruff check, ruff format --check and mypy on the whole package (make test's first step)
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

## format: ruff format, then ruff check --fix
format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

## sync: pair every notebook with its py:percent script (jupytext)
sync: $(STAMP)
	$(BIN)/jupytext --sync notebooks/*.ipynb exercises/*.ipynb exercises/solutions/*.ipynb

## execute: re-run the course's chapters in place so stored outputs are true
## (the classroom page, notebooks/table.ipynb, stores none: it deals per visitor)
execute: $(STAMP)
	$(BIN)/jupytext --sync notebooks/*.ipynb
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.record_timing=False \
		--ExecutePreprocessor.store_widget_state=False notebooks/[0-9]*.ipynb
	$(BIN)/jupyter nbconvert --to notebook --inplace --coalesce-streams notebooks/[0-9]*.ipynb
	$(BIN)/python .ci/stable_widget_ids.py notebooks/[0-9]*.ipynb
	$(BIN)/jupytext --sync notebooks/*.ipynb

## exercises: regenerate the exercise notebooks from the solutions (re-running them)
exercises: $(STAMP)
	$(BIN)/python -m spadeslib.exercises build --execute
	$(BIN)/python .ci/stable_widget_ids.py exercises/solutions/*.ipynb exercises/*.ipynb

## bench: engine speed (and OpenSpiel's, when the bench extra is installed)
bench: $(STAMP)
	$(BIN)/spades bench

## voila: the classroom page (the table alone) at http://localhost:8866;
## VOILA_IP=0.0.0.0 serves the class network; VOILA_POOL kernels wait preheated (30);
## VOILA_PORT another port (8866); no browser tab opens (it would take a kernel);
## VOILA_CLASS=FOLDER: each table writes its progress there (spades class FOLDER)
VOILA_IP   ?= 127.0.0.1
VOILA_POOL ?= 30
VOILA_PORT ?= 8866
VOILA_CLASS ?=
voila: $(COURSE)
	$(if $(VOILA_CLASS),mkdir -p "$(VOILA_CLASS)")
	SPADES_CLASS_DIR=$(if $(VOILA_CLASS),$(abspath $(VOILA_CLASS))) \
	JUPYTER_PATH=$(CURDIR)/spadeslib/table/voila JUPYTER_CONFIG_PATH=$(CURDIR)/spadeslib/table/voila \
		$(BIN)/voila --Voila.ip=$(VOILA_IP) --port=$(VOILA_PORT) --no-browser \
		--VoilaConfiguration.default_pool_size=$(VOILA_POOL) notebooks/table.ipynb

## wheelhouse: every package of the course and the classroom page as files
## (wheelhouse/), for laptops without internet: copy the folder with the
## course, not .venv/ (a copied one is made again), then
## `make lab WHEELS=wheelhouse` (same system and Python version)
wheelhouse: | $(BIN)/python
	$(BIN)/python -m pip download --quiet --dest wheelhouse pip "setuptools>=77" wheel
	$(BIN)/python -m pip wheel --quiet --wheel-dir wheelhouse ".[course,voila]"
	@echo "wheelhouse: $$(ls wheelhouse | wc -l) files, $$(du -sh wheelhouse | cut -f1)"

## clean: remove .venv and the caches
clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
