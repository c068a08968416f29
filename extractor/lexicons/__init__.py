"""Language knowledge as data: the JSON files of this folder, one per language or concern.

Units, number words, qualifiers, system and workload aliases, spam terms, round dates and
script ranges live here, so adding Japanese or a new accelerator is an edit of a file.
The name of a file says which stage reads it (`clean_`, `spam_`, `langid_`, `segment_`,
`units_`, `numbers_`, `qualifiers_`, `systems`, `workloads`, `metrics_`, `claims_`,
`context_`, `reference_`); every file carries a `_doc` key saying what it holds.

`load` reads a file once per process and hands out the same parsed object after that:
callers must treat it as read-only.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources


def load(name: str) -> dict:
    """The parsed lexicon `name` (with or without `.json`).

    >>> load("units_canonical") is load("units_canonical.json")
    True
    """
    return _load(name if name.endswith(".json") else name + ".json")


@lru_cache(maxsize=None)
def _load(filename: str) -> dict:
    return json.loads(resources.files(__name__).joinpath(filename).read_text(encoding="utf-8"))


def names(prefix: str = "") -> list[str]:
    """The lexicon files whose names start with `prefix`, sorted.

    >>> names("units_")[:2]
    ['units_canonical.json', 'units_en.json']
    """
    return sorted(entry.name for entry in resources.files(__name__).iterdir()
                  if entry.name.startswith(prefix) and entry.name.endswith(".json"))
