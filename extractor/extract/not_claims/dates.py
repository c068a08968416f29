"""Dates with a day, as pages write them (2021-12-02, 2021年12月2日, "Dec. 2, 2021",
"2 December 2021"): a number inside one is no claim (`quantities`), and the page context
reads the page's date from them (page_context.find_dates)."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from extractor import lexicons
from extractor.extract.text.regex_tools import alt, first_char_alternation


class FullDates(NamedTuple):
    """Dates with a day, as pages write them; a number inside one is no claim, and the page
    context reads the page's date from them (page_context.find_dates). Groups: year, month, day
    (month_day_year: month word, day, year; day_month_year: day, month word, year)."""
    iso: re.Pattern
    cjk: re.Pattern
    month_day_year: re.Pattern
    day_month_year: re.Pattern
    #: month word (lower case) -> month number
    months: dict


@lru_cache(maxsize=1)
def full_dates() -> FullDates:
    """The full-date patterns (month words: lexicons/context_words.json).

    >>> [m.groups() for m in full_dates().iso.finditer("時間:2021-12-02 and 2021. 12. 2.")]
    [('2021', '12', '02'), ('2021', '12', '2')]
    """
    months = lexicons.load("context_words.json")["months"]
    month = alt(months, False)
    ci = re.IGNORECASE
    after_word_start = r"(?<!\w.)"  # after a first letter: "\b" before it
    # the page context searches whole pages with them. The years open with
    # their first digit as a literal and check what stands before it after it
    # ("1(?<![\d.].)9" is "(?<![\d.])19"): the engine then skips ahead to a 1 or a 2
    # by itself, twice as fast again as behind the lookahead
    return FullDates(
        # 2021-12-02, 2021/12/02, 2021.12.02 and the Korean press's "2021. 12. 2."
        iso=re.compile(r"((?:1(?<![\d.].)9|2(?<![\d.].)0)\d\d)(?:[-/]|\.\s?)(\d{1,2})(?:[-/]|\.\s?)"
                       r"(\d{1,2})(?!\d|\.\d)"),
        cjk=re.compile(r"((?:1(?<!\d.)9|2(?<!\d.)0)\d\d)\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]"),
        # the month word opens with its first letter as a case-sensitive class holding
        # every character the engine folds to it, its left bound checked after it
        # ("\b(?i:jan|...)" is "[JjAa...](?<!\w.)(?i:(?<=j)an|...)"): the engine skips
        # ahead to those letters by itself, where a lookahead guard made it try every
        # position of the page (1.8x faster on the bench pages; the old pattern is in the tests)
        month_day_year=re.compile(
            rf"({first_char_alternation(months, ci=True, guard=after_word_start, all_cases=True)})"
            rf"(?i:\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)(?!\d))"),
        # the day opens with its digit, as the years above ("\d(?<!\d\d)" is "(?<!\d)\d")
        day_month_year=re.compile(
            rf"(\d(?<!\d\d)\d?)(?:st|nd|rd|th)?\s+({month})\.?,?\s+((?:19|20)\d\d)(?!\d)", ci),
        months={k.lower(): v for k, v in months.items()},
    )
