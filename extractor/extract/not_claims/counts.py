"""What a count counts, for the rules of the claim stage: people, companies or software
updates (`counts_off_topic`: no benchmark claim) or a model's parameters
(`counts_parameters`: a claim even when its sentence names no model). The words are data:
`lexicons/claims_not.json` off_topic_counts, `lexicons/claims_counts.json`.
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor import lexicons
from extractor.extract.numbers.quantity_types import Quantity


@lru_cache(maxsize=1)
def off_topic_nouns() -> frozenset[str]:
    return frozenset(w.lower() for w in lexicons.load("claims_not.json").get("off_topic_counts", ()))


@lru_cache(maxsize=1)
def _off_topic_stems() -> tuple[str, ...]:
    """The off-topic nouns not in ASCII (Korean, Chinese): a counter with more glued to
    it (명이, 家公司) still counts them; one `startswith` tries them all."""
    return tuple(w for w in off_topic_nouns() if not w.isascii())


#: the blanks, digits and separators before a count's noun ("50 other members")
_COUNT_SEPARATORS = re.compile(r"[\s\d.,]+")


def counts_off_topic(surface: str) -> bool:
    """A count of people, companies or software updates is no benchmark claim
    (`claims_not.json` off_topic_counts).

    >>> counts_off_topic("three updates"), counts_off_topic("50 other members"), counts_off_topic("12명")
    (True, True, True)
    >>> counts_off_topic("4 servers"), counts_off_topic("2,048颗")
    (False, False)
    """
    text = (surface or "").strip().lower()
    last = _COUNT_SEPARATORS.split(text)[-1] if text else ""
    if not last:
        return False
    words = off_topic_nouns()
    return last in words or last.rstrip("s") in words or \
        (not last.isascii() and last.startswith(_off_topic_stems()))


@lru_cache(maxsize=None)
def _claim_count_regex() -> re.Pattern:
    lex = lexicons.load("claims_counts.json")
    words = sorted({w for lg in ("en", "ko", "zh") for w in lex.get(lg, ())}, key=len, reverse=True)
    return re.compile(r"\s*(?:[개個个]\s*(?:의\s*)?)?(?:" + "|".join(re.escape(w) for w in words)
                      + r")", re.IGNORECASE)


def counts_parameters(sentence: str, q: Quantity) -> bool:
    """The number counts a model's parameters (`lexicons/claims_counts.json`): a claim
    even when the sentence names no model.

    >>> s = "60억개 매개변수를 갖춘 LLM"
    >>> counts_parameters(s, Quantity("60억개", 0, 5, 6e9, unit="count"))
    True
    >>> counts_parameters("a 480 billion parameter model", Quantity("480 billion", 2, 13, 4.8e11, unit="count"))
    True
    >>> counts_parameters("50 members", Quantity("50", 0, 2, 50, unit="count"))
    False
    """
    return _claim_count_regex().match(sentence, q.end) is not None or \
        _claim_count_regex().search(q.surface or "") is not None
