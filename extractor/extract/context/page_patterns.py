"""The page context's patterns, compiled once from its lexicons (`context_rounds.json`,
`context_words.json`, ...): suite, round, division and date cue words, month names, the
date shapes. `page_context` and `sentence_context` read them through `patterns()`."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from extractor import lexicons
from extractor.extract.not_claims import full_dates
from extractor.extract.text.regex_tools import literal_alternation, with_first_char_guard
from extractor.extract.text.skipping import SkippingPattern


@dataclass(frozen=True)
class PagePatterns:
    benchmark: SkippingPattern
    round_after_benchmark: SkippingPattern
    round_after_suite: SkippingPattern
    round_in_id: SkippingPattern
    current_cue: SkippingPattern
    passing_cue: SkippingPattern
    suites: dict
    divisions: dict
    #: every division phrase in one pattern, one named group per division and `both`
    #: first, so that "開放和封閉類別" is one mention of both, not also one of closed
    #: (skipping ahead: searched in every sentence with a claim)
    any_division: SkippingPattern
    iso_date: re.Pattern
    cjk_date: re.Pattern
    month_day_year: re.Pattern
    day_month_year: re.Pattern
    date_cue: SkippingPattern
    months: dict


@lru_cache(maxsize=None)
def patterns() -> PagePatterns:
    words = lexicons.load("context_words.json")
    bench = literal_alternation(words["benchmark_names"])
    marks = rf"(?:{literal_alternation(words.get('trademark_marks', []))})?"
    all_suite_words = [w for ws in words["suites"].values() for w in ws]
    suite = literal_alternation(all_suite_words)
    version = literal_alternation(words["version_words"])
    number = r"(?P<num>\d{1,2}\.\d{1,2})(?![\d.]|-\d)"
    sep = r"[\s\-:：,()（）|]{0,3}"
    # "MLPerf 1.1", "MLPerf v2.0", "MLPerf Training v2.0", "MLPerf™ Training version 1.0",
    # "MLPerf訓練1.1", "MLPerf v1.0 Training"
    after_bench = (rf"(?:{bench}){marks}{sep}(?:(?P<suite>{suite}){sep})?"
                   rf"(?:(?P<version>{version}){sep})?{number}")
    # "Training version 1.0", "Training v2.0": a version word is required without the
    # benchmark's name, or any "training 2.0 epochs" would count
    after_suite = rf"(?P<suite>{suite}){sep}(?P<version>{version}){sep}{number}"
    dates = full_dates()
    ci = re.IGNORECASE

    def skipping(pattern: str) -> SkippingPattern:
        # the same matches, found by skipping ahead to the characters a match can start
        # with (`skipping`): a case-insensitive word is otherwise tried at every position
        # of the page, and these run over whole pages and windows (per 10 KB bench page:
        # the three opening with the benchmark's name 29-35 -> 24-28 us, the
        # suite-version pattern 103 -> 66 us)
        return SkippingPattern(pattern, ci)

    def guarded(pattern: str) -> re.Pattern:
        # behind a lookahead on its first characters (same matches): a case-insensitive
        # alternation of words is otherwise tried at every position of the page, and these
        # run over whole pages, blocks and sentences (profiled: 3-6x faster so; the
        # patterns left unguarded start with a literal the engine already skips to)
        return re.compile(with_first_char_guard(pattern), ci)

    return PagePatterns(
        benchmark=skipping(bench),
        round_after_benchmark=skipping(after_bench),
        round_after_suite=skipping(after_suite),
        round_in_id=skipping(rf"(?:{bench}){marks}\s*ID\s*[:：]?\s*(?P<num>\d{{1,2}}\.\d{{1,2}})-\d{{2,5}}"),
        current_cue=skipping(literal_alternation(words["round_current_cues"])),
        passing_cue=skipping(literal_alternation(words["round_passing_cues"])),
        suites={name: guarded(literal_alternation(ws)) for name, ws in words["suites"].items()},
        divisions={name: guarded(literal_alternation(ws)) for name, ws in words["divisions"].items()},
        any_division=skipping("|".join(
            [f"(?P<both>{literal_alternation(words['both_divisions'])})"] +
            [f"(?P<{name}>{literal_alternation(ws)})" for name, ws in words["divisions"].items()])),
        # the full-date patterns are the not-a-claim rules' (one home for what a date is)
        iso_date=dates.iso,
        cjk_date=dates.cjk,
        month_day_year=dates.month_day_year,
        day_month_year=dates.day_month_year,
        date_cue=skipping(literal_alternation(words["date_cues"])),
        months=dates.months,
    )
