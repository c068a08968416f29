"""Character-level layout checks and the repair markers: the fast tests that replace a
regex pass over a whole page must say exactly what the regex says."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.clean.layout import (_INVISIBLE_RE, _SURROGATE_RE, collapse_spaces, has_lone_surrogates,
                                    normalise_characters)
from extractor.clean.tracking import MARKER_RE, RepairLog, has_astral, strip_markers

# any code point, and the ones these checks are about made likely: lone surrogates (which
# hypothesis leaves out of text by default), our markers, other astral characters, controls
_SPECIAL = st.sampled_from(["\ud800", "\udbff", "\udc00", "\udfff", "\U000F0000", "\U000F0003",
                            "\U000FFFFD", "\U0010FFFD", "\U0001F308", "\U00020000", "\ufeff",
                            "\u200b", "\u200d", "\x00", "\x7f", "\r", "\n", "\t"])
_PAGES = st.lists(st.one_of(st.characters(), _SPECIAL), max_size=60).map("".join)

# a real page's lines (AEB, saved web pages): a BOM between blocks, zero-width spaces in
# prose, a zero-width joiner inside an emoji flag
_REAL = ("</center>\n\t\t</div>\n</div>\n\n\ufeff\n<aside class=\"sidebar\">\n"
         "delete comments made in languages \u200b\u200bother than the language of the majority\n"
         "the wide-angle camera that's in the \u200ciPhone 11\u200c and 11 Pro models\r\n"
         "— Dianna E. Anderson 🏳️\u200d🌈 (@diannaeanderson)")


@settings(max_examples=400)
@given(_PAGES)
def test_lone_surrogate_check_is_the_regex(text):
    assert has_lone_surrogates(text) == bool(_SURROGATE_RE.search(text))


@settings(max_examples=400)
@given(_PAGES)
def test_strip_markers_is_the_regex(text):
    assert strip_markers(text) == MARKER_RE.sub("", text)
    if MARKER_RE.search(text):
        assert has_astral(text)


def test_real_page_characters():
    log = RepairLog()
    out = normalise_characters(_REAL, log)
    assert "\r" not in out and not _INVISIBLE_RE.search(out)
    assert "languages other than" in out and "in the iPhone 11 and 11 Pro" in out
    assert "🏳️🌈" in out  # the emoji's own characters stay, only the joiner goes
    [repair] = [r for r in log.finish(out)[1] if r.name == "control_chars"]
    assert repair.count == 6 and repair.examples[0][0] == repr("\ufeff")


def test_lone_surrogates_become_replacement_characters():
    log = RepairLog()
    # a page decoded with surrogateescape keeps its undecodable byte as U+DCxx
    out = normalise_characters("MLPerf \udcc3 BERT 5.78 min \U0001F680", log)
    assert out == "MLPerf \ufffd BERT 5.78 min \U0001F680"
    assert [(r.name, r.count) for r in log.finish(out)[1]] == [("lone_surrogates", 1)]


def test_markers_in_a_page_are_removed_and_astral_text_kept():
    page = "训练 \U000F0002时间\U0010FFFD 28.3 min 𠀀"
    assert strip_markers(page) == "训练 时间 28.3 min 𠀀"
    assert strip_markers("训练 28.3 min 𠀀") == "训练 28.3 min 𠀀"


# every character str.split and the regex \s take for a space, and some they do not
_SPACE_CHARS = st.sampled_from([" ", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1f", "\x85", "\xa0",
                                "\u2028", "\u3000", "\u200b", "\ufeff", "\u180e"])
_SPACED = st.lists(st.one_of(_SPACE_CHARS, st.sampled_from(["<p>", "MLPerf", "训练", "x"]), st.characters()),
                   max_size=80).map("".join)


@settings(max_examples=500)
@given(_SPACED)
def test_collapse_spaces_is_the_regex(text):
    assert collapse_spaces(text) == re.sub(r"\s+", " ", text)


def test_collapse_spaces_of_real_html_source():
    source = ('<div class="entry-content">\n\t\t\t<p>Nvidia\u2019s H100 trained BERT in\n   5.78 minutes.</p>'
              '\r\n\t<p>\u3000第二段</p>  \n')
    assert collapse_spaces(source) == ('<div class="entry-content"> <p>Nvidia\u2019s H100 trained BERT in 5.78 '
                                       'minutes.</p> <p> 第二段</p> ')
