"""Patterns that skip ahead (extractor.extract.text.skipping): the matches of the patterns they
are made of, found by `search`, `finditer` and `skipping_spans`."""
from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from extractor import lexicons
from extractor.extract.text.cues import cue_regex
from extractor.extract.context.page_patterns import patterns as _patterns
from extractor.extract.text.regex_tools import case_variants
from extractor.extract.text.skipping import SkippingPattern, skipping_pattern, skipping_spans

CORPUS = Path(__file__).resolve().parents[1] / "corpus"



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


def test_spans_of_a_pattern_that_cannot_skip_are_its_own():
    rx = SkippingPattern(r"[^a]b|x*")  # (first characters not told: the plain pattern searches)
    assert rx.skipping is None
    assert rx.spans("abcb xx") == [m.span() for m in re.finditer(r"[^a]b|x*", "abcb xx")]


def test_skipping_pattern_declines_what_it_cannot_tell():
    assert skipping_pattern(r"\d*") is None  # may match nothing
    assert skipping_pattern(r"(\d)x\1") is None  # refers back to a group
    assert skipping_pattern(r"[^a]b") is None  # first characters not told
    assert skipping_pattern(r"(?i)[A-Z]\d") is None  # a range: its folds are not worked out



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



@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789 .\nabksKSijIJvVx\u212a\u017f\u0130\u0131가第)_", max_size=24))
def test_skipping_pattern_matches_as_the_pattern(text):
    """`search` and `finditer`: the spans, groups and named groups of the pattern's own."""
    for pattern in _SKIPPING_PATTERNS + [r"(?i)(?P<word>ks|is)(\d)?"]:
        plain, skipping = re.compile(pattern), SkippingPattern(pattern)
        assert [(m.span(), m.span(1) if plain.groups else None, m.groups(), m.groupdict())
                for m in plain.finditer(text)] == \
            [(m.span(), m.span(1) if plain.groups else None, m.groups(), m.groupdict())
             for m in skipping.finditer(text)], pattern
        assert skipping.spans(text) == [m.span() for m in plain.finditer(text)], pattern
        first, found = plain.search(text, 2), skipping.search(text, 2)
        assert (first and (first.span(), first.group())) == (found and (found.span(), found.group()))
        # each group by number and by name, as `start`, `end`, `span` and `group` read it
        for m, s in zip(plain.finditer(text), skipping.finditer(text)):
            for g in range(plain.groups + 1):
                assert (m.start(g), m.end(g), m.span(g), m.group(g)) == (s.start(g), s.end(g), s.span(g), s.group(g))
            for name in plain.groupindex:
                assert (m.start(name), m.end(name), m.group(name)) == (s.start(name), s.end(name), s.group(name))


# --- the page context's patterns ---------------------------------------------------------

_CONTEXT_WORDS = lexicons.load("context_words.json")


def _any_case(words):
    """One of `words`, each letter in any case the engine folds to it (ſ for s, K for k)."""
    return st.sampled_from(words).flatmap(lambda w: st.tuples(*[
        st.sampled_from(case_variants(c) if c.isascii() else c) for c in w]).map("".join))


# benchmark names, suites, version words, cues and numbers among noise: rounds as pages
# write them ("MLPerf Training v2.0", "MLPerf ID: 1.0-1025", "Training version 1.1")
_ROUND_LIKE = st.lists(st.one_of(
    _any_case(_CONTEXT_WORDS["benchmark_names"] + [w for ws in _CONTEXT_WORDS["suites"].values() for w in ws]
              + _CONTEXT_WORDS["version_words"] + _CONTEXT_WORDS["round_current_cues"]
              + _CONTEXT_WORDS["round_passing_cues"] + _CONTEXT_WORDS["date_cues"] + ["id", "TM"]),
    st.sampled_from([" ", "  ", ": ", "-", "(", "1.1", "2.0", "10.12", "1.0-1025", "3", "x", "é", "\n"])),
    max_size=12).map("".join)


_SEP = st.sampled_from(["", " ", "  ", ": ", "-", "(", "\n"])
# the parts of a round phrase in page order, each maybe left out or in another case
_ROUND_PHRASE = st.tuples(
    _any_case(_CONTEXT_WORDS["benchmark_names"] + [""]), st.sampled_from(["", "™", "(TM)", "TM"]), _SEP,
    _any_case([w for ws in _CONTEXT_WORDS["suites"].values() for w in ws] + [""]), _SEP,
    _any_case(_CONTEXT_WORDS["version_words"] + [""]), _SEP, st.sampled_from(["", "ID: ", "id ", "ID"]),
    st.sampled_from(["1.1", "2.0", "10.12", "1.0-1025", "1.1.1", "3"])).map("".join)
_ID_PHRASE = st.tuples(
    _any_case(_CONTEXT_WORDS["benchmark_names"]), st.sampled_from(["", "™", "(R)"]),
    st.sampled_from(["", " "]),
    _any_case(["id"]), st.sampled_from(["", ":", "："]), st.sampled_from(["", " "]),
    st.sampled_from(["1.0-1025", "2.1-20", "1.1-5", "10.1-123456"])).map("".join)
_ROUND_TEXT = st.lists(st.one_of(_ROUND_PHRASE, _ID_PHRASE, _ROUND_LIKE), max_size=4).map(" ".join)


def _context_pairs():
    p = _patterns()
    return [(getattr(p, name), re.compile(getattr(p, name).plain.pattern, re.I))
            for name in ("benchmark", "round_after_benchmark", "round_after_suite", "round_in_id",
                         "current_cue", "passing_cue", "date_cue")]


@settings(max_examples=500, deadline=None)
@given(_ROUND_TEXT)
def test_context_patterns_match_as_they_read(text):
    """The page context's skipping patterns: the matches of the guarded patterns they
    replaced (whose guard `test_regex_tools` proves the same)."""
    for skipping, plain in _context_pairs():
        assert [(m.span(), m.groupdict()) for m in plain.finditer(text)] == \
            [(m.span(), m.groupdict()) for m in skipping.finditer(text)], (plain.pattern[:40], text)


def test_context_patterns_match_as_they_read_on_real_pages(shared_dir):
    dev = shared_dir / "devset" / "corpus"
    pages = sorted(CORPUS.iterdir()) + sorted(p for p in dev.rglob("*") if p.is_file())
    for path in pages:
        text = path.read_text(encoding="utf-8", errors="replace")
        for skipping, plain in _context_pairs():
            assert [(m.span(), m.groupdict()) for m in plain.finditer(text)] == \
                [(m.span(), m.groupdict()) for m in skipping.finditer(text)], path.name
