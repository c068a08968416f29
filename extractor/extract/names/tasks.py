"""MLPerf benchmark tasks named in words: "医学影像分割", "speech recognition", "이미지 분류".

A page about MLPerf often names a benchmark by its task rather than its reference model
("...将医学影像分割、语音识别、推荐系统和自然语言理解任务的AI训练速度分别提升18%、14%、11%和8%").
`find_tasks` gives such phrases as WORKLOAD entities of the benchmark's canonical name
(`lexicons/mlperf_tasks.json`); the claim stage asks for them only on pages whose context
is an MLPerf suite, since elsewhere "speech recognition" is no particular model.
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor import lexicons
from extractor.extract.text.cues import folds_exactly, words_regex
from extractor.extract.names.entities import WORKLOAD, Entity
from extractor.extract.text.literal_gates import fold_ascii_case


@lru_cache(maxsize=None)
def _tasks() -> tuple[re.Pattern | None, dict[str, str], bool]:
    """(pattern of the phrases, canonical name by phrase, whether the pattern is searched
    in the case-folded page). A whole page is searched: case-sensitively in the page
    folded as the engine folds case (`fold_ascii_case`) where the phrases allow it, since
    a case-insensitive search tries the phrases at every letter (profiled: 8x slower on a
    long page, a twentieth of the stage on pages about MLPerf)."""
    by_phrase = {phrase.lower(): canonical
                 for canonical, phrases in lexicons.load("mlperf_tasks.json")["tasks"].items()
                 for phrase in phrases}
    folded = folds_exactly(by_phrase)
    return words_regex(by_phrase, folded=folded), by_phrase, folded


def find_tasks(text: str) -> list[Entity]:
    """Benchmark tasks named in words, as WORKLOAD entities.

    >>> [(e.text, e.canonical) for e in find_tasks("语音识别、推荐系统任务分别提升14%、11%")]
    [('语音识别', 'RNN-T'), ('推荐系统', 'DLRM')]
    >>> [e.canonical for e in find_tasks("BERT for natural language processing")]
    ['BERT']
    """
    rx, by_phrase, folded = _tasks()
    if rx is None or not text:
        return []
    # folding keeps every character's offset (fold_ascii_case)
    return [Entity(m.start(), m.end(), text[m.start():m.end()], WORKLOAD, by_phrase[m.group().lower()])
            for m in rx.finditer(fold_ascii_case(text) if folded else text)]
