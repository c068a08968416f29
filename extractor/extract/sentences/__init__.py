"""Sentences: the facts of one sentence that its numbers share.

Decides the roles of a sentence's names: `mentions.Mention` is a name seen from a
sentence; `comparisons` reads which names a comparison makes baselines and which figures
stay theirs; `roles.mark_roles` gives each mention its role (the system that performs,
what a number counts, the baseline of a comparison) as one immutable `SentenceRoles`
record per sentence; `sentence_facts.SentenceFacts` is the one record of what holds for
a sentence whatever number of it is read (its numbers, clauses, lowered text, and the
facts later layers derive from it), built once per sentence and read by each of its
numbers. Imports `text/`, `names/`, `quantities/` (a role is given relative to the
sentence's numbers).

Exports: `SentenceInfo`, `Mention`, `mark_roles`, `SentenceFacts`.

Modules: `roles`, `mentions`, `comparisons`, `sentence_facts`.
"""
from __future__ import annotations

from extractor.lazy_exports import lazy_getattr

_EXPORTS = {"SentenceInfo": "roles", "Mention": "roles", "mark_roles": "roles",
            "SentenceFacts": "sentence_facts"}

__all__ = sorted(_EXPORTS)

__getattr__ = lazy_getattr(__name__, _EXPORTS)
