"""The tests of the quantity stages of `rules.RULES`: test(finder, candidate), a finder a
`quantities.NotAQuantity`, a candidate a `rules.Candidate`. The rules name them and give
their order; the tests that need more than a few lines are methods of `NotAQuantity`.
"""
from __future__ import annotations

import bisect
import re
import string

from extractor.extract.not_claims.quantities import NotAQuantity, unit_lost_after
from extractor.extract.numbers.numbers import numeral_tables
from extractor.extract.text.regex_tools import is_hangul

_ASCII_LETTERS = frozenset(string.ascii_letters)


def multiplier_inside_word(f, c) -> bool:
    first, prev = c.surface[0], f.norm[c.s - 1] if c.s else ""
    return bool(prev) and ((first.isascii() and first.isalnum() and (prev.isalnum() or prev == "_"))
                           or (is_hangul(first) and is_hangul(prev)))


rate_denominator = NotAQuantity._is_rate_denominator


def lone_magnitude_word(f, c) -> bool:
    return len(c.surface) < 2 and c.surface in numeral_tables().cjk_big


def lone_korean_syllable(f, c) -> bool:
    t = numeral_tables()
    return len(c.surface) < 2 and c.surface not in t.cjk_small and c.surface not in t.cjk_big


def inside_english_word(f, c) -> bool:
    return c.s > 0 and f.norm[c.s - 1] in _ASCII_LETTERS


def masked(f, c) -> bool:
    spans, pos = f.masked, c.s  # (Spans.covers inline: asked of every numeral)
    if not spans.starts:
        return False  # (most texts hold no mask)
    i = bisect.bisect_right(spans.starts, pos) - 1
    return i >= 0 and pos < spans.ends[i]


address_token = NotAQuantity._in_address_token
in_name_or_code = NotAQuantity._is_name_or_code
version = NotAQuantity._is_version


def demonstrative(f, c) -> bool:
    return c.s > 0 and f.norm[c.s - 1] in f.g.demonstratives


def ordinal_prefix(f, c) -> bool:
    """第3, 제3 (第三 too): an ordinal prefix right before the number."""
    rx, s = f.g.ordinal_prefix_re, c.s
    # (a window that starts before the text: the engine starts at 0)
    return rx is not None and rx.search(f.norm, s - 3, s) is not None \
        and (c.kind == "zh" or not f._amount_sign_before(s))


year = NotAQuantity._is_year


def ordinal_suffix(f, c) -> bool:
    rx = f.g.ordinal_suffix_re
    return bool(rx) and bool(rx.match(f.norm, c.e)) and not f._unit_at(c.e, c.s)


name_digits = NotAQuantity._name_digits
needs_unit = NotAQuantity._needs_unit


def bare_not_emitted(f, c) -> bool:
    return not f.cfg.emit_bare


def glued_letters(f, c) -> bool:
    return f.norm[c.end:c.end + 1] in _ASCII_LETTERS


def version_after_name(f, c) -> bool:
    return "." in c.surface and not unit_lost_after(f, c) and f._after_name(c.s)


bare_name_digits = NotAQuantity._bare_name_digits
cjk_glued_name = NotAQuantity._cjk_glued_name


def ratio_after_letter(f, c) -> bool:
    return c.s > 0 and f.norm[c.s - 1] in _ASCII_LETTERS


def time_of_day(f, c) -> bool:
    _, sep, b_str = re.split(r"\s*([:比])\s*", c.surface, maxsplit=1)
    return sep == ":" and len(b_str) == 2 and not f._word_before(c.s, f.g.ratio_cues)


def label_colon(f, c) -> bool:
    """"华为384:384张910C": a colon before an amount with its unit or counter ends a label
    (a name, a heading) and opens its value; a ratio's sides stand bare (1:8, 3比1)."""
    if ":" not in c.surface:
        return False
    return bool(f._unit_after(c.s, c.e)[0])
