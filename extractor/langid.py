"""Language identification per page and per sentence.

FIRST VERSION (issue 2); issue 4 deepens it. Contract:

- `identify(text) -> LangResult`: BCP-47 tag (`ko`, `zh-Hans`, `zh-Hant`, `en`, `ja`,
  other langdetect languages, or `und`) and a confidence in [0, 1].
- `tag_page(cleaned) -> TaggedPage`: the page's sentences, each with its language, and
  the page's main language.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field

from extractor.segment import Sentence, split_sentences

logger = logging.getLogger(__name__)


@dataclass
class LangIdConfig:
    """Options of language identification."""

    #: fewer letters than this (after digits, punctuation and '?' are ignored) -> `und`
    min_letters: int = 3
    #: seed for langdetect, which is random otherwise
    seed: int = 0


@dataclass(frozen=True)
class LangResult:
    lang: str
    confidence: float

    @property
    def zh_variant(self) -> str:
        """`Hans`, `Hant` or '' (documents.csv `zh_variant`)."""
        return self.lang.split("-", 1)[1] if self.lang.startswith("zh-") else ""

    @property
    def base(self) -> str:
        """The language without script: `zh` for `zh-Hant`."""
        return self.lang.split("-", 1)[0]


UND = LangResult("und", 0.0)


@dataclass
class TaggedSentence:
    sentence: Sentence
    lang: LangResult


@dataclass
class TaggedPage:
    cleaned: object  # extractor.clean.CleanedPage
    lang: LangResult
    sentences: list[TaggedSentence] = field(default_factory=list)

    @property
    def doc_id(self) -> str:
        return self.cleaned.doc_id


def _script_counts(text: str) -> dict[str, int]:
    counts = {"hangul": 0, "han": 0, "kana": 0, "latin": 0}
    for ch in text:
        o = ord(ch)
        if 0xAC00 <= o <= 0xD7A3 or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F:
            counts["hangul"] += 1
        elif 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF:
            counts["han"] += 1
        elif 0x3040 <= o <= 0x30FF:
            counts["kana"] += 1
        elif ch.isascii() and ch.isalpha():
            counts["latin"] += 1
    return counts


def identify(text: str, config: LangIdConfig | None = None) -> LangResult:
    config = config or LangIdConfig()
    c = _script_counts(text)
    total = sum(c.values())
    if total < config.min_letters:
        return UND
    if c["hangul"] >= max(c["han"], c["kana"]) and c["hangul"] > 0:
        return LangResult("ko", round(c["hangul"] / (c["hangul"] + c["han"] + c["kana"]), 3))
    if c["kana"] > 0:
        return LangResult("ja", 0.9)
    if c["han"] > 0:
        from opencc import OpenCC  # noqa: PLC0415

        simplified = OpenCC("t2s").convert(text)
        lang = "zh-Hans" if simplified == text else "zh-Hant"
        return LangResult(lang, 0.9)
    return LangResult("en", 0.5)


def tag_page(cleaned, config: LangIdConfig | None = None) -> TaggedPage:
    sentences = [TaggedSentence(s, identify(s.text, config)) for s in split_sentences(cleaned.text)]
    page_lang = identify(cleaned.text, config)
    if cleaned.lossy and cleaned.lossy_ratio > 0.5:
        page_lang = UND
    return TaggedPage(cleaned=cleaned, lang=page_lang, sentences=sentences)
