"""The cheap tests that spare the quantity layer a scan (literal gates, the reversed
qualifier match) decide as the scans they spare would: never a match lost."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.not_claims.masks import holds_folded
from extractor.extract.quantities.ending_words import EndingWords
from extractor.extract.quantities.quantity_grammar import grammar
from extractor.extract.text.regex_tools import SP, alt, first_char_buckets, left_bound, with_first_char_guard

LANGS = ("en", "ko", "zh")

_PIECES = st.sampled_from([
    "about", "ABOUT", "up to", "Up To", "roundabout", "over", "more than", "약", "최대", "近", "约", "~", "$",
    "US$", "us $", "€", "百分之", "five", "FIVE", "ſix", "twİce", "twıce", "twice", "doubled", "Half the",
    "one-third of", "翻倍", "절반", "March", "MAR.", "ſept", "Dec", " ", "  ", "\t", "\u00a0", "5", "2024",
    "12", ".", ",", "a", "x", "(", "-", "K", "ninety", "hour", "an hour"])

_TEXTS = st.lists(_PIECES, max_size=8).map("".join)


def _old_qualifier_pattern(words):
    """The qualifier search as it was written before EndingWords: grouped by first
    character, behind a first-character guard, searched over the window."""
    words = sorted(words, key=len, reverse=True)
    before = first_char_buckets([re.escape(t) for t in words], prefixes=[left_bound(t) for t in words])
    return re.compile(with_first_char_guard(rf"(?:{before or '(?!x)x'}){SP}*\Z"), re.I)


@settings(max_examples=400, deadline=None)
@given(_TEXTS, st.integers(0, 30), st.integers(0, 30))
def test_qualifier_before_finds_what_the_window_search_finds(text, a, b):
    g = grammar(LANGS)
    old = _old_qualifier_pattern(list(g.qual_before))
    lo, hi = min(a, b, len(text)), min(max(a, b), len(text))
    found, expected = g.qual_before_re.search(text, lo, hi), old.search(text, lo, hi)
    assert (found and found.span()) == (expected and expected.span())


@settings(max_examples=400, deadline=None)
@given(_TEXTS, st.integers(0, 30), st.integers(0, 30))
def test_currency_prefix_finds_what_the_window_search_finds(text, a, b):
    g = grammar(LANGS)
    words = [w for w in g.prefix_units if w]
    old = re.compile(with_first_char_guard(rf"(?:{alt(words, False)}){SP}?\Z"), re.I)
    lo, hi = min(a, b, len(text)), min(max(a, b), len(text))
    found, expected = g.prefix_re.search(text, lo, hi), old.search(text, lo, hi)
    assert (found and found.span()) == (expected and expected.span())


def test_ending_words_with_a_blank_at_a_word_end_search_forward():
    words = EndingWords(["up to ", "to"], re.I)
    assert words.reversed is None
    assert words.search("up to  ", 0, 7).group() == "up to  "


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
def test_word_gate_holds_for_every_number_word_and_multiplier(text):
    """A text the gate finds no key in holds no English number word and no multiplier
    word (the engine's case folding included: ſ, İ, ı, the Kelvin sign)."""
    for langs in (("en",), ("en", "zh"), LANGS):
        g = grammar(langs)
        found = [m for rx in g.word_number_res if "en" in rx.groupindex for m in rx.finditer(text)]
        found += g.multiplier_re.finditer(text)
        if found:
            assert holds_folded(g.word_gate, text.casefold(), text), (langs, text)


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
def test_local_masks_without_months_only_where_no_month_can_match(text):
    masks = grammar(LANGS).masks
    chosen = masks.local_re_for(text, text.casefold())
    assert [m.span() for m in chosen.finditer(text)] == [m.span() for m in masks.local_re.finditer(text)]


@settings(max_examples=300, deadline=None)
@given(_TEXTS)
def test_global_gate_holds_where_the_global_masks_match(text):
    masks = grammar(LANGS).masks
    if masks.global_re.search(text):
        assert masks.global_gate.holds(text)


_NUMBER_PIECES = st.sampled_from(["1", "25", "2024", "1,750", ".", ",", "3.5", "e", "E", "+", "-", ":", " ", "\u00a0",
                                  "比", "万", "億", "억", "천", "百分之", "千瓦", "x", "GB", "1:8", "3比1", "10:30", "五"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_NUMBER_PIECES, max_size=10).map("".join))
def test_number_pattern_matches_as_without_its_lookaheads(text):
    """The lookaheads before the ratio and CJK-magnitude alternatives of the number
    pattern only fail sooner what would fail: the same matches without them."""
    for langs in (("en",), ("en", "zh"), LANGS):
        rx = grammar(langs).number_res[0]
        plain = rx.pattern.replace(r"(?=[\d.]*(?:[ \t\u00a0]?比|[ \t\u00a0]?:))", "")
        plain = re.sub(r"\(\?=\[\\d,\.eE\+\\-\]\*\[[^\]]+\]\)", "", plain)
        assert plain != rx.pattern and len(plain) < len(rx.pattern) - 40
        old = re.compile(plain)
        assert [(m.span(), m.lastgroup) for m in rx.finditer(text)] == \
            [(m.span(), m.lastgroup) for m in old.finditer(text)]


def test_ending_words_window_from_before_the_text_starts_at_zero():
    """`search(text, lo, hi)` with `lo` below 0 searches from 0 (callers pass the offset
    a window's length before a number)."""
    g = grammar(LANGS)
    for text in ("about 5", "약 5", "US$ 5", "x about 5"):
        hi = len(text) - 1
        for words in (g.qual_before_re, g.prefix_re):
            found, expected = words.search(text, hi - 24, hi), words.search(text, 0, hi)
            assert (found and found.span()) == (expected and expected.span()), text
