"""What a group of claims is about: the `GroupKey`, and the helpers its fields are read with.

A `GroupKey` names every field two claims must share to speak of the same thing: the
system, benchmark and metric; the suite, round and division; the size a time or
throughput was measured at (accelerators, nodes); the compared system of a relative
claim; what a count counts; the kind of value (a value, a factor, a change); the
precision and sparsity of compute; what a price is per and its currency; the part a
memory, bandwidth or power figure is of (HBM, cache, SRAM, interconnect, pin speed);
the scale (chip, node, rack, pod, cluster, national total); the dimension of the unit
(bytes or bits a second); the period of a change; the seller of a price; the model of
an API price. An empty field is unknown (shown as `?` where the metric needs it) and
is never taken to match a known one, except the first ones (`FILLED`), where a claim
that does not say joins the only value its key knows.

- `counted_thing(surface, sentence)`: what a count counts.
- `possible_round(ctx, rnd)`: whether a page of that context can speak of a round.
- `is_outlay(surface, sentence, lang)`: whether an amount is money put into something.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, fields
from functools import lru_cache

from extractor import lexicons
from extractor.extract.context.context import PageContext
from extractor.extract.context.rounds import round_for_date, round_sort_key
from extractor.extract.text.cues import clause_spans, lang_key

__all__ = ["FILLED", "KEY_FIELDS", "GroupKey", "UNSPECIFIC_METRICS", "counted_thing",
           "is_outlay", "possible_round"]

#: metrics that say nothing of what a value measures (a page that lost its unit often
#: lost its metric too)
UNSPECIFIC_METRICS = ("", "other")


@dataclass(frozen=True)
class GroupKey:
    """What a group is about (module docstring); '' is unknown."""

    system: str = ""
    benchmark: str = ""
    metric: str = ""
    suite: str = ""
    round: str = ""
    division: str = ""
    #: the size a time, throughput or relative result was measured at: 'a512'
    #: (accelerators), 'n8' (nodes), 'a?' (stated, not attributable)
    size: str = ""
    baseline: str = ""
    counted: str = ""
    #: '' a value, 'relative' a factor of an absolute metric, 'change' a per cent of one,
    #: 'outlay' money put into a deployment ("if you invest $5M in ..."), not a price
    kind: str = ""
    precision: str = ""
    sparsity: str = ""
    per: str = ""
    currency: str = ""
    #: the part a memory, bandwidth or power figure is of ('hbm', 'sram', ...)
    part: str = ""
    #: the scale a figure is of ('chip', 'node', 'rack', 'pod', 'cluster', 'national',
    #: 'market')
    scale: str = ""
    #: what the unit measures (claims.csv quantity; ':bits' for a rate in bits)
    dimension: str = ""
    #: the period of a change ('5y', 'since2022', '2025-06'); 'earlier' for the first
    #: value of "from 1200 W to 1400 W"
    period: str = ""
    #: who sells at a price ('aws', ...; '?' when the sentence names several)
    seller: str = ""
    #: the product variant the sentence names ('china')
    variant: str = ""
    #: for a claim that cannot be compared with other statements (a change whose period
    #: is not stated, a number whose metric is not, a comparison without its baseline):
    #: its sentence's digest, so that it meets only restatements of its own sentence
    statement: str = ""
    #: where the values of one key lie more than `ConsistencyConfig.magnitude_gap`
    #: apart: the order of magnitude of each cluster ('1e+12'): a different scale or
    #: part the pages did not name, not two readings of one figure
    magnitude: str = ""

    def fields_shared(self) -> str:
        """The known fields after system, benchmark and metric, as `key=value;...`.

        >>> GroupKey("h100", "", "memory", part="hbm", scale="chip").fields_shared()
        'part=hbm;scale=chip'
        """
        return ";".join(f"{name}={getattr(self, name)}" for name in KEY_FIELDS[3:]
                        if getattr(self, name))

    def group_id(self) -> str:
        """A stable id from what the group is about (not from its position in a run);
        the fields after division count only when set, so ids of groups whose later
        fields are empty are those they had before the fields were added.

        >>> GroupKey("ipupod16", "resnet50", "time_to_train", "training", "v1.1").group_id()
        'g9b106ded87'
        """
        values = [getattr(self, name) for name in KEY_FIELDS]
        while len(values) > _BASE_FIELDS and not values[-1]:
            values.pop()
        digest = hashlib.blake2b("|".join(values).encode("utf-8"), digest_size=5).hexdigest()
        return f"g{digest}"


#: the fields of a key, in order
KEY_FIELDS = tuple(f.name for f in fields(GroupKey))
#: fields whose unknown value is filled with the only one the others of the key know
#: (a page that does not name its round speaks of the round the others name)
FILLED = ("suite", "round", "division", "size", "baseline", "counted", "currency",
          "dimension")
#: how many leading fields an id always hashes
_BASE_FIELDS = 6


def possible_round(ctx: PageContext, rnd: str) -> bool:
    """Whether a page of this context can speak of round `rnd`: not if it is dated before
    the round was published.

    >>> possible_round(PageContext(date="2021-05-06"), "v1.0")
    False
    >>> possible_round(PageContext(date="2021-07-01"), "v1.0"), possible_round(PageContext(), "v9.9")
    (True, True)
    """
    if not ctx.date or not rnd:
        return True
    latest = round_for_date(ctx.date, ctx.suite)
    return bool(latest) and round_sort_key(rnd) <= round_sort_key(latest)

# --- what a count counts ------------------------------------------------------------

@lru_cache(maxsize=None)
def _count_words() -> tuple[frozenset, frozenset]:
    """(generic counters such as 개/個/count, number words) that say nothing of what is
    counted."""
    scale = lexicons.load("context_scale.json")
    counters = set(scale["counters"]) | set(scale["node_counters"]) | {"count", "개의"}
    numbers = lexicons.load("numbers_en.json")
    words = set(numbers["units"]) | set(numbers["tens"]) | set(numbers["scales"])
    words |= {w.lower() for w in scale["number_words"]}
    return frozenset(counters), frozenset(words)


_WORD = re.compile(r"[^\W\d_][\w-]*")
_PARTICLES = frozenset({"의", "of", "the"})
def counted_thing(surface: str, sentence: str = "") -> str:
    """What a count counts: the last word of its surface that is no number word or
    generic counter, else the word after it in the sentence; singular, lower case.

    >>> counted_thing("four servers"), counted_thing("eight DGX A100 chips"), counted_thing("5U")
    ('server', 'chip', 'u')
    >>> counted_thing("4개", "IPU 4개의 프로세서를"), counted_thing("16 IPU"), counted_thing("4")
    ('프로세서를', 'ipu', '')
    """
    counters, numbers = _count_words()
    surface = surface if isinstance(surface, str) else ""
    words = [w for w in _WORD.findall(surface)
             if w.lower() not in numbers and w not in counters]
    if not words and isinstance(sentence, str) and surface and surface in sentence:
        after = sentence[sentence.index(surface) + len(surface):][:16]
        # the first word after it, past a particle ("4개의 프로세서", "4 of the chips")
        words = [w for w in _WORD.findall(after) if w not in counters
                 and w.lower() not in _PARTICLES][:1]
    if not words:
        return ""
    word = words[-1].lower()
    if len(word) > 3 and word.endswith("s") and word.isascii():
        word = word[:-1]
    return word




# --- an outlay ----------------------------------------------------------------------

@lru_cache(maxsize=None)
def _outlay_words() -> dict[str, re.Pattern]:
    """Per cue language, the pattern of the words of an outlay (lexicon
    `verdicts_outlay.json`): Latin words whole, the others as substrings."""
    lexicon = lexicons.load("verdicts_outlay.json")
    out = {}
    for lk, words in lexicon.items():
        if lk.startswith("_"):
            continue
        alts = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
        out[lk] = re.compile(rf"\b(?:{alts})\b" if lk == "en" else alts, re.IGNORECASE)
    return out


def is_outlay(surface: str, sentence: str, lang: str) -> bool:
    """Whether the clause of an amount names it as money put into something (an
    investment, a spend): a buyer's outlay for a whole deployment, not a seller's price.

    >>> s = "NVIDIA強調，若投入500萬美元建置GB200 NVL72，可望創造7,500萬美元的詞元收入"
    >>> is_outlay("500萬美元", s, "zh-Hant"), is_outlay("7,500萬美元", s, "zh-Hant")
    (True, False)
    >>> is_outlay("$3 million", "The GB200 NVL72 may sell for $3 million.", "en")
    False
    """
    if not isinstance(sentence, str) or not isinstance(surface, str) or not surface:
        return False
    at = sentence.find(surface)
    if at < 0:
        return False
    pattern = _outlay_words().get(lang_key(lang))
    if pattern is None:
        return False
    for start, end in clause_spans(sentence, lang):
        if start <= at < end:
            return bool(pattern.search(sentence, start, end))
    return False
