"""Give the widget outputs of executed notebooks stable model ids.

Executing a notebook gives each widget a random model id, so every
re-execution (``make execute``, ``make exercises``) rewrote those lines though
nothing changed. The id only links an output to a widget model, which is not
stored (``store_widget_state=False``), so any id will do: this one is made
from the notebook's name and the output's place.

    python .ci/stable_widget_ids.py notebooks/*.ipynb exercises/solutions/*.ipynb
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

VIEW = "application/vnd.jupyter.widget-view+json"


def stabilise(path: Path) -> bool:
    """Rewrite ``path``'s widget model ids; whether anything changed."""
    text = path.read_text(encoding="utf-8")
    notebook = json.loads(text)
    changed = False
    for c, cell in enumerate(notebook.get("cells", [])):
        for o, output in enumerate(cell.get("outputs", [])):
            view = output.get("data", {}).get(VIEW)
            if not view:
                continue
            stable = hashlib.md5(f"{path.name}/{c}/{o}".encode()).hexdigest()
            if view.get("model_id") != stable:
                view["model_id"] = stable
                changed = True
    if changed:  # nbformat's layout: indent 1, a final newline
        dump = json.dumps(notebook, indent=1, ensure_ascii=False, sort_keys=True)
        path.write_text(dump + "\n", encoding="utf-8")
    return changed


if __name__ == "__main__":
    for name in sys.argv[1:]:
        if stabilise(Path(name)):
            print(f"stable widget ids: {name}")
