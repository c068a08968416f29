"""Quantities that are no claim: the claim layer's half of `not_claims`.

A quantity is no claim when it is part of a name the entity stage found, matches a
not-a-claim pattern of `lexicons/claims_not.json` (versions, IDs, dates, years, URLs, file
names, list numbers), is a count below two ("one CPU"), a period of the story ("in the six
months"), a count of people or companies (`off_topic_counts`), a Korean numeral read
from the middle of a word, or an integer glued to letters the page lost (its magnitude,
만 or 万, may be among them: `magnitude_lost`); a number with no name beside it is no
claim in a sentence about a market (`about_business`), except a count of parameters
(`counts_parameters`).
The tests here are those of the claim stages of `rules.RULES` (test(facts), facts a
`rules.NumberFacts`); `reason_not_claim` gives the name of the first rule of the `claim`
stage that applies, so a reviewer can ask why a number was left out.
"""
from __future__ import annotations

import re
import string
from functools import lru_cache

from extractor import lexicons
from extractor.extract.not_claims.anchored import anchored_at_start, line_start_spans
from extractor.extract.not_claims.counts import counts_off_topic, counts_parameters
from extractor.extract.numbers.quantity_types import Quantity
from extractor.extract.text.cues import LANGS, cues, lang_key, words_searcher
from extractor.extract.text.literal_gates import fold_ascii_case
from extractor.extract.text.regex_tools import is_hangul
from extractor.extract.numbers.scores import score_of


def not_claim_spans(sentence: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Spans of a sentence whose numbers are no claims: (always, when the number has no
    unit). See `lexicons/claims_not.json`.

    >>> s = "MLPerf 1.1 on 2021-12-02, see 1638413962408997.png"
    >>> always, _ = not_claim_spans(s)
    >>> sorted(s[a:b] for a, b in always)
    ['1638413962408997.png', '2021-12-02', 'MLPerf 1.1']
    """
    c = cues()
    return _spans(c.not_always, sentence), _spans(c.not_unitless, sentence)


def _spans(patterns, sentence: str) -> list[tuple[int, int]]:
    """The match spans of `patterns` (literal_gates.GatedPattern) in `sentence`, pattern by
    pattern, as each one's `spans` gives them: its literal gate, then its skipping
    pattern or its regex. One loop over the patterns' parts (`_plan`) instead of a call
    of each pattern's method (a sentence asks 17 patterns; measured: 8% fewer
    instructions, the searches are the rest); the sentence is case-folded once, when a
    gate asks. A pattern anchored at a line's start (`anchored.anchored_at_start`) is
    tried there only (measured: its skipping search stopped at every space, a twentieth of
    the patterns' time)."""
    text = sentence or ""
    folded = None
    out: list[tuple[int, int]] = []
    for literals, fold, gate, anchored, skipping, finditer in _plan(patterns):
        if literals:
            if fold:
                if folded is None:
                    folded = fold_ascii_case(text)
                haystack = folded
            else:
                haystack = text
            if gate is not None:
                if not gate(haystack):
                    continue
            else:
                for lit in literals:
                    if lit in haystack:
                        break
                else:
                    continue
        if anchored is not None:  # (matches at line starts only: one try at each)
            out += line_start_spans(anchored[0], text, anchored[1])
        elif skipping is not None:
            pos = 0
            while (m := skipping(text, pos)) is not None:
                start, pos = m.span(1)
                out.append((start, pos))
        else:
            out += [m.span() for m in finditer(text) if m.end() > m.start()]
    return out


@lru_cache(maxsize=8)
def _plan(patterns) -> tuple:
    """(literals, folded, gate, anchored match, skipping search, regex finditer) of each
    pattern, as `literal_gates.GatedPattern.spans` reads them (`skipping.skipping_spans`
    for the skipping search: each search goes on from the end of the match before); the
    anchored (match, MULTILINE) only for a pattern `anchored.anchored_at_start`."""
    return tuple((p.literals, p.folded, p.gate,
                  (p.regex.match, bool(p.regex.flags & re.MULTILINE))
                  if anchored_at_start(p.regex) else None,
                  p.skipping.search if p.skipping is not None else None,
                  p.regex.finditer) for p in patterns)


def overlaps(a0: int, a1: int, spans) -> bool:
    for s, e in spans:  # (a loop, no generator: asked of numbers without a unit)
        if s < a1 and a0 < e:
            return True
    return False


def inside_korean_word(sentence: str, q: Quantity) -> bool:
    """A Korean numeral read from the middle of a word: Korean glues particles after a
    word, never before, so "반" in "기반으로" (based on) is no "half".

    >>> inside_korean_word("기반으로", Quantity("반으로", 1, 4, 0.5))
    True
    >>> inside_korean_word("반으로 줄었다", Quantity("반으로", 0, 3, 0.5))
    False
    """
    return bool(q.surface) and is_hangul(q.surface[0]) and q.start > 0 and \
        is_hangul(sentence[q.start - 1])


def glued_to_name(sentence: str, q: Quantity) -> bool:
    """Digits glued to Latin letters or a hyphen before them belong to a name, even one
    the lexicons do not know: A100-80GB, BF16, Model-3, CIFAR-100 (not "$300").

    >>> glued_to_name("the A100-80GB", Quantity("80GB", 9, 13, 80)), glued_to_name("x 80GB", Quantity("80GB", 2, 6, 80))
    (True, False)
    >>> glued_to_name("gains of 5-10%", Quantity("10%", 11, 14, 10))
    False
    """
    if q.start <= 0:
        return False
    ch = sentence[q.start - 1]  # (most numbers follow neither: one test, then no more)
    if ch != "-" and ch not in _ASCII_LETTERS or not q.surface[:1].isdigit():
        return False
    if ch == "-":  # "A100-80GB" is a name, "5-10%" a range
        word = _WORD_BEFORE_HYPHEN.search(sentence, 0, q.start - 1).group()
        return any(c.isalpha() for c in word)
    return True


_ASCII_LETTERS = frozenset(string.ascii_letters)
_WORD_BEFORE_HYPHEN = re.compile(r"[A-Za-z0-9]*$")


def glued_to_lost_word(sentence: str, q: Quantity) -> bool:
    """Digits right after letters lost to '?' in text that spaces its words (Korean) end
    a word, as in "???2" for 가우디2 (Gaudi2); Chinese, unspaced, glues every number.

    >>> glued_to_lost_word("?? ???2, MLPerf ??? H100 ??", Quantity("2", 6, 7, 2))
    True
    >>> glued_to_lost_word("IPU-POD16?? 28.3?? ?? ??", Quantity("28.3", 12, 16, 28.3))
    False
    >>> glued_to_lost_word("????????28.3??", Quantity("28.3", 8, 12, 28.3))
    False
    """
    if q.start <= 0 or sentence[q.start - 1] != "?" or not q.surface[:1].isdigit():
        return False
    return len(re.findall(r"(?:^|\s)\?+(?=[\s\d,.]|$)", sentence)) >= 2


#: letters lost to '?' (a page read in the wrong charset) or to U+FFFD
_LOST_LETTER = frozenset("?\ufffd")


def magnitude_lost(sentence: str, q: Quantity) -> bool:
    """An integer glued to letters the page lost has lost its value: in Korean and
    Chinese the letters right after an integer are often its magnitude (70만 = 700,000,
    120万 = 1,200,000, 2만7000 = 27,000), so "70??" or "2?7000" does not say how much.
    Decimals rarely take a magnitude in the news (28.3분, 1.5배) and keep theirs.

    >>> magnitude_lost("H200 ??? 70?? ????", Quantity("70", 9, 11, 70))
    True
    >>> magnitude_lost("? 2?7000??", Quantity("2", 2, 3, 2))
    True
    >>> magnitude_lost("IPU-POD16?? 28.3?? ??", Quantity("28.3", 12, 16, 28.3))
    False
    >>> magnitude_lost("70 ??", Quantity("70", 0, 2, 70)), magnitude_lost("70%?", Quantity("70%", 0, 3, 70, unit="%"))
    (False, False)
    """
    if q.unit or q.end >= len(sentence) or sentence[q.end] not in _LOST_LETTER:
        return False
    return q.surface.replace(",", "").isdigit()


def reason_not_claim(sentence: str, q: Quantity, name_spans, *, lossy: bool, min_count: float,
                     period_units, spans_cache: list | None = None) -> str:
    """The name of the first rule of the `claim` stage (`rules.RULES`) that says quantity
    `q` of `sentence` is no claim, or "" when it may be one.

    `name_spans` are the entity spans of the sentence (a number starting inside one is
    part of the name); `lossy` says letters of the sentence were lost (digits glued to
    lost letters then end a name). The not-a-claim patterns are read only once a number
    passes the cheap tests (profiled: an eighth of the stage), into `spans_cache` (a list
    the caller keeps for the sentence: [always spans, unitless spans when read]).

    >>> s = "ResNet-50 trained in 28.3 minutes on 2021-12-02"
    >>> [reason_not_claim(s, Quantity(t, s.index(t), s.index(t) + len(t), 1.0, unit=u), [(0, 9)],
    ...                   lossy=False, min_count=2, period_units=("month",)) for t, u in
    ...  (("50", ""), ("28.3 minutes", "min"), ("2021", ""))]
    ['entity_name', '', 'not_claim_pattern']
    """
    from extractor.extract.not_claims.rules import NumberFacts, first, stage_rules  # noqa: PLC0415 - rules imports this module
    facts = NumberFacts(sentence, q, "", name_spans, lossy, _Limits(min_count, period_units), spans_cache)
    rule = first(stage_rules("claim"), facts)
    return rule.name if rule else ""


class _Limits:
    """The options the `claim` stage's rules read (as ClaimConfig has them)."""
    __slots__ = ("min_count", "period_units")

    def __init__(self, min_count: float, period_units):
        self.min_count, self.period_units = min_count, period_units


# -- the tests of the claim stages of `rules.RULES`: test(facts), facts a rules.NumberFacts --

def entity_name(n) -> bool:
    start = n.q.start
    if n.q.end <= start:
        return True
    for a, b in n.name_spans:  # (a loop, no generator: every number of a sentence asks)
        if a <= start < b:
            return True
    return False


def count_below_two(n) -> bool:
    q = n.q
    limit = n.config.min_count
    return q.unit == "count" and q.value is not None and -limit < q.value < limit


def period(n) -> bool:
    return (n.q.unit or "") in n.config.period_units


def off_topic_count(n) -> bool:
    return n.q.unit == "count" and counts_off_topic(n.q.surface)


def inside_korean_word_rule(n) -> bool:
    return inside_korean_word(n.sentence, n.q)


def glued_to_name_rule(n) -> bool:
    return glued_to_name(n.sentence, n.q) or (n.lossy and glued_to_lost_word(n.sentence, n.q))


def magnitude_lost_rule(n) -> bool:
    return n.lossy and magnitude_lost(n.sentence, n.q)


def not_claim_pattern(n) -> bool:
    # [always spans, unitless spans]: the unitless patterns are read only once a number
    # without a unit asks (profiled: the slowest of the patterns, most numbers have a unit)
    if not n.spans_cache:
        n.spans_cache.append(_spans(cues().not_always, n.sentence))
    return overlaps_number(n.q, n.spans_cache[0])


def overlaps_number(q: Quantity, spans) -> bool:
    """A span over the quantity's number; one wholly inside what follows the number is a
    word of its unit ("20.8 FP8 PetaFLOPS": the FP8 name code says how it was counted).

    >>> q = Quantity("20.8 FP8 PetaFLOPS", 0, 18, 20.8, unit="PFLOPS")
    >>> overlaps_number(q, [(5, 8)]), overlaps_number(q, [(0, 4)])
    (False, True)
    """
    start, end = q.start, q.end
    for a, b in spans:  # (a loop, no generator: every number that passes the cheap rules asks)
        if a < end and start < b and not (start < a and b <= end):
            return True
    return False


def not_claim_pattern_unitless(n) -> bool:
    if n.q.unit:
        return False  # "2048 GPUs" is a count
    if not n.spans_cache:  # (read by not_claim_pattern, the rule before, in a run)
        n.spans_cache.append(_spans(cues().not_always, n.sentence))
    if len(n.spans_cache) < 2:
        n.spans_cache.append(_spans(cues().not_unitless, n.sentence))
    return overlaps(n.q.start, n.q.end, n.spans_cache[1])


def bare_number(n) -> bool:
    return not n.q.unit and n.table is None and not n.unit_loss.overlaps(*n.window) and \
        not bare_cue_follows(n.sentence, n.q, n.lang) and not _a_score(n)


def _a_score(n) -> bool:
    """"scored 2,900 in Geekbench 6": a benchmark score has no unit (CLAIMS.md)."""
    return score_of(n.sentence, n.q.start, n.q.end, n.q.value) is not None


def bare_unnamed(n) -> bool:
    return not n.unit and n.link.system_from not in n.in_sentence \
        and n.link.workload_from not in n.in_sentence


def no_subject(n) -> bool:
    return n.config.require_subject and not (n.link.system or n.link.workload)


def _named(n) -> bool:
    return n.link.system_from in n.in_sentence or n.link.workload_from in n.in_sentence


def unnamed_business(n) -> bool:
    if _named(n):
        return False
    if "about_business" not in n.memo:  # the same for each number of the sentence
        n.memo["about_business"] = about_business(n.sentence, n.lang)
    return n.memo["about_business"]


def unnamed_count(n) -> bool:
    return not _named(n) and n.quantity in n.config.named_quantities \
        and not counts_parameters(n.sentence, n.q)


def bare_cue_follows(sentence: str, q: Quantity, lang: str) -> bool:
    """A word right after a bare number implies its lost unit ("최대 2.6 단축")."""
    tail = sentence[q.end:q.end + 8].lstrip().lower()
    return tail.startswith(_bare_cue_words(lang_key(lang)))


@lru_cache(maxsize=8)
def _bare_cue_words(lang: str) -> tuple[str, ...]:
    """The bare cues of a language (of all for another), lower-cased: one `startswith`."""
    langs = [lang] if lang in LANGS else list(LANGS)
    return tuple(w.lower() for lg in langs for w in cues().bare_cues[lg])


@lru_cache(maxsize=None)
def _business_regex(lang: str):
    lex = lexicons.load("claims_business.json")
    langs = [lang] if lang in LANGS else list(LANGS)
    return words_searcher([w for lg in langs for w in lex.get(lg, ())])  # (searched only: skips ahead)


def about_business(sentence: str, lang: str) -> bool:
    """The sentence speaks of a market or a business, not of a product's performance
    (`lexicons/claims_business.json`): its numbers need a named product to be claims.

    >>> about_business("The AI chip market grew 30% last year.", "en")
    True
    >>> about_business("Peak bandwidth reaches 8 TB/s.", "en"), about_business("매출이 30% 늘었다", "ko")
    (False, True)
    """
    rx = _business_regex(lang_key(lang))
    return rx is not None and rx.search(sentence or "") is not None
