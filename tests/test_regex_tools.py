"""Regex building blocks (extractor.extract.text.regex_tools): alternations grouped by first
character, sharing their boundaries, keep every match."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.quantities.quantity_grammar import grammar
from extractor.extract.text.regex_tools import first_char_buckets


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

from extractor.extract.text.regex_tools import case_variants, first_char_alternation  # noqa: E402


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

