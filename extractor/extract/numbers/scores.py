"""Benchmark scores: a number without unit that a sentence gives as the score of a
benchmark suite ("scored 2,900 in Geekbench 6", "긱벤치 6 싱글코어 점수는 2,200점",
"安兔兔跑分超过200万分") or of a dimensionless index (the export-control TPP: "a TPP of
4,800"). CLAIMS.md: such a score has an empty unit, quantity `unknown`, metric `other`,
and the benchmark (Geekbench 6, AnTuTu) as workload; an index is no workload.

The suites and indices are `lexicons/claims_scores.json`; a version written right after
a suite's name ("Geekbench 6", "Cinebench R23", "安兔兔V10") is part of the name, not a
score.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from extractor import lexicons

#: a version right after a suite's name: "6", "R23", "V10", "2024"
_VERSION = r"(?:[\s\-]?(?:[vVrR]?\d{1,4}(?:\.\d+)?)(?!\d|,\d))?"


#: a capitalised, Chinese or Korean word right before a number: a model number's
#: ("Dimensity 9300", "天玑9300", "엑시노스 2400")
_NAME_BEFORE = re.compile(r"(?:(?<![A-Za-z])[A-Z][A-Za-z]*|[\u4e00-\u9fff\uac00-\ud7a3]+)\s?$")


def _model_number(sentence: str, start: int, end: int) -> bool:
    """The number is part of a model's name: written without separators right after a
    word, with no score word before it or score unit after it ("점수 2900점" is a score).

    >>> _model_number("天玑9300拿下了213万分", 2, 6), _model_number("싱글코어 점수 2900점", 9, 13)
    (True, False)
    """
    if "," in sentence[start:end] or not _NAME_BEFORE.search(sentence[max(0, start - 24):start]):
        return False
    before, after = _score_words()
    head = sentence[max(0, start - 12):start].rstrip().lower()
    tail = sentence[end:end + 8].lstrip().lower()
    return not (head.endswith(before) or tail.startswith(after))


@lru_cache(maxsize=1)
def _score_words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    words = lexicons.load("claims_scores.json")["score_words"]
    return tuple(w.lower() for w in words["before"]), tuple(w.lower() for w in words["after"])


@dataclass(frozen=True)
class ScoreName:
    """A suite or index named in a sentence: its span there (with its version) and the
    workload its scores take ("" for an index)."""

    start: int
    end: int
    workload: str


@lru_cache(maxsize=1)
def _names_regex() -> tuple[re.Pattern, dict[str, str], float]:
    lex = lexicons.load("claims_scores.json")
    canon: dict[str, str] = {}
    for name, forms in lex["benchmarks"].items():
        canon.update((f.lower(), name) for f in forms)
    canon.update((f.lower(), "") for f in lex["indices"])
    forms = sorted(canon, key=len, reverse=True)
    alts = [(r"(?<![A-Za-z])" if f[:1].isascii() and f[:1].isalpha() else "") + re.escape(f)
            + (r"(?![A-Za-z])" if f[-1:].isascii() and f[-1:].isalpha() else "") for f in forms]
    rx = re.compile(f"(?:{'|'.join(alts)}){_VERSION}", re.IGNORECASE)
    return rx, canon, float(lex.get("min_score", 0))


@lru_cache(maxsize=4096)
def score_names(sentence: str) -> tuple[ScoreName, ...]:
    """The suites and indices a sentence names, in order (kept per sentence: the
    not-a-claim rule and the claim stage ask for the same sentence's).

    >>> [(n.workload, n.end - n.start) for n in score_names("scored 2,900 in Geekbench 6 single-core")]
    [('Geekbench 6', 11)]
    >>> [n.workload for n in score_names("Gaudi 3 has a TPP of 4800.")]
    ['']
    """
    rx, canon, _min = _names_regex()
    low = sentence.lower()
    for form in canon:  # the cheap test first: most name none (a loop: no generator a sentence)
        if form in low:
            break
    else:
        return ()
    out = []
    for m in rx.finditer(sentence):
        text = m.group(0)
        base = next((f for f in sorted(canon, key=len, reverse=True) if text.lower().startswith(f)), "")
        name = canon.get(base, "")
        version = text[len(base):].strip(" -")
        workload = f"{name} {version}".strip() if name and version else name
        out.append(ScoreName(m.start(), m.end(), workload))
    return tuple(out)


def score_of(sentence: str, start: int, end: int, value: float | None,
             names: list[ScoreName] | None = None) -> ScoreName | None:
    """The suite or index whose score the number at [start, end) of `sentence` is: the
    one named nearest to it (before it first), when the number is no part of a name
    ("Geekbench 6") and at least `min_score`.

    >>> s = "The Snapdragon X Elite scored 2,900 in Geekbench 6 single-core and 14,000 in multi-core."
    >>> score_of(s, s.index("2,900"), s.index("2,900") + 5, 2900).workload
    'Geekbench 6'
    >>> score_of(s, s.index("6 single"), s.index("6 single") + 1, 6) is None
    True
    >>> s = "Dimensity 9300在安兔兔V10中跑分为2,130,000分"
    >>> score_of(s, 10, 14, 9300) is None, score_of(s, s.index("2,1"), s.index("2,1") + 9, 2130000).workload
    (True, 'AnTuTu V10')
    """
    names = score_names(sentence) if names is None else names
    _rx, _canon, min_score = _names_regex()
    if not names or value is None or value < min_score:
        return None
    if any(n.start <= start < n.end for n in names) or _model_number(sentence, start, end):
        return None  # "Geekbench 6", "Dimensity 9300": a number of a name
    before = [n for n in names if n.end <= start]
    return before[-1] if before else min(names, key=lambda n: n.start - end)


def column_score(header: str, value: float | None) -> ScoreName | None:
    """The suite or index whose scores a table column holds, by its header cell
    ("Geekbench 6 single-core", "安兔兔V10跑分", "긱벤치 6 점수"), when `value` is at least
    `min_score` (a smaller number there is a rank or a count).

    >>> column_score("Geekbench 6 multi-core", 14000).workload, column_score("安兔兔V10跑分", 2130000).workload
    ('Geekbench 6', 'AnTuTu V10')
    >>> column_score("Geekbench 6 multi-core", 6) is None, column_score("Memory (GB)", 80) is None
    (True, True)
    """
    names = score_names(header) if header else ()
    _rx, _canon, min_score = _names_regex()
    if not names or value is None or value < min_score:
        return None
    return names[0]
