"""What a claim's kind lets it take: a system, a workload, and from where.

CLAIMS.md: a page, a caption or a heading that names one system or workload gives it to
the claims below that name none, *where the claim is of a kind that system or workload
has*. A memory size, a bandwidth, a power draw, a compute figure or a price is a property
of the hardware: it is measured on no model, so it takes a workload only where its own
sentence names one ("serving Llama 3 70B at $0.60/M tokens"), never the page's model
("141GB of HBM3e" on a page about GPT-3 training); an efficiency per watt, a model of its
own clause only. A speed-up or an improvement takes
one from its sentence, or from the sentence before when it refers back to it ("這項成績
較上一輪... 高出2.7倍"). Times-to-train, throughputs, latencies and accuracies are
measured on a model: they inherit one as before. A count of a named model's parameters
is the model's, not the hardware's ("라마2 7B(매개변수 70억개)": no system), so is a
model's accuracy (hardware reaches it; only its own sentence names a system), and a
figure of a market or a business takes no system.

`claim_kind` reads the kind; `ClaimKind.allows_workload` says whether a workload found at
a source (the `link` column's words: clause, sentence, previous_sentence, page_topic, ...)
may attach, and `ClaimKind.reason` is what the `link` column records when none may.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from extractor import lexicons
from extractor.extract.quantities.quantities import Quantity

#: sources that lie in the number's own sentence or its table
#: (a name the sentence counts or compares with is still one of its own)
OWN_SENTENCE = frozenset({"clause", "sentence", "table_column", "caption", "counted", "baseline_only"})
#: sources in the number's own clause or its table ("전력효율성(TDP)도 1.4배 더 향상" takes
#: not the "라마2 7B와 70B 모델 기준" of the clause before, which frames its own 1.5배)
OWN_CLAUSE = frozenset({"clause", "table_column", "caption"})
#: metrics of a property of the hardware: measured on no model
SPEC_METRICS = frozenset({"memory", "bandwidth", "power", "compute", "price", "count", "ratio"})
#: metrics of a comparison between systems: a model only where the statement or the
#: sentence it refers back to names one
COMPARISON_METRICS = frozenset({"speedup", "improvement", "perf_per_watt", "perf_per_price"})


class ClaimKind(NamedTuple):
    """What a claim of one kind may take: the sources (the `link` column's words) a
    system and a workload may come from; None: any, an empty set: none. (Immutable, one
    per number: a named tuple, made at half a frozen dataclass's cost.)

    >>> k = ClaimKind("memory", workload_sources=OWN_SENTENCE)
    >>> k.allows_workload("clause"), k.allows_workload("page_topic"), k.allows_system("page_topic")
    (True, False, True)
    >>> k.reason
    'kind=memory'
    """

    name: str
    system_sources: frozenset[str] | None = None
    workload_sources: frozenset[str] | None = None
    #: the languages in which a model named in a later clause of the sentence may attach
    #: (None: all). Not to a property of the hardware ("the power of V100 (125 TFLOPS), with
    #: double the performance in training ResNet50": the later statement's model); a
    #: comparison takes one only in English, which names the model after the figure ("tripled
    #: the performance on the LLM benchmark"); Chinese and Korean name it before
    #: ("H100的性能...提升了7-54%不等,其中进步最大的是RetinaNet": not RetinaNet's)
    later_models: frozenset[str] | None = None

    def allows_system(self, source: str) -> bool:
        return self.system_sources is None or source in self.system_sources

    def allows_workload(self, source: str) -> bool:
        return self.workload_sources is None or source in self.workload_sources

    @property
    def reason(self) -> str:
        """The evidence the `link` column records for a name the kind refused."""
        return f"kind={self.name}"


ANY = ClaimKind("measured")
NONE: frozenset[str] = frozenset()


def claim_kind(metric: str, q: Quantity, sentence: str, *, business: bool,
               refers_back: bool, names_model: bool, unit: str | None = None) -> ClaimKind:
    """The kind of the claim `q` of `sentence` whose metric is `metric`: `business` when
    the sentence speaks of a market or business, `refers_back` when it refers to the
    sentence before, `names_model` when it names a workload itself; `unit`: the claim's
    unit where it is not the quantity's own (a table header's).

    >>> q = Quantity("70억개", 12, 16, 7e9, unit="count")
    >>> claim_kind("count", q, "라마2 7B(매개변수 70억개)", business=False, refers_back=False,
    ...            names_model=True).allows_system("sentence")
    False
    >>> k = claim_kind("memory", Quantity("141GB", 0, 5, 141, unit="GB"), "141GB of HBM3e",
    ...                business=False, refers_back=False, names_model=False)
    >>> k.name, k.allows_workload("page_topic")
    ('memory', False)
    """
    # the sentence before, where this one refers back to it ("該GPU", "이 모델에서")
    referred = OWN_SENTENCE | {"previous_sentence"} if refers_back else OWN_SENTENCE
    unit = q.unit if unit is None else unit
    if unit == "count" and counts_parameters_near(sentence, q):
        # the count is its model's; the hardware's only where no model is named and the
        # sentence says which ("Blackwell supports models of up to 10 trillion parameters")
        # and its model is the one the sentence (or the one it refers back to) names, not
        # the page's ("the 480B parameter model" on a page about BERT)
        sized = names_model or sizes_a_model(sentence, q)
        return ClaimKind("parameters", system_sources=NONE if sized else referred,
                         workload_sources=referred)
    if business:  # a market's figure, not a product's: a system only if the sentence names it
        return ClaimKind("business", system_sources=OWN_SENTENCE, workload_sources=OWN_SENTENCE)
    if not unit:  # the unit was lost: the kind is not known
        return ANY
    if metric in SPEC_METRICS:
        return ClaimKind(metric, workload_sources=OWN_SENTENCE,
                         later_models=None if metric == "count" else NONE)
    if metric == "accuracy":  # a model's accuracy: hardware reaches it, does not change it
        return ClaimKind(metric, system_sources=OWN_SENTENCE)
    if metric == "perf_per_watt":  # an efficiency of the hardware: a model of its own clause only
        return ClaimKind(metric, workload_sources=OWN_CLAUSE, later_models=frozenset({"en"}))
    if metric in COMPARISON_METRICS:
        return ClaimKind(metric, workload_sources=referred, later_models=frozenset({"en"}))
    if metric == "other":  # a utilisation, an efficiency: its statement's model, not the page's
        return ClaimKind(metric, workload_sources=OWN_SENTENCE | {"previous_sentence"})
    return ANY


@lru_cache(maxsize=None)
def _parameter_words() -> tuple[re.Pattern, re.Pattern]:
    """(after, before): a parameter word right after a number (a counter such as 개/個
    may stand between: "70억 개의 매개변수", "480 billion parameters", "13B参数", and a
    word saying which parameters: "700억 개의 전체 파라미터", "37B active parameters"), or
    right before it ("매개변수 70억개", "parameters: 405 billion")."""
    lex = lexicons.load("claims_counts.json")
    words = sorted({w for lg in ("en", "ko", "zh") for w in lex.get(lg, ())}, key=len, reverse=True)
    alt = "|".join(re.escape(w) for w in words)
    mods = sorted({w for ws in lex.get("modifiers", {}).values() for w in ws}, key=len, reverse=True)
    which = r"(?:(?:" + "|".join(re.escape(w) for w in mods) + r")\s*)?" if mods else ""
    after = re.compile(r"[\s\-]*(?:[개個个]\s*)?(?:의\s*)?" + which + "(?:" + alt + ")", re.IGNORECASE)
    before = re.compile(r"(?:" + alt + r")[\s:：(（]{0,3}$", re.IGNORECASE)
    return after, before


@lru_cache(maxsize=None)
def _model_after_parameters() -> re.Pattern:
    """A parameter word, then a model noun right after it ("parameter model", "파라미터
    모델", "参数的模型"): `claims_links.json` model_nouns."""
    params = lexicons.load("claims_counts.json")
    nouns = lexicons.load("claims_links.json").get("model_nouns", {})
    words = sorted({w for lg in ("en", "ko", "zh") for w in params.get(lg, ())}, key=len, reverse=True)
    models = sorted({w for ws in nouns.values() for w in ws}, key=len, reverse=True)
    return re.compile(r"(?:" + "|".join(re.escape(w) for w in words) + r")\s*(?:的\s*)?(?:"
                      + "|".join(re.escape(w) for w in models) + r")(?![A-Za-z])", re.IGNORECASE)


def sizes_a_model(sentence: str, q: Quantity) -> bool:
    """Whether the parameter count `q` sizes a model the sentence speaks of without naming it
    ("1.8조 파라미터 모델을 학습하려면 ... 8000개의 호퍼 GPU": the model's, not Hopper's).

    >>> s = "1.8조 파라미터 모델을 학습하려면"
    >>> sizes_a_model(s, Quantity("1.8조 파라미터", 0, 10, 1.8e12, unit="count"))
    True
    >>> s = "Blackwell supports models of up to 10 trillion parameters"
    >>> sizes_a_model(s, Quantity("10 trillion", 36, 47, 1e13, unit="count"))
    False
    """
    window = (q.surface or "") + sentence[q.end:q.end + 16]
    return _model_after_parameters().search(window) is not None


def counts_parameters_near(sentence: str, q: Quantity) -> bool:
    """Whether `q` counts parameters: a parameter word right after or right before it.

    >>> counts_parameters_near("매개변수 70억개", Quantity("70억개", 5, 10, 7e9, unit="count"))
    True
    >>> counts_parameters_near("a 480B parameter model", Quantity("480B", 2, 6, 4.8e11, unit="count"))
    True
    >>> counts_parameters_near("512 H100 GPUs", Quantity("512", 0, 3, 512, unit="count"))
    False
    """
    after, before = _parameter_words()
    if after.match(sentence, q.end) or after.search(q.surface or ""):
        return True
    if before.search(sentence[max(0, q.start - 12):q.start]) is not None:
        return True
    return _restates_size(sentence, q) or _coordinated_with_parameters(sentence, q, after)


#: a model's size written with a magnitude letter right before a bracket ("13B(")
_SIZE_BEFORE_BRACKET = re.compile(r"(?<![A-Za-z0-9.])(\d+(?:\.\d+)?)\s*([KMBT])\s*[(（]\s*$")
_SIZE_LETTERS = {"K": 1e3, "M": 1e6, "B": 1e9, "T": 1e12}


def _restates_size(sentence: str, q: Quantity) -> bool:
    """A count in brackets right after a size that a model's name states is that size
    spelled out: "라마2 13B(130억개)", "GPT-3 175B(1750억개)": a parameter count.

    >>> s = "라마2 13B(130억개)는 1.7배"
    >>> _restates_size(s, Quantity("130억개", 8, 13, 1.3e10, unit="count"))
    True
    >>> _restates_size("8x H100(8개)", Quantity("8개", 8, 10, 8, unit="count"))
    False
    """
    m = _SIZE_BEFORE_BRACKET.search(sentence, max(0, q.start - 16), q.start)
    if m is None or q.value is None:
        return False
    size = float(m.group(1)) * _SIZE_LETTERS[m.group(2).upper()]
    return abs(size - q.value) <= 0.01 * size


@lru_cache(maxsize=None)
def _coordinated_number() -> re.Pattern:
    """A coordinating word, then a number with its magnitude ("及700億", "and 70 billion"):
    `claims_links.json` coordination."""
    words = [w for w in lexicons.load("claims_links.json").get("coordination", ()) if w.strip()]
    alt = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(r"\s*(?:" + alt + r")\s*[\d.,]+\s*(?:[万萬亿億兆만억조]|billion|million|trillion|"
                      r"[KMBT](?![A-Za-z]))?", re.IGNORECASE)


def _coordinated_with_parameters(sentence: str, q: Quantity, after: re.Pattern) -> bool:
    """"具備70億及700億個參數": a number coordinated with a parameter count counts them too.

    >>> s = "具備70億及700億個參數的Llama模型"
    >>> _coordinated_with_parameters(s, Quantity("70億", 2, 5, 7e9, unit="count"), _parameter_words()[0])
    True
    """
    m = _coordinated_number().match(sentence, q.end)
    return m is not None and after.match(sentence, m.end()) is not None
