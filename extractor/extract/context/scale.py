"""The scale a sentence states for a result: how many accelerators or nodes ran it.

"GPT-3 in 10.94 minutes on 3,584 H100 GPUs", "384 Gaudi2 accelerators", "64 chips",
"8 nodes", "an eight-node cluster", "DGX A100 x8", "H100 GPU 3,584개", "3584个GPU",
"8台DGX A100". The consistency stage groups claims by it and matches the reference row
of that scale (`extractor.verdicts.reference`).

- `scale_mentions(sentence) -> [ScaleMention]`: every scale stated, in text order.
- `scale_at(sentence, at) -> ScaleMention | None`: the scale that speaks for the number
  at offset `at`: the one in its clause, else the sentence's only one; None when none
  is stated or several compete.

Words are data: `lexicons/context_scale.json`. No function here raises on a str.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from extractor import lexicons
from extractor.extract.text.literal_gates import fold_ascii_case, required_literals
from extractor.extract.text.regex_tools import literal_alternation
from extractor.extract.text.skipping import SkippingPattern


@dataclass(frozen=True)
class ScaleMention:
    start: int
    end: int
    #: 'accelerators' or 'nodes'
    kind: str
    count: int



@dataclass(frozen=True)
class _Reading:
    """One way a sentence states a scale, of `kind`: its pattern (skipping ahead to the
    characters a match can start with, `skipping`) behind a literal gate: every match
    holds one of `literals` (`literal_gates.required_literals`; in `fold_ascii_case` of
    the sentence when `folded`), so a sentence holding none is not searched. Most
    sentences state no scale, and the patterns, opening with a look-behind or a name,
    were tried at every position of every sentence (profiled)."""

    pattern: SkippingPattern
    kind: str
    #: the search for any of `literals` (one search: faster than an `in` test for each)
    gate: re.Pattern | None
    folded: bool

    @classmethod
    def of(cls, pattern: str, kind: str, flags: int = 0) -> _Reading:
        literals, folded = required_literals(pattern, flags) or ((), False)
        gate = re.compile(literal_alternation(literals)) if literals else None
        return cls(SkippingPattern(pattern, flags), kind, gate, folded)


@dataclass(frozen=True)
class _Patterns:
    numbers: dict
    patterns: tuple[_Reading, ...]
    approximate: re.Pattern


@lru_cache(maxsize=None)
def _patterns() -> _Patterns:
    lex = lexicons.load("context_scale.json")
    words = {k.lower(): v for k, v in lex["number_words"].items()}
    digits = r"\d{1,3}(?:,\d{3})+|\d+"
    num = rf"(?P<num>(?:{digits})(?![.,]\d)|{literal_alternation(words)})"
    left = r"(?<![A-Za-z0-9_.,])"  # CJK text may touch a number: "使用3584个"
    acc = literal_alternation(w for ws in lex["accelerator_nouns"].values() for w in ws)
    node = literal_alternation(w for ws in lex["node_nouns"].values() for w in ws)
    counters = literal_alternation(lex["counters"])
    node_counters = literal_alternation(lex["node_counters"])
    # name words between a count and its noun are names: capitalised or with a digit
    # ("3,584 NVIDIA H100 Tensor Core GPUs"), never "10 minutes on H100 GPUs"
    name = r"(?-i:[A-Z][\w.+-]*|[\w.+-]*\d[\w.+-]*)"
    dash = r"[\s\-\u2010-\u2015]"  # "2,560‑GPU run": hyphens of any width
    # a name may touch a CJK noun ("512个NVIDIAH100加速器": the page lost its spaces)
    cjk = r"(?=[\u3400-\u9fff\uac00-\ud7af])"
    names = rf"(?:{name}(?:{dash}+|{cjk})){{0,{int(lex.get('max_name_words', 4))}}}?"
    # a Latin product name just before a CJK count: "H100 GPU 3,584개", "Gaudi2 384개"
    # (ASCII: \w would run on into CJK text, "NVL36配備了3" + "6個")
    product = r"(?-i:[A-Za-z][A-Za-z0-9_.-]*\d[A-Za-z0-9_.-]*|[A-Z]{2,}\d*)"
    times = re.escape(lex.get("times_suffix", "x"))
    ci = re.IGNORECASE
    # a number glued to letters is a quantity or a name, not a count ("3GB D램 칩 12개":
    # 12 chips of 3 GB)
    unglued = r"(?![A-Za-z0-9])"
    patterns = (
        # a noun, then its count with a counter, first: in "가우디 3 프로세서 8개" the 3 is
        # the name's and the 8 counts the processors
        _Reading.of(rf"(?:{acc}|{product})\s*(?<![\d,.]){num}\s*(?:{counters})", "accelerators"),
        _Reading.of(rf"(?:{node})\s*(?<![\d,.]){num}\s*(?:{counters})", "nodes"),
        _Reading.of(rf"{left}{num}{unglued}(?:{dash}*(?:{counters}))?{dash}*{names}(?:{acc})(?![A-Za-z])",
                    "accelerators", ci),
        _Reading.of(rf"{left}{num}{unglued}(?:{dash}*(?:{counters}))?{dash}*{names}(?:{node})(?![A-Za-z])",
                    "nodes", ci),
        _Reading.of(rf"{left}{num}\s*(?:{node_counters})", "nodes"),
        # "DGX A100 x8": a product name, then x and a count of nodes
        _Reading.of(rf"(?<=[A-Za-z0-9])\s+{times}\s?(?P<num>\d{{1,4}})(?![\w.])", "nodes"),
    )
    approximate = re.compile(rf"(?:{literal_alternation(lex.get('approximate_before', []))})\s*$", ci)
    return _Patterns(words, patterns, approximate)


def _count(text: str, words: dict) -> int | None:
    text = text.lower()
    if text in words:
        return int(words[text])
    try:
        n = int(text.replace(",", ""))
    except ValueError:
        return None
    return n if n > 0 else None


@lru_cache(maxsize=512)
def scale_mentions(sentence: str) -> tuple[ScaleMention, ...]:
    """Every scale the sentence states, in text order (the first reading of a span wins).

    >>> [(m.kind, m.count) for m in scale_mentions("GPT-3 in 10.94 minutes on 3,584 H100 GPUs")]
    [('accelerators', 3584)]
    >>> [(m.kind, m.count) for m in scale_mentions("18.4 min on one node and 2.9 min on eight nodes")]
    [('nodes', 1), ('nodes', 8)]
    >>> [(m.kind, m.count) for m in scale_mentions("DGX A100 x8 trained BERT; H100 GPU 3,584개; 384块加速卡")]
    [('nodes', 8), ('accelerators', 3584), ('accelerators', 384)]
    >>> [(m.kind, m.count) for m in scale_mentions("512个NVIDIAH100加速器需要64.3分钟")]
    [('accelerators', 512)]
    >>> scale_mentions("10 minutes on H100 GPUs"), scale_mentions("on more than 5,000 GPUs")
    ((), ())
    """
    return tuple([f for f in _stated(sentence) if f.count])


@lru_cache(maxsize=4096)
def _stated(sentence: str) -> tuple[ScaleMention, ...]:
    """Every scale the sentence states, with count 0 where it is not exact ("more than
    5,000 GPUs": a scale, but not one a result of the table has)."""
    if not isinstance(sentence, str) or not sentence:
        return ()
    p = _patterns()
    found: list[ScaleMention] = []
    folded = fold_ascii_case(sentence)
    for reading in p.patterns:
        kind = reading.kind
        # (the gate tested here, not in a method of the reading: six for every sentence)
        if reading.gate is not None and reading.gate.search(folded if reading.folded else sentence) is None:
            continue  # it holds none of the reading's literals
        for m in reading.pattern.finditer(sentence):
            n = _count(m.group("num"), p.numbers)
            if n is None or any(f.start < m.end() and m.start() < f.end for f in found):
                continue
            if p.approximate.search(sentence[max(0, m.start() - 14):m.start()]):
                # "more than 5,000 GPUs" states no scale; the span is still taken
                found.append(ScaleMention(m.start(), m.end(), kind, 0))
                continue
            found.append(ScaleMention(m.start(), m.end(), kind, n))
    # "from 768 to 3,584 GPUs": the first count of a range counts the same thing
    for f in list(found):
        if not f.count:
            continue
        m = _RANGE_START.search(sentence[max(0, f.start - 24):f.start])
        if m:
            start = max(0, f.start - 24) + m.start("num")
            n = _count(m.group("num"), p.numbers)
            if n and not any(g.start <= start < g.end for g in found):
                found.append(ScaleMention(start, f.start, f.kind, n))
    return tuple(sorted(found, key=lambda f: f.start))


_RANGE_START = re.compile(r"(?<![A-Za-z0-9_.,])(?P<num>\d{1,3}(?:,\d{3})+|\d+)\s*(?:to|-|–|~|至|到)\s*$")


def scale_at(sentence: str, at: int | None, clause: tuple[int, int] | None = None
             ) -> ScaleMention | None:
    """The scale that speaks for the number at `at` (module docstring); a count that is
    itself the scale ("on 64 chips" read as a count) speaks for itself.

    >>> s = "BERT took 18.4 min on one node and 2.9 min on eight nodes"
    >>> scale_at(s, s.index("18.4"), (0, s.index(" and"))).count, scale_at(s, s.index("2.9"), (s.index(" and"), len(s))).count
    (1, 8)
    >>> scale_at(s, s.index("18.4")).count  # two compete: stated, but which is unknown
    0
    >>> [m.count for m in scale_mentions("Scaling from 768 to 3,584 GPUs cut it to 10.94 minutes")]
    [768, 3584]
    >>> s = "10 minutes using more than 5,000 GPUs, with a 2,560-GPU run clocking 18.79 minutes"
    >>> scale_at(s, 0, (0, s.index(", with"))).count, scale_at(s, s.index("18.79"), (s.index(", with"), len(s))).count
    (0, 2560)
    >>> scale_at(s, 0).count  # no clause given: two scales compete
    0
    """
    if not isinstance(sentence, str) or at is None:
        return None
    # an inexact scale ("more than 5,000 GPUs") competes too: "10 minutes using more than
    # 5,000 GPUs, with a 2,560-GPU run clocking 18.79 minutes" gives the 10 minutes no
    # scale of 2,560
    mentions = _stated(sentence)
    if not any(m.count for m in mentions):
        return None
    if clause is not None:
        inside = [m for m in mentions if clause[0] <= m.start < clause[1]]
        if inside:
            return inside[0] if len({(m.kind, m.count) for m in inside}) == 1 \
                else _several(inside)
    if len({(m.kind, m.count) for m in mentions}) == 1:
        return mentions[0]
    return _several(mentions)


def _several(mentions) -> ScaleMention:
    """Several scales compete for a number: count 0, "a scale was stated, which one is
    not known" (such a number joins no group of one stated scale)."""
    kinds = {m.kind for m in mentions}
    return ScaleMention(mentions[0].start, mentions[-1].end,
                        kinds.pop() if len(kinds) == 1 else "nodes", 0)
