"""The facts of one sentence that every number of it reads: `SentenceFacts`.

A sentence with five numbers used to have its lowered text, cue words, divisions and
rounds worked out five times, once for each number, in as many modules. `claims` builds
one `SentenceFacts` per sentence, and hands it to everything that reads a number of the
sentence (the not-a-claim rules, linking, metrics, context). What this layer knows (the
sentence, its numbers kept, its clauses, its lowered text) is an attribute, the lazy ones
worked out on first read; what a later layer derives from the sentence (a metric's cue
words with their tiers, the sentence's divisions and rounds, linking's pairs of names
and numbers, the numbers that count parameters) is kept in the record under that
layer's own key (`fact`), so each decision keeps its one home. (The subjects of a
sentence are kept on its `SentenceInfo`, per reading of its roles: sentences after it
read them too.)

The record is a dict (the layers' facts, by key) so that a caller that keeps a plain
dict per sentence (`not_claims` reads `memo["about_business"]`) reads it unchanged.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from extractor.extract.quantities.quantities import Quantity
from extractor.extract.sentences.roles import SentenceInfo

__all__ = ["SentenceFacts", "fact", "once"]


class once:
    """`functools.cached_property` without its lock (Python 3.11 takes one on every read
    before the first value is stored; profiled: a few per cent of the claim stage, as a
    record is read for every number)."""

    def __init__(self, fn):
        self.fn, self.name, self.__doc__ = fn, fn.__name__, fn.__doc__

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)  # later reads find it there
        return value


def fact(facts: dict, key, fn: Callable[..., Any], *args):
    """`fn(*args)`, kept in a sentence's `facts` under `key` for its other numbers."""
    try:
        return facts[key]
    except KeyError:
        value = facts[key] = fn(*args)
        return value


class SentenceFacts(dict):
    """What holds for one sentence whatever number of it is read (module docstring).

    >>> from extractor.extract.names.entities import Entity
    >>> from extractor.extract.sentences.mentions import Mention
    >>> info = SentenceInfo(0, 20, "B200 beats the H100", "en", 0)
    >>> info.systems = [Mention(Entity(0, 4, "B200", "SYSTEM", "B200"), 0, 4)]
    >>> facts = SentenceFacts(info).numbers_kept([], ((0, 19),))
    >>> facts.low, fact(facts, "n", len, "ab"), facts["n"]
    ('b200 beats the h100', 2, 2)
    """

    def __init__(self, info: SentenceInfo):
        super().__init__()
        self.info = info
        #: its numbers kept for claims (in order) and its clauses (`clause_spans`), once
        #: the not-a-claim rules have read each number (`numbers_kept`)
        self.quantities: list[Quantity] = []
        self.clauses: tuple[tuple[int, int], ...] = ()

    def numbers_kept(self, quantities: list[Quantity],
                     clauses: tuple[tuple[int, int], ...]) -> SentenceFacts:
        """The record, with the numbers kept for claims and the sentence's clauses (the
        facts of its names are read after its roles: `mark_roles`)."""
        self.quantities, self.clauses = quantities, clauses
        return self

    @once
    def low(self) -> str:
        """The sentence lowered (cue words are matched in it)."""
        return self.info.text.lower()
