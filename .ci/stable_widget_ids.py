"""Give the widgets of executed notebooks stable model ids.

Executing a notebook gives each widget a random model id, so every
re-execution (``make execute``, ``make exercises``) rewrote those ids though
nothing changed. An id only links a widget output (and, where the widget
state is stored, its models and their references to each other), so any id
will do as long as each one is replaced everywhere: this one is made from
the notebook's name and the order in which the ids first appear.

    python .ci/stable_widget_ids.py notebooks/*.ipynb exercises/solutions/*.ipynb
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"


def model_ids(notebook: dict) -> list[str]:
    """Every widget model id of ``notebook``, in order of first appearance:
    the outputs' views, then the stored widget state."""
    found: list[str] = []
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(VIEW)
            if view and view.get("model_id"):
                found.append(view["model_id"])
    state = notebook.get("metadata", {}).get("widgets", {}).get(STATE, {})
    found.extend(state.get("state", {}))
    return list(dict.fromkeys(found))


def stabilise(path: Path) -> bool:
    """Rewrite ``path``'s widget model ids; whether anything changed."""
    text = path.read_text(encoding="utf-8")
    ids = model_ids(json.loads(text))
    stable = {
        old: hashlib.md5(f"{path.name}/{n}".encode()).hexdigest()
        for n, old in enumerate(ids)
    }
    if all(old == new for old, new in stable.items()):
        return False
    pattern = re.compile("|".join(map(re.escape, stable)))
    path.write_text(pattern.sub(lambda m: stable[m.group(0)], text), encoding="utf-8")
    return True


if __name__ == "__main__":
    for name in sys.argv[1:]:
        if stabilise(Path(name)):
            print(f"stable widget ids: {name}")
