"""The metric of a claim: what its number measures.

A quantity's kind (duration, percent, factor, ...) allows some metrics, in order of
preference (`lexicons/metrics_defaults.json`); cue words of each metric
(`lexicons/metrics_<lang>.json`) decide. Where the number's place in its sentence is
known, the cue nearest to it wins, first in its clause, else in its sentence, and a cue
word belongs to the number it stands nearest to ("대역폭 2배·전력효율 40%↑": 대역폭 is the
2배's, 전력효율 the 40%'s; "性能大涨50%!功耗达1400W": 功耗 is the 1400W's); the order of
preference breaks ties ("energy efficiency": perf_per_watt, not other). Where it is not
(a table's header, a sentence referred back to), the first metric in that order whose
cue occurs wins. Else the kind's default.

A candidate may read a cue as another metric ("throughput>improvement": a per cent of
throughput is an improvement, a factor of it a speedup; CLAIMS.md).
"""
from __future__ import annotations

from functools import lru_cache

from extractor import lexicons
from extractor.extract.sentences.sentence_facts import fact
from extractor.extract.text.cues import LANGS, cues, lang_key
from extractor.extract.metric_cues import (comparison_markers, cue_matches, cue_reading_kinds,
                                           cue_rule, from_markers, level_markers, noun_first_kinds,
                                           span_regex, weak_metrics)

Span = tuple[int, int]
Measured = tuple[int, int, str]  # a number whose unit says its metric: its span, that metric


def metric_for(quantity: str, near: str, wide: str, lang: str, at: Span | None = None,
               clause: Span | None = None, others: tuple[Span, ...] = (),
               clauses: tuple[Span, ...] = (), measured: tuple[Measured, ...] = (),
               facts: dict | None = None) -> tuple[str, bool]:
    """The metric of a quantity of kind `quantity`, from cue words in `near` (its
    clause) or else `wide` (its sentence); returns (metric, whether a cue decided).
    With `at` (the number's span in `wide`), `clause` (its clause's span in `wide`) and
    `others` (the spans of the sentence's numbers that read cues) and `clauses` (the
    sentence's clauses), the nearest cue decides; `measured` (the spans and metrics of
    the numbers whose unit says what they measure: 288GB, 1400W) own the words of their
    metric beside them. `facts`, the sentence's `SentenceFacts` (`wide` its text, `others`
    and `measured` the same for each of its numbers), keeps its cue words for its numbers.

    >>> metric_for("percent", "在IPU-POD16上實現了24%的性能提升", "", "zh")
    ('improvement', True)
    >>> metric_for("factor", "a factor of 1.6x", "better performance-per-$ than NVIDIA", "en")
    ('perf_per_price', True)
    >>> metric_for("duration", "IPU-POD16에서 28.3분", "", "ko")
    ('time_to_train', False)
    >>> s = "대역폭 2배·전력효율 40%↑"
    >>> metric_for("factor", s, s, "ko", at=(4, 6), clause=(0, len(s)), others=((12, 15),))
    ('bandwidth', True)
    >>> metric_for("percent", s, s, "ko", at=(12, 15), clause=(0, len(s)), others=((4, 6),))
    ('perf_per_watt', True)
    >>> s = "288GB 메모리와 8배의 성능 향상"
    >>> metric_for("factor", s, s, "ko", at=(11, 13), clause=(0, len(s)), measured=((0, 5, "memory"),))
    ('speedup', True)
    """
    lk = lang_key(lang)
    cue_patterns, default = cue_rule(quantity, lk)
    if at is not None and wide:
        low = facts.low if facts is not None else wide.lower()
        # (the patterns compare by identity: `CuePatterns`)
        words = fact(facts, ("cue_tiers", cue_patterns), _tiered, cue_patterns, low, others, measured) \
            if facts is not None else _tiered(cue_patterns, low, others, measured)
        found = _nearest(cue_patterns, low, at, clause, others, clauses,
                         lk, measured, quantity in noun_first_kinds(), words)
        if found == "improvement" and _over_a_price(low, at, clause, clauses, measured, lk):
            found = "other"  # "판매가인 28만~30만 달러보다 약 50% 높은": a premium, no gain
        return (found, True) if found else (default, False)
    for text in (near, wide):
        if not text:
            continue
        named = {m for _r, m, _s, _n in cue_matches(cue_patterns, text.lower())}
        for metric, *_rest in cue_patterns:
            if metric in named:
                return metric, True
    return default, False


def _nearest(cue_patterns, low: str, at: Span, clause: Span | None,
             others: tuple[Span, ...], clauses: tuple[Span, ...], lang: str,
             measured: tuple[Measured, ...], noun_first: bool, words: _CueWords) -> str | None:
    """The metric of the cue nearest to the number at `at` in the lowered sentence `low`.
    In the number's clause, the nearest word of what is measured (bandwidth, 功耗), of
    performance in general (성능) or of a change (향상, faster); for a factor (`noun_first`)
    words of what is measured come first (what it multiplies: "4x faster CPU-to-GPU
    transfer speeds"), then the others. Then nouns
    in the clause before it (a topic the sentence goes on with: "带宽高达4.8 TB/s,
    比上一代快约1.8倍"); then words of a change in its sentence. Words another number
    stands nearer to are that number's (`_owns`); words inside another number are none
    ("/s" of "TB/s"); `words`: the sentence's cue words (`_tiered`)."""
    paired = _respective(cue_patterns, low, at, others) if words.respectively else None
    if paired or not words.matches:  # a sentence without a cue word has none for any number
        return paired
    whole = (0, words.length)
    clause = clause or whole
    if low[clause[1]:clause[1] + 1] in ("(", "（"):  # a parenthesis after it may gloss it
        clause = _with_gloss(low, clause, clauses, at)
    if noun_first:  # "4x faster … transfer speeds": a bandwidth
        scopes = ((clause, ("strong",)), (clause, ("weak", "change")))
    else:  # "효율성이 최대 40% 개선": the nearer word, a gain
        scopes = ((clause, ("strong", "weak", "change")),)
    # the clause before (a topic the sentence goes on with; "耗電每瓦特的性能,比前一代提高了
    # 四倍": what the performance is per), not one further back
    before = _clause_before(low, clause, clauses) or (0, at[0])
    scopes += ((before, ("strong",)), (before, ("weak",)), (whole, ("change",)))
    paired_level = None  # (`_from_to`, asked once a word of change is in reach)
    # the sentence's cue words, but those inside another number than this one (`inside`
    # holds each number once)
    matches = [m[:5] for m in words.matches if not m[5] or m[5] == (at,)]
    for (lo, hi), tiers in scopes:
        best: tuple[int, int, str] | None = None
        for tier, rank, metric, span, noun in matches:
            if tier not in tiers or not (lo <= span[0] and span[1] <= hi):
                continue
            # the number's own unit ("$0.60") says what it measures only when no other
            # word of its scope does ("7,500萬美元的詞元收入": a revenue)
            d = words.length if span[0] < at[1] and at[0] < span[1] else _distance(span, at)
            reach = _reach(span, at, d, others, lo, hi) if noun else d
            if best is not None and (reach, rank) >= best[:2]:
                continue  # no nearer than the best so far: what owns it does not matter
            if noun and _owned_elsewhere(span, d, at, others, measured, metric,
                                         (lo, hi) == clause, clauses):
                continue
            if not noun:
                if paired_level is None:
                    paired_level = _from_to(low, at, others, lang)
                if paired_level or _reaches_level(low, span, at, lang):
                    continue  # "提高到了84%", "84.4%에서 86.6% 향상": the level reached, not the gain
            best = (reach, rank, metric)
        if best is not None:
            return best[2]
    return None


def _reach(span: Span, at: Span, d: int, others: tuple[Span, ...], lo: int, hi: int) -> int:
    """How far a cue word of what is measured stands from the number at `at` (`d`
    characters): "정확도가 84.4%에서 86.6%로": the cue reaches 86.6% through 84.4%, a number
    beside it ("시장의 92% … 절반의 비용": not through a number far off)."""
    first, last = (span[0], at[0]) if span[0] < at[0] else (at[0], span[0])
    reach = d
    for o in others:
        if lo <= o[0] < hi and first < o[0] < last and _distance(o, at) <= _THROUGH:
            through = _distance(span, o)
            if through < reach:
                reach = through
    return reach


def _owned_elsewhere(span: Span, d: int, at: Span, others: tuple[Span, ...],
                     measured: tuple[Measured, ...], metric: str, in_clause: bool,
                     clauses: tuple[Span, ...]) -> bool:
    """The cue word of what is measured at `span` is another number's (`_owns`), or, in
    the number's clause, a number's whose unit says that metric ("288GB 메모리와 8배":
    메모리 is the 288GB's, `_owns_beside`)."""
    for o in others:
        if o != at and _owns(o, span, d, at, clauses):
            return True
    if in_clause:
        for o in measured:
            if o[2] == metric and _owns_beside(o[:2], span, d, at, clauses):
                return True
    return False


class _CueWords:
    """The cue words of a sentence for one kind of quantity (`_tiered`): the same for
    each number of the sentence, so read once (`SentenceFacts`)."""

    __slots__ = ("matches", "length", "respectively")

    def __init__(self, matches: tuple, length: int, respectively: bool):
        #: (tier, rank, metric, span, noun, the numbers it lies inside of) of each word
        self.matches, self.length, self.respectively = matches, length, respectively


def _tiered(cue_patterns, low: str, others: tuple[Span, ...], measured: tuple[Measured, ...]) -> _CueWords:
    """The cue words of a sentence, each with its tier (a word of change, a weak or a
    strong noun: `_nearest`) and the spans of the sentence's numbers it lies inside of,
    each once (a word inside a number is none for any other number: "/s" of "TB/s");
    whether the sentence says "respectively" (`_respective`)."""
    weak = weak_metrics()
    numbers = others + tuple([o[:2] for o in measured])
    matches = []
    # (plain loops: a generator's step is a call, and most words lie inside no number)
    for rank, metric, span, noun in cue_matches(cue_patterns, low):
        inside = ()
        for o in numbers:
            if span[0] < o[1] and o[0] < span[1] and o not in inside:
                inside += (o,)
        tier = "change" if not noun else "weak" if cue_patterns[rank][4] in weak else "strong"  # its class
        matches.append((tier, rank, metric, span, noun, inside))
    return _CueWords(tuple(matches), len(low), _says_respectively(low))


_THROUGH = 6  # characters between two numbers of one from-to ("84.4%에서 86.6%", "1200W增加至1400W")


def _with_gloss(low: str, clause: Span, clauses: tuple[Span, ...], at: Span) -> Span:
    """A clause with the parenthesis that follows it: a gloss of its last word ("2배
    늘어난 2048개의 데이터 전송 통로(I/O)를": the I/O is the clause's), unless that word
    is the number at `at` ("성능은 4배(BF16·저 메모리 16비트 …)": the number's conditions).

    >>> s = "2배 늘어난 통로(I/O)를 적용해"
    >>> _with_gloss(s, (0, 9), ((0, 9), (10, 13), (14, 19)), (0, 2))
    (0, 13)
    >>> _with_gloss("성능은 4배(bf16 기준)", (0, 6), ((0, 6), (7, 14)), (4, 6))
    (0, 6)
    """
    lo, hi = clause
    if low[hi:hi + 1] in ("(", "（") and low[at[1]:hi].strip():
        nxt = next((c for c in clauses if hi < c[0] <= hi + 1), None)
        if nxt is not None:
            return lo, nxt[1]
    return clause


def _clause_before(low: str, clause: Span, clauses: tuple[Span, ...]) -> Span | None:
    """The span from the start of the clause before `clause` to `clause`'s start; a
    parenthesis is read with the clause it glosses ("메모리 대역폭(시간당 …)은 1.5배").

    >>> s = "메모리 대역폭(시간당 데이터양)은 1.5배"
    >>> _clause_before(s, (17, 23), ((0, 7), (8, 16), (17, 23)))
    (0, 17)
    """
    earlier = [c for c in clauses if c[1] <= clause[0]]
    n = len(earlier)
    while n > 1 and earlier[n - 1][0] > 0 and low[earlier[n - 1][0] - 1] in "(（":
        n -= 1
    return (earlier[n - 1][0], clause[0]) if n else None


def _owns_beside(other: Span, cue: Span, d: int, at: Span, clauses: tuple[Span, ...]) -> bool:
    """A number whose unit says what it measures owns a word of its own clause and ours
    that stands between the two numbers nearer to it ("288GB 메모리와 8배의 성능",
    "7.35 TB/s HBM bandwidth … and 4x faster"), or that follows it where ours is
    before it. Unlike `_owns`, a word of its clause only is no other number's: a topic
    the sentence goes on with ("带宽高达4.8 TB/s,比上一代快约1.8倍")."""
    if clauses and not (_clause_of(clauses, cue[0]) == _clause_of(clauses, at[0])
                        == _clause_of(clauses, other[0])):
        return False
    lo, hi = (at[0], other[0]) if at[0] < other[0] else (other[0], at[0])
    between = lo <= cue[0] < hi
    if not (between or at[0] < other[0] <= cue[0]):
        return False
    return _distance(cue, other) < d


def _respective(cue_patterns, low: str, at: Span, others: tuple[Span, ...]) -> str | None:
    """"용량과 대역폭도 각각 1.8배와 1.4배", "capacity and bandwidth grow 1.8x and 1.4x
    respectively": coordinated numbers pair in order with as many words of what is
    measured before them (asked of a sentence saying "respectively": `_says_respectively`)."""
    c = cues()
    spans = sorted(set(others) | {at})
    i = spans.index(at)
    lo = hi = i  # the run of numbers joined by "and", "와", "、" around ours
    while lo > 0 and c.coordination.fullmatch(low[spans[lo - 1][1]:spans[lo][0]]):
        lo -= 1
    while hi + 1 < len(spans) and c.coordination.fullmatch(low[spans[hi][1]:spans[hi + 1][0]]):
        hi += 1
    if hi == lo:
        return None
    start = spans[lo - 1][1] if lo > 0 else 0
    found = sorted((m.start(), -len(m.group()), metric) for metric, rx, pattern, noun, _cls in cue_patterns
                   if noun for m in pattern.finditer(low, start, spans[lo][0]))
    named: list[str] = []
    end = -1
    for pos, neg_len, metric in found:
        if pos < end:
            continue  # inside a longer word already read
        end = pos - neg_len
        if not named or named[-1] != metric:
            named.append(metric)
    return named[i - lo] if len(named) == hi - lo + 1 else None


@lru_cache(maxsize=64)
def _says_respectively(low: str) -> bool:
    return cues().respectively.search(low) is not None


def _reaches_level(low: str, cue: Span, at: Span, lk: str) -> bool:
    """A word of change whose number is the level reached: a level marker stands between
    them ("提高到了84%", "rose to 84%", "84%로 향상").

    >>> s = "將識別正確率一舉提高到了84%"
    >>> _reaches_level(s, (8, 10), (12, 15), "zh"), _reaches_level("提高了84%", (0, 2), (3, 6), "zh")
    (True, False)
    """
    gap = (low[cue[1]:at[0]] if cue[1] <= at[0] else low[at[1]:cue[0]]).strip()
    return gap in level_markers(lk)


def _over_a_price(low: str, at: Span, clause: Span | None, clauses: tuple[Span, ...],
                  measured: tuple[Measured, ...], lk: str) -> bool:
    """A per cent compared with a price named before it in its clause (or the clause
    before): a comparison marker stands between the last price (a word of price or a
    sum of money) and it.

    >>> s = "가격은 공식 판매가인 28만~30만 달러보다 약 50% 높은 수준이다"
    >>> _over_a_price(s, (27, 30), (0, len(s)), (), ((12, 22, "price"),), "ko")
    True
    >>> _over_a_price("h100보다 약 50% 높은 성능", (10, 13), None, (), (), "ko")
    False
    """
    clause = clause or (0, len(low))
    lo = (_clause_before(low, clause, clauses) or clause)[0]
    ends = [o[1] for o in measured if o[2] == "price" and lo <= o[0] and o[1] <= at[0]]
    ends += [m.end() for m in span_regex(lk if lk in LANGS else "en", "price").finditer(low, lo, at[0])]
    if not ends:
        return False
    gap = low[max(ends):at[0]]
    return any(w in gap for w in comparison_markers(lk))


def _from_to(low: str, at: Span, others: tuple[Span, ...], lk: str) -> bool:
    """The number at `at` is one end of a from-to pair ("정확도가 84.4%에서 86.6% 향상"):
    a from-marker alone stands between it and another number beside it.

    >>> s = "정확도가 84.4%에서 86.6% 향상"
    >>> _from_to(s, (13, 18), ((5, 10), (13, 18)), "ko"), _from_to(s, (13, 18), ((13, 18),), "ko")
    (True, False)
    """
    markers = from_markers(lk)
    for o in others:
        if o == at or _distance(o, at) > _THROUGH:
            continue
        gap = low[o[1]:at[0]] if o[1] <= at[0] else low[at[1]:o[0]]
        if gap.strip() in markers:
            return True
    return False


def _distance(cue: Span, num: Span) -> int:
    """Characters between a cue and a number (0 when they touch or overlap)."""
    if num[0] > cue[1]:  # (comparisons, not max(): asked for every cue and number)
        return num[0] - cue[1]
    return cue[0] - num[1] if cue[0] > num[1] else 0


def _clause_of(clauses: tuple[Span, ...], pos: int) -> Span | None:
    """The clause holding offset `pos`, None when none does."""
    for c in clauses:
        if c[0] <= pos < c[1]:
            return c
    return None


def _owns(other: Span, cue: Span, d: int, at: Span, clauses: tuple[Span, ...]) -> bool:
    """Another number `other` owns the cue: the cue stands in its clause and not in ours,
    or in the clause of both, between the two numbers and nearer to it than ours (at
    distance `d`), or as near with the cue before it."""
    where, ours = _clause_of(clauses, cue[0]), _clause_of(clauses, at[0])
    theirs = _clause_of(clauses, other[0])
    if where != ours or where != theirs:  # the cue is of the number whose clause it is in
        return where is not None and where == theirs
    lo, hi = (at[0], other[0]) if at[0] < other[0] else (other[0], at[0])
    if not lo <= cue[0] < hi:
        return False  # "정확도가 84.4%에서 86.6%로": a cue before both is of both
    od = _distance(cue, other)
    return od < d or (od == d and cue[1] <= other[0])


def measured_spans(quantities) -> tuple[Measured, ...]:
    """The spans and metrics of the quantities whose unit says what they measure (288GB:
    memory, 1400W: power; not %, x): the words of that metric beside them are theirs
    (`_owns_beside`); a word of another is not ("2배 늘어난 2048개의 데이터 전송 통로(I/O)":
    the count does not own the I/O's bandwidth)."""
    by_quantity, reading = cues().by_quantity, cue_reading_kinds()
    return tuple([(q.start, q.end, by_quantity.get(q.quantity or "unknown", by_quantity["unknown"])["default"])
                  for q in quantities if q.unit and (q.quantity or "unknown") not in reading])


def metric_by_unit(unit: str) -> str | None:
    """The metric a unit imposes whatever the cues ("in the six months": a period, not a
    time-to-train), from `metrics_defaults.json` by_unit."""
    return _by_unit().get(unit)


@lru_cache(maxsize=1)
def _by_unit() -> dict:
    return lexicons.load("metrics_defaults.json").get("by_unit", {})
