"""MLPerf rounds: the publication calendar of each suite, and which round a set of
mentions or a past result speaks of.

- `round_for_date(date, suite)`, `known_rounds(suite)`, `round_sort_key(rnd)`,
  `all_rounds()`: the calendar (lexicon `context_rounds.json`).
- `pick_round(mentions, date_round)`: the most likely round among those named.
- `past_round(text, at, rnd, suite, date, window)`: the round of a number followed by a
  past-result cue ("the 10.9 minutes it posted in June": the round published in June
  before `rnd`; "last round": the one before it).

No function here raises on a str.
"""
from __future__ import annotations

import bisect
import re
from functools import lru_cache

from extractor import lexicons
from extractor.extract.not_claims import full_dates
from extractor.extract.text.literal_gates import fold_ascii_case, innermost_literals
from extractor.extract.text.regex_tools import literal_alternation
from extractor.extract.text.skipping import SkippingPattern



@lru_cache(maxsize=None)
def _round_calendar(suite: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(publication dates, rounds) of a suite, sorted by date; training when unknown."""
    table = lexicons.load("context_rounds.json").get(suite or "training")
    if not isinstance(table, dict):
        table = lexicons.load("context_rounds.json")["training"]
    pairs = sorted((date, rnd) for rnd, date in table.items())
    return tuple(d for d, _ in pairs), tuple(r for _, r in pairs)


def round_for_date(date: str, suite: str = "training") -> str:
    """The round a page dated `date` speaks of: the last one published on or before it.

    >>> round_for_date("2021-12-02"), round_for_date("2021-06-30"), round_for_date("2021-06-29")
    ('v1.1', 'v1.0', 'v0.7')
    >>> round_for_date("2010-01-01"), round_for_date("")
    ('', '')
    """
    if not date:
        return ""
    dates, rounds = _round_calendar(suite)
    i = bisect.bisect_right(dates, date)
    return rounds[i - 1] if i else ""


@lru_cache(maxsize=None)
def all_rounds() -> frozenset[str]:
    return frozenset(r for table in lexicons.load("context_rounds.json").values()
                     if isinstance(table, dict) for r in table)


def known_rounds(suite: str = "training") -> tuple[str, ...]:
    """The rounds of a suite in publication order (lexicon `context_rounds.json`)."""
    return _round_calendar(suite)[1]


@lru_cache(maxsize=1024)
def round_sort_key(rnd: str) -> tuple[int, int]:
    """Sort key of a round name.

    >>> sorted(["v1.10", "v2.0", "v1.1"], key=round_sort_key)
    ['v1.1', 'v1.10', 'v2.0']
    """
    m = re.fullmatch(r"v?(\d+)\.(\d+)", rnd or "")
    return (int(m.group(1)), int(m.group(2))) if m else (-1, -1)


def pick_round(mentions, date_round: str) -> str:
    """The most likely round among those named: summed weights, a bonus for the one the
    page's date implies; ties go to the later round."""
    if not mentions:
        return ""
    scores: dict[str, float] = {}
    for m in mentions:
        scores[m.round] = scores.get(m.round, 0.0) + m.weight
    if date_round in scores:
        scores[date_round] += 1.0
    return max(scores, key=lambda r: (scores[r], round_sort_key(r)))


@lru_cache(maxsize=None)
def _past_patterns() -> tuple[SkippingPattern, re.Pattern, re.Pattern]:
    table = lexicons.load("context_rounds.json")
    months = full_dates().months
    # the cues are searched after every claim's number: skipping ahead to their first
    # characters (`skipping`; same matches; profiled: 3x faster behind a first-character
    # guard than plain, faster again skipping)
    return (SkippingPattern(literal_alternation(table.get("past_result_cues", [])), re.IGNORECASE),
            re.compile(literal_alternation(table.get("past_result_blockers", [])),
                       re.IGNORECASE),
            re.compile(r"\b(" + literal_alternation(months) + r")\b", re.IGNORECASE))


def states_past_result(text: str) -> bool:
    """Whether `text` holds a past-result cue anywhere: the cues are plain words, so a
    sentence without one has none after any of its numbers (`past_round`). An `in` test
    for each cue in the text's `fold_ascii_case` (exactly where the case-insensitive
    search matches): asked of every sentence with a claim, the search made an attempt at
    most of its positions (profiled: 20x the cost).

    >>> states_past_result("It beat the 10.9 minutes it POSTED in June."), states_past_result("작년 대비")
    (True, True)
    >>> states_past_result("10.9 minutes in June")
    False
    """
    folded = fold_ascii_case(text)
    for cue in _past_cue_words():  # (a loop, not a generator: a step per cue was a call)
        if cue in folded:
            return True
    return False


@lru_cache(maxsize=1)
def _past_cue_words() -> tuple[str, ...]:
    """The past-result cues folded as `fold_ascii_case` folds a text, but those holding
    another (found wherever it is)."""
    return innermost_literals(fold_ascii_case(w) for w in lexicons.load("context_rounds.json").get("past_result_cues", [])
                              if w)


def past_round(text: str, at: int, rnd: str, suite: str, date: str,
                window: int = 40) -> str:
    """The round a number speaks of when a past-result cue follows it (see
    `sentence_context`): the round published in the month the cue names, else the one
    before `rnd`; `rnd` when there is no such cue, '' when no earlier round is known."""
    cue, blocker, month_rx = _past_patterns()
    after = text[at:at + window]
    m = cue.search(after)
    if not m or blocker.search(after[:m.start()]):
        return rnd
    current = rnd or round_for_date(date, suite)
    dates, rounds = _round_calendar(suite)
    earlier = [(d, r) for d, r in zip(dates, rounds)
               if current and round_sort_key(r) < round_sort_key(current)]
    if not earlier:
        return ""
    month = month_rx.search(after[m.start():m.end() + 15])
    if month:
        number = full_dates().months.get(month.group(1).lower())
        same = [r for d, r in earlier if number and int(d[5:7]) == int(number)]
        if same:
            return same[-1]
    return earlier[-1][1]
