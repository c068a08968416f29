"""The scale a sentence states for a result: how many accelerators or nodes ran it.

"GPT-3 in 10.94 minutes on 3,584 H100 GPUs", "384 Gaudi2 accelerators", "64 chips",
"8 nodes", "an eight-node cluster", "DGX A100 x8", "H100 GPU 3,584개", "3584个GPU",
"8台DGX A100". The consistency stage groups claims by it and matches the reference row
of that scale (`extractor.reference`).

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


@dataclass(frozen=True)
class ScaleMention:
    start: int
    end: int
    #: 'accelerators' or 'nodes'
    kind: str
    count: int


def _alternation(words) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


@dataclass(frozen=True)
class _Patterns:
    numbers: dict
    patterns: tuple  # (regex, kind)


@lru_cache(maxsize=None)
def _patterns() -> _Patterns:
    lex = lexicons.load("context_scale.json")
    words = {k.lower(): v for k, v in lex["number_words"].items()}
    digits = r"\d{1,3}(?:,\d{3})+|\d+"
    num = rf"(?P<num>(?:{digits})(?![.,]\d)|{_alternation(words)})"
    left = r"(?<![\w.,])"
    acc = _alternation(w for ws in lex["accelerator_nouns"].values() for w in ws)
    node = _alternation(w for ws in lex["node_nouns"].values() for w in ws)
    counters = _alternation(lex["counters"])
    node_counters = _alternation(lex["node_counters"])
    # name words between a count and its noun are names: capitalised or with a digit
    # ("3,584 NVIDIA H100 Tensor Core GPUs"), never "10 minutes on H100 GPUs"
    name = r"(?-i:[A-Z][\w.+-]*|[\w.+-]*\d[\w.+-]*)"
    names = rf"(?:{name}[\s-]+){{0,{int(lex.get('max_name_words', 4))}}}?"
    # a Latin product name just before a CJK count: "H100 GPU 3,584개", "Gaudi2 384개"
    product = r"(?-i:[A-Za-z][\w.-]*\d[\w.-]*|[A-Z]{2,}\d*)"
    times = re.escape(lex.get("times_suffix", "x"))
    ci = re.IGNORECASE
    patterns = (
        (re.compile(rf"{left}{num}(?:[\s-]*(?:{counters}))?[\s-]*{names}(?:{acc})(?![A-Za-z])", ci),
         "accelerators"),
        (re.compile(rf"{left}{num}(?:[\s-]*(?:{counters}))?[\s-]*{names}(?:{node})(?![A-Za-z])", ci),
         "nodes"),
        (re.compile(rf"(?:{acc}|{product})\s*{num}\s*(?:{counters})"), "accelerators"),
        (re.compile(rf"(?:{node})\s*{num}\s*(?:{counters})"), "nodes"),
        (re.compile(rf"{left}{num}\s*(?:{node_counters})"), "nodes"),
        # "DGX A100 x8": a product name, then x and a count of nodes
        (re.compile(rf"(?<=[A-Za-z0-9])\s+{times}\s?(?P<num>\d{{1,4}})(?![\w.])"), "nodes"),
    )
    return _Patterns(words, patterns)


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
    >>> scale_mentions("10 minutes on H100 GPUs"), scale_mentions(None)
    ((), ())
    """
    if not isinstance(sentence, str) or not sentence:
        return ()
    p = _patterns()
    found: list[ScaleMention] = []
    for pattern, kind in p.patterns:
        for m in pattern.finditer(sentence):
            n = _count(m.group("num"), p.numbers)
            if n is None or any(f.start < m.end() and m.start() < f.end for f in found):
                continue
            found.append(ScaleMention(m.start(), m.end(), kind, n))
    return tuple(sorted(found, key=lambda f: f.start))


def scale_at(sentence: str, at: int | None, clause: tuple[int, int] | None = None
             ) -> ScaleMention | None:
    """The scale that speaks for the number at `at` (module docstring); a count that is
    itself the scale ("on 64 chips" read as a count) speaks for itself.

    >>> s = "BERT took 18.4 min on one node and 2.9 min on eight nodes"
    >>> scale_at(s, s.index("18.4"), (0, s.index(" and"))).count, scale_at(s, s.index("2.9"), (s.index(" and"), len(s))).count
    (1, 8)
    >>> scale_at(s, s.index("18.4")) is None
    True
    """
    mentions = scale_mentions(sentence)
    if not mentions or at is None:
        return None
    if clause is not None:
        inside = [m for m in mentions if clause[0] <= m.start < clause[1]]
        if inside:
            return inside[0] if len({(m.kind, m.count) for m in inside}) == 1 else None
    if len({(m.kind, m.count) for m in mentions}) == 1:
        return mentions[0]
    return None
