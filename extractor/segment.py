"""Sentence segmentation for Korean, Chinese and English text, with character offsets.

FIRST VERSION (issue 2): splits at line breaks and at sentence-final punctuation.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# A sentence ends at 。！？ (CJK full stops need no following space) or at . ! ? followed
# by white space. A '?' inside a run of '?' is a lost letter, not a question mark.
_BOUNDARY = re.compile(r"(?<=[。！？])|(?<=[.!])\s+|(?<=[^?]\?)\s+(?!\?)|\n+")


@dataclass
class Sentence:
    start: int
    end: int
    text: str


def split_sentences(text: str) -> list[Sentence]:
    """Split `text` into sentences; offsets index into `text`.

    >>> [s.text for s in split_sentences("It took 28.3 minutes. 訓練時間為5.78分鐘。很快")]
    ['It took 28.3 minutes.', '訓練時間為5.78分鐘。', '很快']
    """
    sentences = []
    pos = 0
    for m in _BOUNDARY.finditer(text):
        _add(text, pos, m.start(), sentences)
        pos = m.end()
    _add(text, pos, len(text), sentences)
    return sentences


def _add(text: str, start: int, end: int, out: list[Sentence]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        out.append(Sentence(start, end, text[start:end]))
