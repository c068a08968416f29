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
