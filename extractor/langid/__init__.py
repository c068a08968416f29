"""Language identification per page and per sentence.

- `identify(text) -> LangResult`: a BCP-47 tag (`ko`, `zh-Hans`, `zh-Hant`, `en`, `ja`,
  another language langdetect knows, or `und`) and a confidence in [0, 1].
- `tag_page(cleaned) -> TaggedPage`: the page's sentences, each with its language, and
  the page's main language, with the page's loss.

How a text is decided, cheapest evidence first:

1. Scripts (`scripts.count_scripts`). Hangul is Korean, Kana Japanese; Han is Japanese
   when Kana is about, Korean (Hanja) when Hangul is, else Chinese. Latin letters count
   as running-text words or as names (`IPU-POD16`, `MLPerf`), names weighing little,
   since every language writes them in Latin. A CJK letter weighs about a Latin word's
   worth of letters (`langid_scripts.json`). The heaviest language wins, so a Korean
   sentence full of product names is `ko` and an English one with a Chinese brand in
   it is `en`.
2. Loss: when most of the evidence was lost to '?', U+FFFD or undecoded UTF-8, or too
   little is left, the answer is `und`, never a guess from the product names that
   survived. URLs, TeX, HTML tags and program text (JavaScript, CSS) are no language's
   evidence either.
3. Chinese variant from OpenCC's character tables (`chinese.variant_evidence`).
4. Only for scripts shared by several languages (Latin, Cyrillic, ...): langdetect's
   n-gram profiles, scored exactly (deterministic, no sampling) and combined with a
   prior for English, or for the page's own language when tagging its sentences
   (`ngrams.language_probabilities`).

The confidence is the product of the winner's share of all evidence (lost letters
included), of how much evidence there is, and of the variant's or the n-gram model's
own probability: one Hangul syllable is a weaker `ko` than a sentence of them.
"""
from __future__ import annotations

from extractor.langid.decide import (UND, LangDecision, LangIdConfig, LangResult, TaggedPage,
                                     TaggedSentence, explain, identify)
from extractor.langid.page import tag_page

__all__ = ["LangDecision", "LangIdConfig", "LangResult", "TaggedPage", "TaggedSentence", "UND",
           "explain", "identify", "tag_page"]
