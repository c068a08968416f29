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

from extractor.lazy_exports import lazy_getattr

_EXPORTS = {"SentenceInfo": "roles", "Mention": "roles", "mark_roles": "roles"}

__all__ = sorted(_EXPORTS)

__getattr__ = lazy_getattr(__name__, _EXPORTS)
