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


class LiteralGate(NamedTuple):
    """Whether a text may hold a match of some pattern, told by a few substring tests
    (`in` is an order of magnitude cheaper than a regex scan, which pays per character
    and per position a pattern may start at): every match holds one of `literals`, or
    else `rest` (a pattern with a literal first character, skipped to cheaply) finds it.

    >>> LiteralGate(("://", "@")).holds("see x@y"), LiteralGate(("://",), re.compile("png")).holds("a b")
    (True, False)
    """
    literals: tuple[str, ...]
    rest: re.Pattern | None = None

    def holds(self, text: str) -> bool:
        for literal in self.literals:
            if literal in text:
                return True
        return self.rest is not None and self.rest.search(text) is not None


class Masks(NamedTuple):
    #: searched over the whole text (URLs, markup, code)
    global_re: re.Pattern
    #: holds for every text `global_re` matches in (most texts: no search)
    global_gate: LiteralGate
    #: searched in windows around candidate numbers (dates, times, ids, versions, tickers)
    local_re: re.Pattern
    #: `local_re` without the masks that need an English month name, for texts that hold
    #: none (`months_gate`): the month names start with common letters, where the
    #: search would try them at every word of English text (profiled: a third of the masks)
    local_re_no_months: re.Pattern
    #: finds a month name in every text that holds one, case-folded (`holds_month_name`)
    months_gate: re.Pattern
    #: a number inside a token this matches is part of an address, a file or a parameter
    token_re: re.Pattern
    #: holds for every text that holds a token `token_re` matches (its literals, anywhere)
    token_gate: LiteralGate
    #: a line of program code (// 使用示例:100B參數模型), searched only in texts holding an opener
    code_line_re: re.Pattern
    code_openers: tuple
    #: (words, pattern): a pattern searched over the text only when it holds one of the words
    conditional: tuple = ()
    #: any code opener or conditional word: one search tells that a text holds none of
    #: them (most texts), instead of a test per word
    triggers: re.Pattern | None = None

    def local_re_for(self, text: str, folded: str) -> re.Pattern:
        """The local masks to search in `text` (`folded`: it case-folded): without the
        month masks when no English month name is in it (they cannot match there: the
        same spans)."""
        return self.local_re if holds_folded(self.months_gate, folded, text) else self.local_re_no_months


def holds_folded(gate: re.Pattern, folded: str, text: str) -> bool:
    """Whether `text` may hold a case-insensitive match of a word that holds one of the
    lower-case literals `gate` finds, told by `gate` on `folded` (`text.casefold()`,
    made once for several gates). The engine also matches to i the dotted and dotless I
    (U+0130, U+0131), which case-fold to no ASCII i: a text holding one may hold any.

    >>> gate = re.compile("mar|sep")
    >>> [holds_folded(gate, t.casefold(), t) for t in ("On MARCH 3", "\u017fept. 3", "9 GB")]
    [True, True, False]
    """
    return gate.search(folded) is not None or "\u0130" in text or "\u0131" in text


def literal_keys(words) -> list[str]:
    """Lower-case literals one of which every word (lower-cased) holds: of each word its
    longest piece between spaces and hyphens, then only the pieces that hold no other
    (few and short: a gate's search tries each).

    >>> literal_keys(["January", "jan", "Sept", "sep", "double the", "doubled", "two-fold"])
    ['jan', 'sep', 'fold', 'double']
    """
    pieces = sorted({max(re.split(r"[ \-]", w.lower()), key=len) for w in words if w}, key=lambda p: (len(p), p))
    keys: list[str] = []
    for piece in pieces:
        if not any(key in piece for key in keys):
            keys.append(piece)
    return keys


def literal_trie(words) -> str:
    """A regex alternation of literal words written as a trie: at each level one branch
    per first character, which the engine rejects at one comparison (a flat alternation
    tries every word at each position; profiled: twice the instructions for a gate).

    >>> literal_trie(["one", "ten", "twice", "two"])
    '(?:one|t(?:en|w(?:ice|o)))'
    >>> import re
    >>> [m.group() for m in re.finditer(literal_trie(["do", "double"]), "double do")]
    ['double', 'do']
    """
    by_first: dict[str, list[str]] = {}
    for word in words:
        if word:
            by_first.setdefault(word[0], []).append(word[1:])
    if not by_first:
        return ""
    branches = [re.escape(first) + literal_trie(rests) for first, rests in sorted(by_first.items())]
    body = branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"
    return f"(?:{body})?" if "" in words else body


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
    # (a literal each of those alternatives holds: h, f, w start too many English words
    # for the search's skip to the first characters to pay)
    global_gate = LiteralGate(("://", "www.", "<", "&", "`", "\\"))
    local_patterns = _local_patterns(numbers)
    months = _month_patterns()
    local_mask_re = _grouped_local_masks(local_patterns)
    local_no_months = _grouped_local_masks([p for p in local_patterns if p not in months])
    # (every month name holds its three-letter form: january, sept)
    months_gate = re.compile(alt(literal_keys(lexicons.load("numbers_en.json").get("month_names", [])), False))
    # a number inside a token like these is part of an address, a file or a parameter
    files = r"\.(?i:png|jpe?g|gif|webp|svg|pdf|html?|php|aspx?|js|css|json|xml|csv|zip|mp4|txt|py)"
    token_mask_re = re.compile(rf"[@=]|://|^www\.|{files}(?![A-Za-z0-9])")
    # a token is a piece of its text: a text where none of these is found holds no such
    # token, and its numbers need no token read (most texts: a few tests for a text
    # instead of a search for each number)
    token_gate = LiteralGate(("@", "=", "://", "www."), re.compile(files))
    # a pattern anchored at line starts has no first character to skip ahead by: kept
    # apart and searched only in texts that hold an opener
    code_line_re = re.compile(rf"(?m:^[ \t]*(?:{code}).*$)")
    openers = tuple(nots.get("code_line_openers", []))
    conditional = _conditional_masks(nots)
    words = openers + tuple(w for ws, _ in conditional for w in ws)
    # (an empty word is in every text: then no shortcut)
    triggers = re.compile("|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))) \
        if words and "" not in words else None
    return Masks(global_mask_re, global_gate, local_mask_re, local_no_months, months_gate, token_mask_re, token_gate,
                 code_line_re, openers, conditional, triggers)


def _grouped_local_masks(patterns: list[tuple[bool, str]]) -> re.Pattern:
    r"""The masks searched around every candidate number, as one pattern: its alternatives
    grouped by the characters they can start with (first_char_buckets), so that an attempt
    at a digit tries only the alternatives that start with a digit, at a letter only the
    month names; behind a lookahead on all of those, the engine skips other positions at
    one test (profiled: the masks were the costliest part of the layer); alternatives that
    start a number share one `(?<!\d)`, failing at once inside a number (most digits of a
    text)."""
    return re.compile(with_first_char_guard(first_char_buckets(
        [f"(?:{p})" for _, p in patterns],
        prefixes=[_AT_NUMBER_START if start else "" for start, _ in patterns])))


#: what a pattern that starts a number (True in `_local_patterns`) implies by its own left
#: boundary (\\b, (?<![\\d.]) ...): no digit before it; written once for its neighbours
_AT_NUMBER_START = r"(?<!\d)"


def _local_patterns(numbers: list[dict]) -> list[tuple[bool, str]]:
    """The masks searched in windows around candidate numbers, in the order they are
    tried, each with whether it starts a number (its own left boundary rules out a digit
    before it: `_AT_NUMBER_START`): dates, times, result ids, versions, tracking ids,
    phone numbers, dimensions, citation marks, stock tickers."""
    month_day, day_month, month_year = _month_patterns()
    year_suffixes = alt([s for lex in numbers for s in lex.get("year_suffixes", [])], False)
    year = r"(?:1[89]|20)\d\d"
    patterns = [
        (True, rf"\b{year}[-/.](?:0?[1-9]|1[0-2])[-/.](?:[0-2]?\d|3[01])\b|\b{year}[-/](?:0?[1-9]|1[0-2])\b"),
        (True, r"\b(?:[0-2]?\d|3[01])[/.](?:0?[1-9]|1[0-2])[/.](?:\d\d){1,2}\b|\b(?:0?[1-9]|1[0-2])/(?:[0-2]?\d|3[01])/(?:\d\d){1,2}\b"),
        month_day, day_month, month_year,
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


def _month_patterns() -> tuple[tuple[bool, str], ...]:
    """The local masks that need an English month name (March 15, 15th of March, March
    2024), as `_local_patterns` gives them."""
    months = alt(lexicons.load("numbers_en.json").get("month_names", []), boundary=False)
    year = r"(?:1[89]|20)\d\d"
    return (
        (False, rf"(?i:\b(?:{months})\.?{SP}+\d{{1,2}}(?:st|nd|rd|th)?(?:,?{SP}+{year})?(?!\d))"),
        (True, rf"(?i:\b\d{{1,2}}(?:st|nd|rd|th)?{SP}+(?:of{SP}+)?(?:{months})\b\.?(?:,?{SP}+{year})?)"),
        (False, rf"(?i:\b(?:{months})\.?,?{SP}+{year}\b)"),
    )


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


#: the spans of a text that holds no mask (most texts): shared, as no reader changes a
#: `Spans` once made
NO_SPANS = Spans(())
