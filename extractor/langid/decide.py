"""How one text's language is decided (`identify`, `explain`) and the records that say it;
the package docstring (`extractor.langid`) tells the order of the evidence."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field

from extractor.langid.chinese import VariantEvidence, variant_evidence
from extractor.langid.ngram_batch import NgramQuery, batch_probabilities, probabilities
from extractor.langid.scripts import ScriptCounts, count_scripts, script_letters, script_table
from extractor.segment import SegmentConfig, Sentence

logger = logging.getLogger(__name__)


@dataclass
class LangIdConfig:
    """Options of language identification."""

    #: less evidence than this (in Latin-letter units; a CJK letter counts 3) -> `und`
    min_letters: int = 3
    #: `und` when letters lost to '?'/U+FFFD make at least this share of the evidence
    max_lost_share: float = 0.5
    #: weight of a Latin letter inside a name (`IPU-POD16`, `MLPerf`) against a word's
    name_weight: float = 0.25
    #: Latin text with at least this many of `{};=` ...
    min_code_symbols: int = 4
    #: ... at least this share of its Latin letters is program text, no language's evidence
    code_symbol_share: float = 0.05
    #: Han letters go to Japanese when Kana make at least this share of Han + Kana
    min_kana_share: float = 0.05
    #: Han letters go to Korean (Hanja) when Hangul make at least this share of Han + Hangul
    min_hangul_share: float = 0.2
    #: evidence at which confidence reaches one half (grows as n / (n + this))
    evidence_scale: float = 3.0
    #: language assumed for Latin-script text until its n-grams say otherwise ...
    latin_prior_lang: str = "en"
    #: ... and its prior probability (the other candidates share the rest)
    latin_prior: float = 0.99
    #: tempering of the n-gram log-likelihood (overlapping 1/2/3-grams count letters thrice)
    ngram_weight: float = 1 / 3
    #: further tempering when a Latin text has no lower-case word (names, headings)
    titles_only_weight: float = 0.25
    #: n-gram scoring: `exact` (every n-gram, deterministic) or `sampled` (langdetect's
    #: own randomised detector, seeded with `seed`)
    method: str = "exact"
    #: seed for langdetect's detector when `method="sampled"`
    seed: int = 0
    #: the n-gram model reads at most this many characters of a text (sampled evenly)
    max_ngram_chars: int = 800
    #: a longer text (a page) is read in evenly spaced windows of this many characters
    #: in all: its language does not change between them, and the cost stays bounded
    max_scan_chars: int = 3000
    #: in `tag_page`, a sentence whose evidence for the page's language is at least this
    #: share of all its evidence takes the page's language (mixed sentences)
    mixed_share: float = 0.35
    #: variant of Chinese text with no character that tells
    default_zh_variant: str = "Hans"
    #: a page whose cleaning lost at least this share of its letters is `und`
    max_page_lossy_ratio: float = 0.5
    #: sentence segmentation
    segment: SegmentConfig = field(default_factory=SegmentConfig)


@dataclass(frozen=True)
class LangResult:
    """A BCP-47 tag and a confidence in [0, 1]; `UND` (confidence 0) when undetermined."""

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

    def as_dict(self) -> dict:
        return {"lang": self.lang, "confidence": self.confidence}


UND = LangResult("und", 0.0)


@dataclass
class TaggedSentence:
    """A sentence of a page (offsets into the cleaned text) with its language."""

    sentence: Sentence
    lang: LangResult
    #: the sentence overlaps text the cleaning stage marked as lost
    lossy: bool = False

    def as_dict(self) -> dict:
        return {**self.sentence.as_dict(), **self.lang.as_dict(), "lossy": self.lossy}


@dataclass
class TaggedPage:
    """A cleaned page with its main language, its tagged sentences and its loss (copied
    from the cleaning stage, for documents.csv)."""

    cleaned: object  # extractor.clean.CleanedPage
    lang: LangResult
    sentences: list[TaggedSentence] = field(default_factory=list)
    lossy: bool = False
    lossy_ratio: float = 0.0

    @property
    def doc_id(self) -> str:
        return self.cleaned.doc_id

    def as_dict(self) -> dict:
        return {"doc_id": self.doc_id, **self.lang.as_dict(), "lossy": self.lossy,
                "lossy_ratio": self.lossy_ratio,
                "sentences": [s.as_dict() for s in self.sentences]}


# langdetect's codes that differ from the BCP-47 tags we write.
_LANGDETECT_TAGS = {"zh-cn": "zh-Hans", "zh-tw": "zh-Hant"}


@dataclass
class LangDecision:
    """How `identify` decided: the evidence it weighed and why it answered as it did.

    `reason` is `script` (the script named the language), `ngrams` (langdetect's
    profiles chose among a script's languages), `lost` (letters lost to '?' outweigh
    what is left), `too_little` (not enough letters) or `empty`.
    """

    result: LangResult
    reason: str
    counts: ScriptCounts | None = None
    evidence: dict[str, float] = field(default_factory=dict)
    lost: float = 0.0
    variant: VariantEvidence | None = None
    ngram_probabilities: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict:
        top = sorted(self.ngram_probabilities.items(), key=lambda kv: -kv[1])[:3]
        return {**self.result.as_dict(), "reason": self.reason,
                "counts": self.counts.as_dict() if self.counts else None,
                "evidence": {k: round(v, 2) for k, v in self.evidence.items()},
                "lost": self.lost, "variant": self.variant.as_dict() if self.variant else None,
                "ngram_probabilities": {k: round(v, 4) for k, v in top}}


def identify(text: str, config: LangIdConfig | None = None) -> LangResult:
    """The language of `text`, or `UND`. Never raises.

    >>> identify("IPU-POD16에서 ResNet-50 학습에 28.3분이 걸렸습니다.").lang
    'ko'
    >>> identify("在IPU-POD128上訓練ResNet-50的時間為5.67分鐘").lang
    'zh-Hant'
    >>> identify("Raising the bar: 91视频APP's first MLPerf results").lang
    'en'
    >>> identify("ResNet-50? ?? ??? IPU-POD16?? 28.3?? ?? ??, DGX A100??? 29.1??") is UND
    True
    """
    return explain(text, config).result


def explain(text: str, config: LangIdConfig | None = None) -> LangDecision:
    """`identify`, with the evidence behind its answer. Never raises.

    >>> explain("?????? MLPerf? ??? ?? ???? ? ?? ??? ????.").reason
    'lost'
    >>> explain("Graphcore의 IPU-POD16은 빠릅니다").evidence["ko"] > explain("Graphcore의 IPU-POD16은 빠릅니다").evidence["latin"]
    True
    """
    return explain_deferring(text, config or LangIdConfig(), None)


@dataclass
class DeferredNgrams:
    """A decision whose n-gram step is left to `resolve_deferred`, which scores the
    sentences of a page together: per sentence, numpy's call overhead on arrays of a few
    dozen numbers outweighed the arithmetic."""

    decision: LangDecision
    query: NgramQuery
    script: str
    script_confidence: float


def explain_deferring(text: str, config: LangIdConfig,
                      deferred: list[DeferredNgrams] | None) -> LangDecision:
    """`explain`; when `deferred` is a list, a decision that needs the n-gram model is
    appended to it instead, its result `UND` until `resolve_deferred(deferred, config)`."""
    if not isinstance(text, str) or not text:
        return LangDecision(UND, "empty")
    try:
        return _decide(text, config, deferred)
    except Exception:  # bad input must never stop a run; say what happened
        logger.exception("language identification failed on %r", text[:80])
        return LangDecision(UND, "error")


def resolve_deferred(deferred: list[DeferredNgrams], config: LangIdConfig) -> None:
    """Give each deferred decision its n-gram result, all scored in one batch; the same
    results as `explain` gives one at a time (tests/test_langid_ngrams.py)."""
    try:
        all_probs = batch_probabilities([d.query for d in deferred])
    except Exception:  # never stop a run: fall back to one text at a time
        logger.exception("batched n-gram scoring failed on %d texts", len(deferred))
        all_probs = None
    for i, d in enumerate(deferred):
        try:
            probs = all_probs[i] if all_probs is not None else probabilities(d.query)
            d.decision.result, d.decision.ngram_probabilities = _ngram_result(
                probs, d.script, d.script_confidence, config)
        except Exception:
            logger.exception("language identification failed on %r", d.query.text[:80])
            d.decision.result, d.decision.reason = UND, "error"


def _decide(text: str, config: LangIdConfig, deferred: list[DeferredNgrams] | None = None) -> LangDecision:
    if len(text) > config.max_scan_chars:
        text = _even_windows(text, config.max_scan_chars)
    counts = count_scripts(text, config.max_ngram_chars)
    evidence = _evidence_by_language(counts, config)
    total = sum(evidence.values())
    lost = counts.lost * script_table()["han"].weight  # what '?' replaced was mostly CJK
    decision = LangDecision(UND, "too_little", counts, evidence, lost)
    if lost and lost >= config.max_lost_share * (lost + total):
        decision.reason = "lost"
        return decision
    if not evidence:
        return decision
    group, weight = max(evidence.items(), key=lambda kv: kv[1])
    if weight < config.min_letters:
        return decision
    share = weight / (total + lost)
    strength = weight / (weight + config.evidence_scale)
    decision.reason = "script"
    if group == "zh":
        decision.variant = variant_evidence(text)
        variant, sure = decision.variant.decide(config.default_zh_variant)
        decision.result = _result(f"zh-{variant}", share * strength * sure)
        return decision
    script = script_table().get(group)
    if script is None or script.lang:
        decision.result = _result(script.lang if script else group, share * strength)
        return decision
    decision.reason = "ngrams"
    query = _ngram_query(text, counts, script.name, script.candidates, config)
    if deferred is not None:
        deferred.append(DeferredNgrams(decision, query, script.name, share * strength))
        return decision
    decision.result, decision.ngram_probabilities = _ngram_result(
        probabilities(query), script.name, share * strength, config)
    return decision


def _evidence_by_language(counts: ScriptCounts, config: LangIdConfig) -> dict[str, float]:
    """Weighted evidence per language (`ko`, `ja`, `zh`) or per shared script (`latin`, ...)."""
    table = script_table()
    n = counts.letters
    han, hangul, kana = n.get("han", 0), n.get("hangul", 0), n.get("kana", 0)
    out: dict[str, float] = {}
    han_to = "zh"
    if kana and kana >= config.min_kana_share * (han + kana):
        han_to = "ja"
    elif hangul and hangul >= config.min_hangul_share * (han + hangul):
        han_to = "ko"
    if hangul:
        out["ko"] = hangul * table["hangul"].weight
    if kana:
        out["ja"] = kana * table["kana"].weight
    if han:
        out[han_to] = out.get(han_to, 0.0) + han * table["han"].weight
    latin = counts.latin_word_letters + config.name_weight * counts.latin_name_letters
    if counts.code_symbols >= config.min_code_symbols and \
            counts.code_symbols >= config.code_symbol_share * n.get("latin", 0):
        latin = 0  # `var bp = document.createElement(...)`: program text is no language
    if latin:
        out["latin"] = latin * table["latin"].weight
    for name, count in n.items():
        if name not in ("han", "hangul", "kana", "latin"):
            script = table[name]
            key = script.lang or name
            out[key] = out.get(key, 0.0) + count * script.weight
    return out


def _ngram_query(text: str, counts: ScriptCounts, script: str, candidates: tuple[str, ...],
                 config: LangIdConfig) -> NgramQuery:
    """What the n-gram model is asked about a text of a script shared by languages."""
    sample = (counts.latin_sample if script == "latin"
              else script_letters(text, script, config.max_ngram_chars))
    titles_only = script == "latin" and counts.latin_lower_letters == 0
    # Capitalised words only ("Chen Jin & Phil Brown", "Performance Results"): names and
    # headings, whose spelling says far less about the language than running text.
    weight = config.ngram_weight * (config.titles_only_weight if titles_only else 1.0)
    return NgramQuery(sample, candidates, config.latin_prior_lang,
                      config.latin_prior if script == "latin" else 0.0,
                      weight, config.method, config.seed)


def _ngram_result(probs: dict[str, float], script: str, script_confidence: float,
                  config: LangIdConfig) -> tuple[LangResult, dict[str, float]]:
    """The language the n-gram model's probabilities name (the Latin prior's when it
    knew no n-gram of the text)."""
    if not probs:
        if script == "latin" and config.latin_prior_lang:
            return _result(config.latin_prior_lang, script_confidence * config.latin_prior), {}
        return UND, {}
    lang = max(probs, key=probs.get)  # (the first of equals, as before; no lambda per item)
    p = probs[lang]
    return _result(_LANGDETECT_TAGS.get(lang, lang), script_confidence * p), probs


def _even_windows(text: str, max_chars: int, n_windows: int = 12) -> str:
    """About `max_chars` of `text` in `n_windows` evenly spaced pieces, each cut at white
    space where there is some, so that few words are split.

    >>> len(_even_windows("word " * 10000, 600)) <= 600
    True
    """
    size = max(1, max_chars // n_windows)
    step = max(size, len(text) // n_windows)
    pieces = []
    for lo in range(0, len(text), step):
        hi = lo + size
        if lo:
            space = text.find(" ", lo, hi)
            lo = space + 1 if space >= 0 else lo
        cut = text.rfind(" ", lo, hi)
        pieces.append(text[lo:cut if cut > lo else hi])
    return "\n".join(pieces)


def _result(lang: str, confidence: float) -> LangResult:
    return LangResult(lang, round(min(1.0, max(0.0, confidence)), 3))
