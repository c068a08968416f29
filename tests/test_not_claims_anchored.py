"""not_claims.anchored: a pattern anchored at a line's start is tried only there, with
the spans its search gives."""
import re

from extractor.extract.not_claims.anchored import anchored_at_start, line_start_spans
from extractor.extract.not_claims.claims import _spans
from extractor.extract.text.cues import cues


def test_the_list_number_pattern_is_anchored_and_no_other():
    anchored = [p.regex.pattern for p in cues().not_always + cues().not_unitless
                if anchored_at_start(p.regex)]
    assert len(anchored) == 1 and r"^\s*\d{1,2}" in anchored[0]


def test_spans_as_each_pattern_gives_them():
    for text in ("1. MLPerf Training 3.0\n2) 8 GPUs, 28.3 minutes\n\n 3、 v2.1",
                 "| Typical chatbot online scenario | 128 | 128 | 1993 |", "", "\n\n4."):
        for patterns in (cues().not_always, cues().not_unitless):
            assert _spans(patterns, text) == [s for p in patterns for s in p.spans(text)]


def test_overlapping_line_starts_are_skipped_as_finditer_skips_them():
    rx = re.compile(r"^\s*\d[.)]", re.M)
    text = "\n\n1. a\n2) b 3. c\n\n4.\n"
    assert line_start_spans(rx.match, text, True) == [m.span() for m in rx.finditer(text)]
