"""A page's sentences tagged with their languages (`tag_page`), the page's own language
informing the sentences that say little themselves."""
from __future__ import annotations

from dataclasses import replace

from extractor.langid.chinese import variant_evidence
from extractor.langid.decide import (UND, DeferredNgrams, LangDecision, LangIdConfig, LangResult,
                                     TaggedPage, TaggedSentence, _result, explain_deferring,
                                     identify, resolve_deferred)
from extractor.langid.scripts import script_table
from extractor.segment import split_sentences


def tag_page(cleaned, config: LangIdConfig | None = None) -> TaggedPage:
    """Split a CleanedPage into sentences and tag each, and the page, with a language.

    The page's language is identified on its whole text (the same `identify` as for a
    line); a page that cleaning found mostly lost is `und` whatever survived. The page
    then informs its sentences where they say little themselves: on a German page a
    short Latin heading is German unless its n-grams say otherwise (the page's language
    becomes the Latin prior), and a Chinese sentence without a telling character takes
    the page's variant.
    """
    config = config or LangIdConfig()
    text = getattr(cleaned, "text", "") or ""
    lossy = bool(getattr(cleaned, "lossy", False))
    lossy_ratio = float(getattr(cleaned, "lossy_ratio", 0.0) or 0.0)
    is_lossy_at = getattr(cleaned, "is_lossy_at", None)
    page_lang = identify(text, config)
    if lossy and lossy_ratio >= config.max_page_lossy_ratio:
        page_lang = UND
    sentence_config = config
    if page_lang.lang != config.latin_prior_lang and page_lang.lang in script_table()["latin"].candidates:
        sentence_config = replace(config, latin_prior_lang=page_lang.lang)
    page_group = _evidence_group(page_lang)
    pieces = split_sentences(text, config.segment)
    deferred: list[DeferredNgrams] = []
    decisions = [explain_deferring(s.text, sentence_config, deferred) for s in pieces]
    resolve_deferred(deferred, sentence_config)  # the page's n-gram scoring, in one batch
    sentences = []
    for s, decision in zip(pieces, decisions):
        sentence_lossy = bool(is_lossy_at(s.start, s.end)) if lossy and is_lossy_at else False
        lang = decision.result
        if page_group and lang is not UND and lang.base != page_lang.base:
            lang = _mixed_toward_page(decision, page_lang, page_group, config) or lang
        sentences.append(TaggedSentence(s, lang, sentence_lossy))
    if page_lang.zh_variant:
        _inherit_zh_variant(sentences, page_lang.zh_variant)
    return TaggedPage(cleaned=cleaned, lang=page_lang, sentences=sentences, lossy=lossy,
                      lossy_ratio=lossy_ratio)


def _evidence_group(lang: LangResult) -> str:
    """The key of `LangDecision.evidence` that speaks for `lang` ('' for `und`)."""
    if lang is UND or lang.lang == "und":
        return ""
    if lang.base in ("ko", "ja", "zh"):
        return lang.base
    for name, script in script_table().items():
        if lang.lang == script.lang:
            return script.lang
        if lang.lang in script.candidates:
            return name
    return lang.lang


def _mixed_toward_page(decision: LangDecision, page_lang: LangResult, group: str,
                       config: LangIdConfig) -> LangResult | None:
    """The page's language for a sentence that mixes it with another one heavily enough
    (`91视频APP systems` on an English page, `该模型使用了mixed precision training` on a
    Chinese one): which language carries the sentence is then the page's to say. None
    when the sentence is clearly in its own language."""
    total = sum(decision.evidence.values())
    share = decision.evidence.get(group, 0.0) / total if total else 0.0
    if share < config.mixed_share:
        return None
    if page_lang.zh_variant and decision.variant and decision.variant.simplified != decision.variant.traditional:
        variant, _ = decision.variant.decide()  # the sentence's own characters tell
        return _result(f"zh-{variant}", share * page_lang.confidence)
    return _result(page_lang.lang, share * page_lang.confidence)


def _inherit_zh_variant(sentences: list[TaggedSentence], variant: str) -> None:
    """A Chinese sentence with no character that tells Simplified from Traditional
    ("本文引用地址") is written like the rest of its page."""
    for ts in sentences:
        if ts.lang.zh_variant and ts.lang.zh_variant != variant:
            evidence = variant_evidence(ts.sentence.text)
            if evidence.simplified == evidence.traditional:
                ts.lang = LangResult(f"zh-{variant}", ts.lang.confidence)
