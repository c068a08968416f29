"""Regex building blocks (extractor.extract.regex_tools): alternations grouped by first
character, sharing their boundaries, keep every match."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.quantity_grammar import grammar
from extractor.extract.regex_tools import first_char_buckets


_SUFFIXES = ["", r"(?![A-Za-z0-9_])", r"(?! ?\d)", r"(?!s)"]
_WORD = st.text(alphabet="aAbBgGsStT1/ .", min_size=1, max_size=4)


_PREFIXES = ["", r"(?<![A-Za-z0-9_])", r"(?<![a-z])"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_PREFIXES), _WORD, st.sampled_from(_SUFFIXES)), min_size=1, max_size=12),
       st.text(alphabet="aAbBgGsStT1/ .\u212a\u017f_-x", max_size=12))
def test_shared_bounds_keep_every_match(words, text):
    """Neighbours that share a prefix and a suffix share one copy of them: the same match
    at every position, under IGNORECASE, as each alternative with its own copies."""
    prefixes = [p for p, _, _ in words]
    bodies = [re.escape(w) for _, w, _ in words]
    suffixes = [s for _, _, s in words]
    own = re.compile(first_char_buckets([p + b + s for p, b, s in zip(prefixes, bodies, suffixes)]), re.I)
    shared = re.compile(first_char_buckets(bodies, suffixes, prefixes), re.I)
    for pos in range(len(text) + 1):
        a, b = own.match(text, pos), shared.match(text, pos)
        assert (a and a.span()) == (b and b.span()), (text, pos)


def test_unit_pattern_shares_its_boundaries():
    """The unit aliases' right boundary is written once per run of aliases, not ~300 times."""
    pattern = grammar(("en",)).unit_re.pattern
    assert pattern.count("(?![A-Za-z0-9_])") < 100
    assert grammar(("en",)).unit_re.match("5 GB/s", 1).group("u") == "GB/s"


# --- case variants and the all-cases first-character class -------------------------------

from extractor.extract.regex_tools import case_variants, first_char_alternation  # noqa: E402


def test_case_variants_are_what_the_engine_folds():
    """Every character the engine matches to an ASCII letter under IGNORECASE, over every
    code point, is in the letter's `case_variants`, and nothing else."""
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
    for letter in "abcdefghijklmnopqrstuvwxyz":
        engine = set(re.findall(f"(?i:{letter})", every))
        assert engine == set(case_variants(letter)) == set(case_variants(letter.upper())), letter


_WORDS = st.lists(st.text(alphabet="jJaAnNsSkKi학學ト", min_size=1, max_size=4), min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(_WORDS, st.text(alphabet="jJaAnNsSkKiI\u017f\u212a\u0130\u0131학學ト _.1", max_size=14))
def test_all_cases_alternation_matches_as_the_case_insensitive_one(words, text):
    """With `all_cases`, compiled case-sensitively, the same matches as the plain
    case-insensitive alternation, left bound and all (long s, Kelvin sign, dotted I...)."""
    longest_first = sorted(set(words), key=len, reverse=True)
    plain = re.compile(r"(?i:\b(?:" + "|".join(re.escape(w) for w in longest_first) + r"))")
    skipping = re.compile(first_char_alternation(words, ci=True, guard=r"(?<!\w.)", all_cases=True))
    assert [m.span() for m in plain.finditer(text)] == [m.span() for m in skipping.finditer(text)]


from extractor.extract.regex_tools import skipping_pattern, skipping_spans  # noqa: E402

# patterns of the shapes the layers search with: look-behinds first, case-insensitive
# words (their first letters folded: Kelvin sign, long s, dotted I), line starts, classes
_SKIPPING_PATTERNS = [r"(?<![\d.])\d+(?:\.\d+)?", r"(?i)\bks?\d+", r"(?i)(?:sdk|\bis)\s?\d", r"^\s*\d[.)]",
                      r"\d(?:st|nd)\b", r"[vV]\s?\d+\b", r"(?<!\w)[\w.]+\.js\b", r"(?i)[가a]\d|第\d",
                      r"(?:ab|\d)+(?=x)"]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789 .\nabksKSijIJvVx\u212a\u017f\u0130\u0131가第)_", max_size=24))
def test_skipping_pattern_finds_the_matches_of_finditer(text):
    for pattern in _SKIPPING_PATTERNS:
        for flags in (0, re.MULTILINE):
            rx = skipping_pattern(pattern, flags)
            assert rx is not None, pattern
            assert skipping_spans(rx, text) == [m.span() for m in re.finditer(pattern, text, flags)], pattern


def test_skipping_pattern_declines_what_it_cannot_tell():
    assert skipping_pattern(r"\d*") is None  # may match nothing
    assert skipping_pattern(r"(\d)x\1") is None  # refers back to a group
    assert skipping_pattern(r"[^a]b") is None  # first characters not told
    assert skipping_pattern(r"(?i)[A-Z]\d") is None  # a range: its folds are not worked out


from extractor import lexicons  # noqa: E402
from extractor.extract.cues import cue_regex  # noqa: E402

_CUE_WORDS = sorted({w.lower() for lang in ("en", "ko", "zh")
                     for ws in lexicons.load(f"metrics_{lang}.json")["cues"].values() for w in ws if w})


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_CUE_WORDS), min_size=1, max_size=5),
       st.lists(st.one_of(st.sampled_from(_CUE_WORDS), st.sampled_from(list("ab xs1.-")), st.just("re")),
                max_size=6).map("".join))
def test_cue_regex_finds_a_cue_where_the_plain_alternation_does(words, text):
    """The metric cues' presence test: a match exactly where `(?<![a-z])word|word...`
    (Latin words start a word) has one."""
    plain = re.compile("|".join((r"(?<![a-z])" if w[0].isascii() and w[0].isalpha() else "") + re.escape(w)
                                for w in sorted(set(words), key=len, reverse=True)))
    found = cue_regex(words).search(text)
    expected = plain.search(text)
    assert (found and found.start()) == (expected and expected.start()), text
