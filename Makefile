# The two commands of the README. Both create (or reuse) a virtual environment
# in .venv, install cardwidgets into it in editable mode, then do their job.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: lab test venv lint

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

venv: $(BIN)/python

## make lab: install cardwidgets with JupyterLab and open the teaching notebooks
lab: venv
	$(BIN)/python -m pip install --quiet -e ".[lab]"
	$(BIN)/jupyter lab notebooks/00-start-here.ipynb $(if $(filter 0,$(shell id -u)),--allow-root,)

## make test: install everything the tests need and run the whole suite (lint included)
test: venv
	$(BIN)/python -m pip install --quiet -e ".[test,lab]"
	$(BIN)/ruff check .
	$(BIN)/python -m pytest
