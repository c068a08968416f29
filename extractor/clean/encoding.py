"""Byte decoding: find the encoding of a page's bytes before anything else touches them.

Order of evidence: a byte-order mark; the zero-byte pattern of BOM-less UTF-16; strict
UTF-8 (UTF-8 almost never decodes by accident); UTF-8 with a few damaged bytes; an HTML
`charset` declaration that decodes cleanly; otherwise every legacy codec we know
(GB18030, Big5, CP949, Shift-JIS, cp1252) is tried strictly and the one whose text is
made of the most *common* characters of its script wins (see `charsets`).
"""
from __future__ import annotations

import codecs
import logging
import re

from extractor.clean.charsets import NON_ASCII_RE, common_char_re
from extractor.clean.lexicon import load_lexicon

logger = logging.getLogger(__name__)

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_META_CHARSET_RE = re.compile(rb"""<meta[^>]{0,200}?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]{2,40})""",
                              re.IGNORECASE)
#: bytes looked at when scoring candidate codecs (enough to decide, cheap on huge pages)
SAMPLE_BYTES = 65536
#: share of undecodable bytes up to which a page is taken as damaged UTF-8
MAX_DAMAGED_UTF8_SHARE = 0.01
_SPACED_RE = re.compile(r"[^\x00-\x7f] [^\x00-\x7f]")
_SPACED_CODECS = frozenset({"cp949", "euc_kr", "johab"})
_WESTERN_RE = re.compile("[\u00c0-\u00ff\u2018-\u201e\u2013\u2014\u2026\u00a9\u00ae\u00b0\u20ac\u00a3\u00b7]")


def _utf16_without_bom(data: bytes) -> str | None:
    """'utf-16-le'/'utf-16-be' when the bytes look like BOM-less UTF-16 text."""
    sample = data[:4096]
    if len(sample) < 4 or len(sample) % 2:
        return None
    even_zeros = sample[0::2].count(0)
    odd_zeros = sample[1::2].count(0)
    half = len(sample) // 2
    # Legacy CJK codecs and UTF-8 never produce zero bytes; UTF-16 text puts them in the
    # high byte of every ASCII character (spaces, digits, newlines).
    for codec, zeros, others in (("utf-16-le", odd_zeros, even_zeros),
                                 ("utf-16-be", even_zeros, odd_zeros)):
        if zeros >= 0.02 * half and others <= 0.01 * half:
            try:
                data.decode(codec)
            except UnicodeDecodeError:
                continue
            return codec
    return None


def _canonical_codec(name: str) -> str | None:
    """Python codec name for a declared charset, widened to its usual superset."""
    aliases = load_lexicon("clean_encodings").get("superset", {})
    try:
        name = codecs.lookup(name).name
    except LookupError:
        return None
    return aliases.get(name, name)


def _score(text: str, codec: str) -> float:
    """How plausible `text` is as the decoding of a page in `codec` (0..1)."""
    n = len(NON_ASCII_RE.findall(text))
    if not n:
        return 0.5
    if codec == "cp1252":
        # Western text is mostly ASCII with an accent or a curly quote here and there;
        # it competes at a discount so that CJK decodings made of common characters win.
        return 0.9 * len(_WESTERN_RE.findall(text)) / n
    score = len(common_char_re().findall(text)) / n
    # EUC-KR Hangul and GB2312 level-1 Han share their byte range, so Korean decodes as
    # plausible Chinese; Korean separates words with spaces, Chinese and Japanese do not.
    spaced = min(1.0, 5 * len(_SPACED_RE.findall(text)) / n)
    if codec in _SPACED_CODECS:
        score += 0.1 * spaced
    else:
        score -= 0.1 * spaced
    return score


def decode_bytes(data: bytes) -> tuple[str, str]:
    """Decode page bytes, returning (text, encoding name). Never raises.

    >>> decode_bytes("성능 향상".encode("cp949"))
    ('성능 향상', 'cp949')
    >>> decode_bytes("訓練時間為5.67分鐘".encode("big5"))[1]
    'big5'
    >>> decode_bytes(b"\\xef\\xbb\\xbfMLPerf")
    ('MLPerf', 'utf-8-sig')
    """
    if not data:
        return "", "utf-8"
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return data[len(bom):].decode(codec.replace("-sig", ""), errors="replace"), codec
    utf16 = _utf16_without_bom(data)
    if utf16:
        return data.decode(utf16, errors="replace"), utf16
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    sample = data[:SAMPLE_BYTES]
    damaged = sample.decode("utf-8", errors="replace")
    if damaged.count("\ufffd") <= MAX_DAMAGED_UTF8_SHARE * len(sample):
        return data.decode("utf-8", errors="replace"), "utf-8"
    match = _META_CHARSET_RE.search(data[:4096])
    if match:
        declared = _canonical_codec(match.group(1).decode("ascii", "ignore"))
        if declared:
            try:
                return data.decode(declared), declared
            except (UnicodeDecodeError, LookupError):
                logger.debug("declared charset %s does not decode", declared)
    candidates = load_lexicon("clean_encodings").get(
        "candidates", ["gb18030", "big5", "cp949", "shift_jis", "cp1252"])
    best: tuple[float, str] | None = None
    if len(sample) % 2 == 0:
        # BOM-less UTF-16 without a single ASCII character (pure CJK) has no zero bytes
        candidates = [*candidates, "utf-16-le", "utf-16-be"]
    for codec in candidates:
        try:
            text = sample.decode(codec)
        except UnicodeDecodeError as exc:
            # a multi-byte character cut by the sample's end is not evidence against it
            if exc.start < len(sample) - 4:
                continue
            text = sample[:exc.start].decode(codec)
        except LookupError:
            continue
        score = _score(text, codec)
        if best is None or score > best[0]:
            best = (score, codec)
    if best is not None:
        try:
            return data.decode(best[1]), best[1]
        except UnicodeDecodeError:
            return data.decode(best[1], errors="replace"), best[1]
    return data.decode("utf-8", errors="replace"), "utf-8"
