"""Keep pytest away from the notebooks' paired scripts (nbval runs the .ipynb)."""

collect_ignore_glob = ["notebooks/*.py", "exercises/*.py", "exercises/solutions/*.py"]
