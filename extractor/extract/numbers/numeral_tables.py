"""The numeral half of the number layer's data and its plain helpers: which lexicon
languages a page uses, full-width digits made ASCII, rounding, every language's numeral
characters and words merged into `NumeralTables` (from extractor/lexicons/numbers_<lang>.json),
and Arabic digits (`parse_arabic`). `numbers.parse_number` reads numerals with them;
`number_words` reads the spelled ones.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from extractor import lexicons

#: languages that have numbers_/units_/qualifiers_ lexicons; 'und' and others use all
LEXICON_LANGS = ("en", "ko", "zh")
#: expressions longer than this are not numerals (keeps the parser linear and cheap)
MAX_NUMERAL_CHARS = 200

# Full-width forms map one character to one character, so offsets survive the mapping.
_FULLWIDTH = str.maketrans({**{chr(0xFF10 + i): str(i) for i in range(10)},
                            "．": ".", "％": "%", "＋": "+", "－": "-", "：": ":", "＄": "$"})

_HAS_FULLWIDTH = re.compile("[\uff10-\uff19．％＋－：＄]")

ARABIC_PATTERN = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][+-]?\d+)?|\.\d+"
ARABIC_RE = re.compile(ARABIC_PATTERN)


@lru_cache(maxsize=64)  # (keyed by a page's language tag: a handful of them)
def lexicon_langs(lang: str | None) -> tuple[str, ...]:
    """The lexicon languages to use for a BCP-47 tag; English units and words always apply,
    because Korean and Chinese tech pages write GB, TFLOPS and 1.6x in ASCII.

    >>> lexicon_langs("zh-Hant")
    ('en', 'zh')
    >>> lexicon_langs("und")
    ('en', 'ko', 'zh')
    """
    base = (lang or "und").split("-")[0].lower()
    if base == "en":
        return ("en",)
    if base in LEXICON_LANGS:
        return ("en", base)
    return LEXICON_LANGS


def to_ascii_digits(text: str) -> str:
    """Full-width digits, point, percent, signs and colon made ASCII, one character for one.
    The full-width comma stays: in Chinese it separates items (20，300 is two numbers).

    >>> to_ascii_digits("２８．３％")
    '28.3%'
    """
    if text.isascii() or not _HAS_FULLWIDTH.search(text):  # (isascii: no scan of English text)
        return text
    return text.translate(_FULLWIDTH)


def round_sig(value: float, digits: int = 12) -> float:
    """`value` rounded to `digits` significant digits, to drop float noise.

    >>> round_sig(0.41000000000000003)
    0.41
    >>> round_sig(28.3 * 60)
    1698.0
    """
    if type(value) is float and -_WHOLE_BELOW < value < _WHOLE_BELOW and value.is_integer() and digits >= 12:
        return value  # a whole number of 11 digits or fewer is its own rounding (most values)
    # (the range test above fails infinities and NaN: no isfinite call for most values)
    if not value or not math.isfinite(value):
        return value
    return round(value, digits - 1 - int(math.floor(math.log10(abs(value)))))


#: whole numbers below this keep all their digits at 12 significant ones (`round_sig`)
_WHOLE_BELOW = 1e11


@dataclass(frozen=True)
class NumeralTables:
    """Every language's numeral characters and words, merged (their scripts do not overlap)."""
    cjk_digits: dict
    cjk_small: dict
    cjk_big: dict
    cjk_points: tuple
    fraction_infixes: tuple
    negatives: tuple
    native_units: dict
    native_tens: dict
    en_units: dict
    en_tens: dict
    en_scales: dict
    en_abbrev: dict
    en_denominators: dict
    en_joiners: tuple
    cjk_approx: tuple
    cjk_joiners: tuple


@lru_cache(maxsize=1)
def numeral_tables() -> NumeralTables:
    zh, ko, en = (lexicons.load(f"numbers_{x}.json") for x in ("zh", "ko", "en"))
    return NumeralTables(
        cjk_digits={**zh.get("digits", {}), **ko.get("digits", {})},
        cjk_small={**zh.get("small_units", {}), **ko.get("small_units", {})},
        cjk_big={**zh.get("big_units", {}), **ko.get("big_units", {})},
        cjk_points=tuple(zh.get("point_words", []) + ko.get("point_words", [])),
        fraction_infixes=tuple(zh.get("fraction_infix", []) + ko.get("fraction_infix", [])),
        negatives=tuple(sorted(zh.get("negative_words", []) + ko.get("negative_words", [])
                               + en.get("negative_words", []) + ["-", "−"], key=len, reverse=True)),
        native_units=ko.get("native_units", {}),
        native_tens=ko.get("native_tens", {}),
        en_units=en.get("units", {}),
        en_tens=en.get("tens", {}),
        en_scales=en.get("scales", {}),
        en_abbrev=en.get("scale_abbreviations", {}),
        en_denominators=en.get("fraction_denominators", {}),
        en_joiners=tuple(en.get("fraction_joiners", [])),
        cjk_approx=tuple(zh.get("approx_infixes", [])),
        cjk_joiners=tuple(zh.get("whole_fraction_joiners", []) + ko.get("whole_fraction_joiners", [])),
    )


def parse_arabic(text: str) -> float | None:
    """An Arabic-digit number with optional thousands separators, decimals, exponent.

    >>> parse_arabic("1,750")
    1750.0
    >>> parse_arabic("65,536")
    65536.0
    >>> parse_arabic(".08")
    0.08
    >>> parse_arabic("1,75") is None
    True
    """
    text = to_ascii_digits(text).strip()
    if not ARABIC_RE.fullmatch(text):
        return None
    try:
        value = float(text.replace(",", ""))
    except ValueError:
        return None
    return value if math.isfinite(value) else None
