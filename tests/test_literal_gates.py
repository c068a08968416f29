"""Literal gates (extractor.extract.text.literal_gates): the gate before a search must never
skip a text the pattern matches, under any case folding the engine does."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor import lexicons
from extractor.extract.text.literal_gates import GatedPattern, fold_ascii_case, required_literals


def test_fold_covers_every_character_the_engine_folds_to_an_ascii_letter():
    every = "".join(chr(i) for i in range(0x110000) if not 0xD800 <= i < 0xE000)
    for ch in re.findall("(?i)[a-z]", every):
        letter = next(c for c in "abcdefghijklmnopqrstuvwxyz" if re.fullmatch(f"(?i){c}", ch))
        assert fold_ascii_case(ch) == letter, (ch, hex(ord(ch)))


@pytest.mark.parametrize("pattern, expected", [
    (r"[\w\-.]+\.(?:png|jpe?g|json)\b", (("jp", "json", "png"), False)),
    (r"(?i)\b(?:jan|sept?)\.?\s+\d", (("jan", "sep"), True)),
    # a case-sensitive group inside a case-insensitive pattern is read as written
    (r"(?i)(?-i:GB)\d", (("GB",), False)),
    # case-folded and case-sensitive alternatives: folded, when folding keeps the latter
    (r"(?i)x\d|(?-i:y)\d", (("x", "y"),  True)),
    (r"(?i)x\d|(?-i:Y)\d", None),
    # a non-ASCII letter matched case-insensitively is no plain literal
    (r"(?i)é\d", None),
    (r"\d+", None),
    (r"a|\d", None),
])
def test_required_literals(pattern, expected):
    assert required_literals(pattern) == expected


def _not_claim_patterns() -> list[str]:
    nots = lexicons.load("claims_not.json")
    return [rx for key in ("always", "when_unitless") for k, rx in nots[key].items()
            if not k.startswith("_")]


def _alphabet() -> list[str]:
    """Characters the not-claim patterns' literals are made of, their other cases, the
    characters the engine folds to ASCII letters, digits and separators."""
    chars = set("0123456789 .,:-/=()#\n\u212a\u017f\u0130\u0131")
    for rx in _not_claim_patterns():
        for lit in (required_literals(rx, re.MULTILINE) or ((), False))[0]:
            chars |= set(lit) | set(lit.upper())
    return sorted(chars)


_WORDS = sorted({w for rx in _not_claim_patterns()
                 for w in (required_literals(rx, re.MULTILINE) or ((), False))[0]})


#: the patterns' literals in any case, numbers, and single characters between them
_PIECES = st.one_of(st.sampled_from(_alphabet()),
                    st.sampled_from(_WORDS).flatmap(lambda w: st.sampled_from([w, w.upper(), w.title()])),
                    st.integers(0, 20000).map(str), st.sampled_from([" ", " ", "."]))


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=16).map("".join))
def test_gate_finds_every_match_of_the_not_claim_patterns(text):
    for rx in _not_claim_patterns():
        plain = re.compile(rx, re.MULTILINE)  # the rule as written: no gate, guard or skip
        expected = [m.span() for m in plain.finditer(text) if m.end() > m.start()]
        assert GatedPattern(rx, re.MULTILINE).spans(text) == expected, rx


def test_gate_on_real_sentences():
    """A date in Korean, a version with a Kelvin-sign K, a reading time in Chinese."""
    for text, pattern in [("2021년 12월 2일 발표", r"\d{2,4}\s*[年년]"),
                          ("PyTorch \u212a 2.1", r"(?i)\bk\s\d"),
                          ("阅读时间约 5 分钟", r"阅读(?:时间)?约?\s*\d+\s*分钟")]:
        assert GatedPattern(pattern).spans(text) == [m.span() for m in re.finditer(pattern, text)] != []


def test_fold_keeps_every_offset():
    """`fold_ascii_case` maps each character to one character (str.lower alone turns İ into
    two), so a match in the folded text has the offsets of the original."""
    every = "".join(chr(i) for i in range(0x110000) if not 0xD800 <= i < 0xE000)
    assert len(fold_ascii_case(every)) == len(every)


# --- the gate before a search for a word ending at a number -----------------------------

from extractor.extract.quantities.quantity_grammar import grammar  # noqa: E402

_G = grammar(("en", "ko", "zh"))
_ENDING = {"qualifier": _G.qual_before_re, "currency": _G.prefix_re}
_BEFORE = st.lists(st.one_of(
    st.sampled_from(sorted(_G.qual_before) + sorted(_G.prefix_units)),
    st.sampled_from([" ", "\t", "\u00a0", "  ", "x", "A", "\u212a", "\u017f", "\u0130", "학", "约", "$", "1"])),
    max_size=6).map("".join)


@settings(max_examples=400, deadline=None)
@given(_BEFORE, st.integers(0, 30), st.sampled_from(sorted(_ENDING)))
def test_ending_gate_lets_every_match_through(text, back, which):
    """Where the window before an offset holds a match of an ending pattern (the grammar's
    qualifier and currency words, `quantities.ending_words.EndingWords`), its `EndingGate`
    lets the search run. (That the gated, reversed search then finds what the plain one
    does: tests/test_quantities_gates.py.)"""
    words = _ENDING[which]
    for hi in range(len(text) + 1):
        lo = max(0, hi - back)
        if words.forward.search(text, lo, hi):
            assert words.gate.may_end(text, lo, hi), (text, lo, hi)


def _folded_tail_test(words, text, lo, hi, k=2):
    """The gate as first written: the window's blanks stripped, its last `k` characters
    folded (`fold_ascii_case`) and looked up among the words' last `k`, folded."""
    ends = {fold_ascii_case(w.rstrip(" \t\u00a0"))[-k:] for w in words}
    tail = fold_ascii_case(text[lo:hi].rstrip(" \t\u00a0")[-k:])
    return tail in ends or tail.endswith(tuple(e for e in ends if len(e) < k))


@settings(max_examples=400, deadline=None)
@given(_BEFORE, st.integers(0, 30), st.sampled_from(sorted(_ENDING)))
def test_ending_gate_reads_every_writing_of_a_word_end(text, back, which):
    """The gate looks the window's last characters up among every writing of the words'
    ends (no folding of the window): the same answer as folding it (K, ſ, İ, ı included)."""
    words = _ENDING[which]
    surfaces = sorted(_G.qual_before) if which == "qualifier" else sorted(_G.prefix_units)
    for hi in range(len(text) + 1):
        lo = max(0, hi - back)
        assert words.gate.may_end(text, lo, hi) == _folded_tail_test([w for w in surfaces if w], text, lo, hi), \
            (text, lo, hi)


def test_ending_gate_is_off_for_words_with_other_cased_letters():
    from extractor.extract.text.literal_gates import EndingGate  # noqa: PLC0415
    gate = EndingGate(["über", "about"])
    assert gate.ends is None and gate.may_end("x", 0, 1)
    assert EndingGate(["sa", "ki"]).may_end("\u017fA \u212aI", 0, 2) and EndingGate(["ki"]).may_end("x\u212aI ", 0, 4)
