"""The span masks of the quantity layer: where a number is no quantity because of the
text around it (dates, times, URLs, markup, code, ids, versions, phone numbers,
dimensions, stock tickers, process nodes, display modes). `build_masks` compiles them for
a grammar (`quantity_grammar`); `Spans` answers "is this offset inside one" for the
`masked` rule of `rules.RULES`.
"""
from __future__ import annotations

import bisect
import re
from typing import NamedTuple

from extractor import lexicons
from extractor.extract.text.regex_tools import HAN, SP, alt, first_char_buckets, with_first_char_guard


class Masks(NamedTuple):
    #: searched over the whole text (URLs, markup, code)
    global_re: re.Pattern
    #: searched in windows around candidate numbers (dates, times, ids, versions, tickers)
    local_re: re.Pattern
    #: a number inside a token this matches is part of an address, a file or a parameter
    token_re: re.Pattern
    #: found in every text that holds a token `token_re` matches (its literals, anywhere)
    token_gate: re.Pattern
    #: a line of program code (// 使用示例:100B參數模型), searched only in texts holding an opener
    code_line_re: re.Pattern
    code_openers: tuple
    #: (words, pattern): a pattern searched over the text only when it holds one of the words
    conditional: tuple = ()
    #: any code opener or conditional word: one search tells that a text holds none of
    #: them (most texts), instead of a test per word
    triggers: re.Pattern | None = None


def build_masks(numbers: list[dict]) -> Masks:
    """Spans that hold no quantity. The ones with a distinctive first character are
    searched over the whole text; the rest only in windows around candidate numbers."""
    nots = lexicons.load("claims_not.json")
    code = alt(nots.get("code_line_openers", []), False)
    global_mask_re = re.compile("|".join([
        r"https?://\S+|ftp://\S+|www\.\S+",                      # URLs
        r"<[^<>]{0,500}>|&#?\w{1,10};",                          # markup remains
        r"`[^`\n]{1,200}`|\\[A-Za-z]+\{[^{}\n]{0,200}\}",        # code and LaTeX
    ]))
    starts, patterns = zip(*_local_patterns(numbers))
    # searched around every candidate number: its alternatives grouped by the characters
    # they can start with (first_char_buckets), so that an attempt at a digit tries only
    # the alternatives that start with a digit, at a letter only the month names; behind
    # a lookahead on all of those, the engine skips other positions at one test (profiled:
    # the masks were the costliest part of the layer); alternatives that start a number
    # share one `(?<!\d)`, failing at once inside a number (most digits of a text)
    local_mask_re = re.compile(with_first_char_guard(first_char_buckets(
        [f"(?:{p})" for p in patterns],
        prefixes=[_AT_NUMBER_START if start else "" for start in starts])))
    # a number inside a token like these is part of an address, a file or a parameter
    files = r"\.(?i:png|jpe?g|gif|webp|svg|pdf|html?|php|aspx?|js|css|json|xml|csv|zip|mp4|txt|py)"
    token_mask_re = re.compile(rf"[@=]|://|^www\.|{files}(?![A-Za-z0-9])")
    # a token is a piece of its text: a text where none of these is found holds no such
    # token, and its numbers need no token read (most texts: one search for a text
    # instead of one for each number)
    token_gate = re.compile(rf"[@=]|://|www\.|{files}")
    # a pattern anchored at line starts has no first character to skip ahead by: kept
    # apart and searched only in texts that hold an opener
    code_line_re = re.compile(rf"(?m:^[ \t]*(?:{code}).*$)")
    openers = tuple(nots.get("code_line_openers", []))
    conditional = _conditional_masks(nots)
    words = openers + tuple(w for ws, _ in conditional for w in ws)
    # (an empty word is in every text: then no shortcut)
    triggers = re.compile("|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))) \
        if words and "" not in words else None
    return Masks(global_mask_re, local_mask_re, token_mask_re, token_gate, code_line_re, openers, conditional, triggers)


#: what a pattern that starts a number (True in `_local_patterns`) implies by its own left
#: boundary (\\b, (?<![\\d.]) ...): no digit before it; written once for its neighbours
_AT_NUMBER_START = r"(?<!\d)"


def _local_patterns(numbers: list[dict]) -> list[tuple[bool, str]]:
    """The masks searched in windows around candidate numbers, in the order they are
    tried, each with whether it starts a number (its own left boundary rules out a digit
    before it: `_AT_NUMBER_START`): dates, times, result ids, versions, tracking ids,
    phone numbers, dimensions, citation marks, stock tickers."""
    en = lexicons.load("numbers_en.json")
    months = alt([m for m in en.get("month_names", [])], boundary=False)
    year_suffixes = alt([s for lex in numbers for s in lex.get("year_suffixes", [])], False)
    year = r"(?:1[89]|20)\d\d"
    patterns = [
        (True, rf"\b{year}[-/.](?:0?[1-9]|1[0-2])[-/.](?:[0-2]?\d|3[01])\b|\b{year}[-/](?:0?[1-9]|1[0-2])\b"),
        (True, r"\b(?:[0-2]?\d|3[01])[/.](?:0?[1-9]|1[0-2])[/.](?:\d\d){1,2}\b|\b(?:0?[1-9]|1[0-2])/(?:[0-2]?\d|3[01])/(?:\d\d){1,2}\b"),
        (False, rf"(?i:\b(?:{months})\.?{SP}+\d{{1,2}}(?:st|nd|rd|th)?(?:,?{SP}+{year})?(?!\d))"),
        (True, rf"(?i:\b\d{{1,2}}(?:st|nd|rd|th)?{SP}+(?:of{SP}+)?(?:{months})\b\.?(?:,?{SP}+{year})?)"),
        (False, rf"(?i:\b(?:{months})\.?,?{SP}+{year}\b)"),
        # (no left boundary: 2024年 is a year inside a longer run of digits too)
        (False, rf"{year}{SP}?(?:{year_suffixes})(?:{SP}?\d{{1,2}}{SP}?[월月](?:{SP}?\d{{1,2}}{SP}?[일日号號])?)?"
         if year_suffixes else r"(?!x)x"),
        (True, rf"(?<![\d.])\d{{1,2}}{SP}?[월月](?![간份])(?:{SP}?\d{{1,2}}{SP}?[일日号號])?"),
        (True, r"(?<![\d.:])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s?(?i:[ap]\.?m\.?))?(?![\d:])"),
        (True, r"(?i:\b\d{1,2}\s?[ap]\.m\.|\b\d{1,2}\s?[ap]m\b)"),
        (True, r"(?<!\d)\d{1,2}시(?!간|스|즌|작|장|점|리즈|대|리|각)(?:\s?\d{1,2}분)?"),
        (False, r"[上下]午\s?\d{1,2}[点點时時]"),
        (True, r"\b\d+\.\d+-\d{3,}\b"),                                  # MLPerf result ids 1.0-1025
        (True, r"\b\d+(?:\.\d+){2,}\b"),                                  # versions, IP addresses
        (True, r"(?<![\d,.])\d{11,}(?![\d,])"),                           # tracking ids
        (False, r"\+\d{1,3}[ .\-]?\(?\d{1,4}\)?(?:[ .\-]\d{2,4}){2,3}\b"),   # phone numbers
        (False, r"\(\d{3}\)\s?\d{3}-\d{4}\b"),
        (True, r"\b\d{2,4}-\d{3,4}-\d{4}\b"),
        (True, r"(?<![\w.])\d+[xX×]\d+(?:[xX×]\d+)?\b"),                 # dimensions 32x32
        (True, r"\b0x[0-9A-Fa-f]+\b"),
        (False, r"\[\d{1,3}\]"),                                           # array indices, citation marks [1]
        (False, rf"(?<=[{HAN}])[(（]\d{{4,6}}(?:\.[A-Z]{{2}})?[)）]"),        # stock tickers 台積電(2330)
    ]
    return patterns


def _conditional_masks(nots: dict) -> tuple[tuple[tuple[str, ...], re.Pattern], ...]:
    """Masks that need a rare word, as (the words, the pattern): searched over a text only
    when it holds one of the words."""
    nodes = alt(nots.get("process_node_units", []))
    local_times = nots.get("local_time_markers", [])
    displays = nots.get("display_mode_after", [])
    conditional = (
        (tuple(nots.get("process_node_units", [])),              # process nodes 5奈米, 4nm, 10㎚급
         re.compile(rf"(?<![\d.])\d+(?:\.\d+)?{SP}?(?:{nodes})")),
        (("4K", "8K", "2K", "5K", "4k", "8k"),                   # display modes 4K 60Hz
         re.compile(rf"(?<![A-Za-z0-9_.])[2458][Kk](?={SP}?(?:\d{{2,3}}{SP}?)?(?:{alt(displays, False)}))")),
        (tuple(local_times),                                      # 1일(현지시간)
         re.compile(rf"(?<!\d)\d{{1,2}}\D{{0,3}}(?:{alt(local_times, False)})")),
        (("\ufffd", "?"),                                        # 2012�12�: 年/月 lost to damage
         re.compile(r"(?:19|20)\d\d[\ufffd?]{1,3}\d{1,2}[\ufffd?]{1,3}(?:\d{1,2}[\ufffd?])?")),
    )
    return conditional


class Spans:
    """Sorted, non-overlapping spans with a fast 'is this offset inside one' test.

    >>> spans = Spans([(0, 4), (2, 6), (10, 12)])  # (2, 6) overlaps (0, 4): dropped
    >>> spans.covers(3), spans.covers(5), spans.covers(11), spans.covers(12)
    (True, False, True, False)
    """

    def __init__(self, spans):
        self.starts, self.ends = [], []
        for s, e in spans:
            if self.ends and s < self.ends[-1]:
                continue
            self.starts.append(s)
            self.ends.append(e)

    def covers(self, pos: int) -> bool:
        i = bisect.bisect_right(self.starts, pos) - 1
        return i >= 0 and pos < self.ends[i]

    def covering(self, pos: int) -> tuple[int, int] | None:
        """The span that covers `pos`, or None."""
        i = bisect.bisect_right(self.starts, pos) - 1
        return (self.starts[i], self.ends[i]) if i >= 0 and pos < self.ends[i] else None
