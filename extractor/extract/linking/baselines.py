"""Baselines: what a number is compared against ("2x faster than H100": H100), read from
its sentence's roles (`SentenceRoles.baselines`), else a name a comparison cue stands by
that the lexicons do not know yet (`comparisons.unknown_baseline`): claims.csv `baseline`.
"""
from __future__ import annotations

from extractor.extract.quantities.quantities import Quantity
from extractor.extract.sentences.comparisons import unknown_baseline
from extractor.extract.sentences.roles import Mention, SentenceInfo
from extractor.extract.text.cues import lang_key

#: a sentence's factors and shares compared with no name but one the lexicons do not know
_NO_NAME = frozenset({""})


def baseline_of(info: SentenceInfo, q: Quantity, clause: tuple[int, int], system: Mention | None) -> str:
    """The baseline a number is compared against: a baseline name of its clause, else the
    nearest of its sentence on the side the language puts it ("2x faster than H100 and 5x
    faster than A100": after; "H100보다 2배, A100보다 5배", "比H100快2倍": before), else a
    name a comparison cue stands by that the lexicons do not know yet; never the system."""
    if not info.systems:  # no name to compare with but one the lexicons do not know
        return unknown_baseline(info.text, info.lang, q.start, _NO_NAME)
    mine = system.entity.canonical if system is not None else ""
    roles = info.roles
    if roles.baselines:
        c0, c1 = clause
        # the nearest baseline of the clause, after the number, before it (the first on a tie)
        own = after = before = None
        own_d = after_d = before_d = 0
        for m in roles.baselines:
            if m.entity.canonical == mine:
                continue
            d = m.start - q.start if m.start >= q.start else q.start - m.start
            if c0 <= m.start < c1 and (own is None or d < own_d):
                own, own_d = m, d
            if m.start >= q.end and (after is None or d < after_d):
                after, after_d = m, d
            if m.end <= q.start and (before is None or d < before_d):
                before, before_d = m, d
        found = own or ((after or before) if lang_key(info.lang) == "en" else (before or after))
        if found is not None:
            return found.entity.canonical
    if system is not None and roles.compares and roles.of(system).baseline:
        return ""  # the baseline's own figure: no other
    # a name the lexicons do not know ("than GB300"), but not one they know as no baseline
    known = {info.text[m.start:m.end] for m, r in roles.systems if not r.baseline} | {mine}
    return unknown_baseline(info.text, info.lang, q.start, known)
