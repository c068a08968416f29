"""The number format a figure of compute or throughput is stated at: its precision
(FP8, BF16, TF32, INT8, ...) and its sparsity (sparse, dense).

A peak-compute figure is only comparable with one of the same format: the H100's
datasheet gives 989 TFLOPS (TF32, sparse), 1,979 (FP8 dense) and 3,958 (FP8 sparse), and
all three are right. The format goes into the claim's context (`precision=FP8;
sparsity=sparse`), so that the consistency stage compares like with like instead of
calling such figures a conflict.

Which format speaks for a number, in its sentence (`number_format_at`). Its span is
its clause (`sentence_context.clause_at`), cut at table cells and brackets ("1,979
TFLOPS FP8 dense (3,958 TFLOPS sparse)": two spans):
- a format named in the span ("1,979 TFLOPS FP8 dense", "FP8 算力 989 TFLOPS"); two
  different ones there ("1,856 BF16/FP8 matrix TFLOPS") make it unknown, written '?',
  which joins no group of one format;
- else, for the precision only, the one named in the last clause before the span that
  names any ("FP8 Peak FLOPS | 9,000 TFLOPS | 3,958 TFLOPS", "At FP8, B200 reaches 9
  PFLOPS"; '?' when that clause names two); sparsity is said of one figure ("3,958
  TFLOPS sparse"), not carried to the next;
- never one named only after the span: it belongs to a later figure.
The written forms are data (`lexicons/context_formats.json`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from extractor import lexicons
from extractor.extract.text.regex_tools import alt, left_bound
from extractor.extract.text.skipping import SkippingPattern
from extractor.extract.context.sentence_context import clause_at

#: written for a format stated but not attributable to the number
SEVERAL = "?"


@dataclass(frozen=True)
class NumberFormat:
    """precision: 'FP8', 'BF16', ... ; sparsity: 'sparse' or 'dense'; '' when the
    sentence states none for the number, '?' when it states several."""

    precision: str = ""
    sparsity: str = ""


@dataclass(frozen=True)
class _Forms:
    #: (a `SkippingPattern`: the plain alternation of ~40 case-insensitive forms behind
    #: look-behinds made an attempt per form at every position; profiled, the costliest
    #: pattern of the claim stage)
    pattern: SkippingPattern
    canonical: dict[str, str]  # written form, lower-cased -> canonical name


@lru_cache(maxsize=None)
def _forms(kind: str) -> _Forms:
    table = lexicons.load("context_formats.json")[kind]
    canonical = {form.lower(): name for name, forms in table.items() for form in forms}
    parts = [left_bound(form) + alt([form]) for form in
             sorted(canonical, key=len, reverse=True)]
    return _Forms(SkippingPattern("|".join(parts), re.IGNORECASE), canonical)


def format_mentions(sentence: str, kind: str) -> list[tuple[int, str]]:
    """(offset, canonical name) of each `kind` ('precisions' or 'sparsity') named.

    >>> format_mentions("1,979 TFLOPS FP8 dense (3,958 TFLOPS with sparsity)", "sparsity")
    [(17, 'dense'), (42, 'sparse')]
    >>> format_mentions("BF16와 bfloat16, 그리고 FP80은 아님", "precisions")
    [(0, 'BF16'), (6, 'BF16')]
    """
    return list(_mentions(sentence, kind))


@lru_cache(maxsize=64)
def _mentions(sentence: str, kind: str) -> tuple[tuple[int, str], ...]:
    """`format_mentions`, remembered for the few sentences last asked about: every
    compute figure of a sentence asks for the same mentions."""
    forms = _forms(kind)
    return tuple([(m.start(), forms.canonical[m.group().lower()])
                  for m in forms.pattern.finditer(sentence)])


def number_format_at(sentence: str, start: int, end: int) -> NumberFormat:
    """The format that speaks for the number `sentence[start:end]` (with its unit), by
    the rule of the module's doc.

    >>> s = "H100 delivers 1,979 TFLOPS FP8 dense (3,958 TFLOPS sparse)"
    >>> number_format_at(s, 14, 26), number_format_at(s, 38, 50)
    (NumberFormat(precision='FP8', sparsity='dense'), NumberFormat(precision='FP8', sparsity='sparse'))
    >>> number_format_at("1,856 BF16/FP8 matrix TFLOPS", 0, 5).precision
    '?'
    >>> s = "At FP8, B200 reaches 9 PFLOPS; in BF16 or FP16, 4.5 PFLOPS, and 2.2 PFLOPS"
    >>> [number_format_at(s, s.index(n), s.index(n) + 3).precision for n in ("9 P", "4.5", "2.2")]
    ['FP8', '?', '?']
    >>> number_format_at("It used 2,048 GPUs", 8, 18)
    NumberFormat(precision='', sparsity='')
    """
    precisions = _mentions(sentence, "precisions")
    sparsity = _mentions(sentence, "sparsity")
    if not precisions and not sparsity:
        return NumberFormat()
    span = number_span(sentence, start, end)
    return NumberFormat(speaking(precisions, span, True, sentence),
                        speaking(sparsity, span, False, sentence))


#: what ends the span of a number besides its clause: table cells and brackets
_SPAN_ENDS = re.compile(r"[|\t()（）\[\]]")


def number_span(sentence: str, start: int, end: int) -> tuple[int, int]:
    """The number's span: its clause, cut at cells and brackets; separators within the
    number itself (the comma of "1,979") do not count."""
    first, last = clause_at(sentence, start)[0], clause_at(sentence, max(start, end - 1))[1]
    for m in _SPAN_ENDS.finditer(sentence, first, last):
        if m.end() <= start:
            first = m.end()
        elif m.start() >= end:
            last = m.start()
            break
    return first, last


def speaking(mentions: list[tuple[int, str]], span: tuple[int, int], carried: bool,
              sentence: str) -> str:
    """The name of `mentions` ((offset, name), as `format_mentions` gives them) that
    speaks for the number of `span`: the one named in it, else, when `carried`, the one
    of the last clause before it that names any; '' for none, `SEVERAL` for two."""
    start, end = span
    inside = {name for at, name in mentions if start <= at < end}
    if not inside and carried:
        # the formats of the last clause before the span that names one ("1856 BF16/FP8
        # TFLOPS ..., (1,856 vs 1,979 TFLOPS)": which of the two is not known)
        before = [(at, name) for at, name in mentions if at < start]
        if before:
            clause_start = clause_at(sentence, before[-1][0])[0]
            inside = {name for at, name in before if at >= clause_start}
    if not inside:
        return ""
    return inside.pop() if len(inside) == 1 else SEVERAL
