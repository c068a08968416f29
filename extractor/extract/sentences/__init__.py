"""Sentences: the facts of one sentence that its numbers share.

Decides the roles of a sentence's names: `mentions.Mention` is a name seen from a
sentence; `comparisons` reads which names a comparison makes baselines and which figures
stay theirs; `roles.mark_roles` gives each mention its role (the system that performs,
what a number counts, the baseline of a comparison) as one immutable `SentenceRoles`
record per sentence. Imports `text/`, `names/`, `quantities/` (a role is given relative
to the sentence's numbers).

Exports: `SentenceInfo`, `Mention`, `mark_roles`.

Modules: `roles`, `mentions`, `comparisons`.
"""
from __future__ import annotations

import importlib

_EXPORTS = {"SentenceInfo": "roles", "Mention": "roles", "mark_roles": "roles"}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
