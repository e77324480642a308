"""Give the widgets of executed notebooks stable model ids.

Executing a notebook gives each widget a random model id, so every
re-execution (``make execute``, ``make exercises``) rewrote those ids though
nothing changed. An id only links a widget output (and, where the widget
state is stored, its models and their references to each other), so any id
will do as long as each one is replaced everywhere: this one is made from
the notebook's name and the order in which the ids first appear (the
outputs' views, then the stored models by kind, not in the order the run
happened to store them). The notebook is written back as nbformat writes
it, keys sorted, so that the stored models keep one order too.

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
    the outputs' views, then the stored widget state's models by their kind
    (model and view names; a run stores them in any order)."""
    found: list[str] = []
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(VIEW)
            if view and view.get("model_id"):
                found.append(view["model_id"])
    state = notebook.get("metadata", {}).get("widgets", {}).get(STATE, {})
    models = state.get("state", {})

    def kind(model_id: str) -> tuple[str, str]:
        model = models[model_id]
        return (
            str(model.get("model_name")),
            str(model.get("state", {}).get("_view_name")),
        )

    found.extend(sorted(models, key=kind))  # a stable sort: ties keep their order
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
    renamed = json.loads(pattern.sub(lambda m: stable[m.group(0)], text))
    path.write_text(
        json.dumps(renamed, sort_keys=True, indent=1, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
    return True


if __name__ == "__main__":
    for name in sys.argv[1:]:
        if stabilise(Path(name)):
            print(f"stable widget ids: {name}")
