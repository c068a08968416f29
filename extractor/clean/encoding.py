"""Byte decoding: find the encoding of a page's bytes before anything else touches them.

Order of evidence: a byte-order mark; the zero-byte pattern of BOM-less UTF-16; strict
UTF-8 (UTF-8 almost never decodes by accident); UTF-8 with a few damaged bytes (most of
its non-ASCII characters still decode: the mojibake and loss steps must see that
damage); a charset declared by the HTTP response or by the page (`<meta>`, `<?xml`) that
decodes cleanly (a CJK one only when its text reads as text: `declared_fits`); otherwise
charset-normalizer and our own scoring together (see `detect_codec`): Western text is cp1252, and among the CJK codecs (GB18030, Big5, CP949,
Shift-JIS) the one whose text is made of the most *common* characters of its script wins
(see `charsets`). A page that decodes cleanly this way has lost nothing.
"""
from __future__ import annotations

import codecs
import logging
import re

import charset_normalizer

from extractor.clean.charsets import NON_ASCII_RE, common_char_re, common_share
from extractor.clean.lexicon import load_lexicon

logger = logging.getLogger(__name__)

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_META_CHARSET_RE = re.compile(rb"""<meta[^>]{0,200}?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]{2,40})""",
                              re.IGNORECASE)
_XML_ENCODING_RE = re.compile(rb"""\s*<\?xml[^>]{0,100}?encoding\s*=\s*["']([A-Za-z0-9_.:-]{2,40})""")
#: bytes searched for a charset declaration (a <head> can hold long scripts before it)
DECLARATION_BYTES = 16384
#: bonus in the codec scoring for the CJK codec charset-normalizer picked
NORMALIZER_VOTE = 0.1
#: bytes looked at when scoring candidate codecs (enough to decide, cheap on huge pages)
SAMPLE_BYTES = 65536
#: share of undecodable bytes up to which a page is taken as damaged UTF-8
MAX_DAMAGED_UTF8_SHARE = 0.01
#: ... when at least this share of its non-ASCII characters decode as UTF-8
MIN_VALID_UTF8_SHARE = 0.5
#: a declared CJK codec whose text has this share of common characters is taken ...
MIN_DECLARED_COMMON_SHARE = 0.6
#: ... and below it, it gives way to a detected codec whose share is this much higher
MIN_DETECTED_GAIN = 0.3
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


def is_damaged_utf8(sample: bytes) -> bool:
    """True when bytes that are not valid UTF-8 are still UTF-8 text with a few damaged
    bytes: few undecodable bytes, and most of the non-ASCII characters decode as UTF-8.

    A legacy page (cp1252, GBK, ...) has few valid UTF-8 sequences, and only by chance:
    an English cp1252 page with three curly quotes has few undecodable bytes too, but
    none of its non-ASCII bytes form a UTF-8 character.

    >>> is_damaged_utf8("성능이 크게 향상".encode("utf-8")[:-1] + b" MLPerf" * 20)
    True
    >>> is_damaged_utf8("caf\u00e9\u2019s \u201cnew\u201d chip costs \u20ac300".encode("cp1252") + b" MLPerf" * 40)
    False
    """
    damaged = sample.decode("utf-8", errors="replace")
    n_bad = damaged.count("\ufffd")
    if n_bad > MAX_DAMAGED_UTF8_SHARE * len(sample):
        return False
    n_good = len(NON_ASCII_RE.findall(damaged)) - n_bad
    return n_good >= MIN_VALID_UTF8_SHARE * (n_good + n_bad)


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


def declared_charset(data: bytes) -> str:
    """The charset an HTML `<meta>` or XML declaration near the top names ('' if none).

    >>> declared_charset(b'<html><head><meta charset="windows-1252"><title>')
    'windows-1252'
    >>> declared_charset(b'<?xml version="1.0" encoding="EUC-KR"?><rss>')
    'EUC-KR'
    """
    head = data[:DECLARATION_BYTES]
    match = _META_CHARSET_RE.search(head) or _XML_ENCODING_RE.match(head)
    return match.group(1).decode("ascii", "ignore") if match else ""


def decode_bytes(data: bytes, declared: str = "") -> tuple[str, str]:
    """Decode page bytes, returning (text, encoding name). Never raises.

    `declared` is a charset the page came with from outside (an HTTP Content-Type
    header); one the page declares itself is read from its bytes.

    >>> decode_bytes("성능 향상".encode("cp949"))
    ('성능 향상', 'cp949')
    >>> decode_bytes("訓練時間為5.67分鐘".encode("big5"))[1]
    'big5'
    >>> decode_bytes(b"\\xef\\xbb\\xbfMLPerf")
    ('MLPerf', 'utf-8-sig')
    >>> decode_bytes("It\u2019s \u201cfaster\u201d".encode("cp1252"), declared="windows-1252")
    ('It’s “faster”', 'cp1252')
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
    # UTF-8 with a few damaged bytes stays UTF-8 whatever the page declares: the mojibake
    # and loss steps after this one must see the damage, not a clean-looking cp1252 text
    if is_damaged_utf8(sample):
        return data.decode("utf-8", errors="replace"), "utf-8"
    for name in (declared, declared_charset(data)):
        codec = _canonical_codec(name) if name else None
        if codec and codec not in ("utf-8", "utf-8-sig"):
            try:
                text = data.decode(codec)
            except (UnicodeDecodeError, LookupError):
                logger.debug("declared charset %s does not decode", codec)
                continue
            if declared_fits(text, codec, sample):
                return text, codec
            logger.debug("declared charset %s decodes to mojibake: detected instead", codec)
    codec = detect_codec(sample)
    if codec is None:
        return data.decode("utf-8", errors="replace"), "utf-8"
    try:
        return data.decode(codec), codec
    except UnicodeDecodeError:
        return data.decode(codec, errors="replace"), codec


def _is_multibyte(codec: str) -> bool:
    """True for the CJK codecs (a Han character takes two bytes or more in them)."""
    try:
        return len("\u4e2d".encode(codec, errors="ignore")) >= 2
    except LookupError:
        return False


def declared_fits(text: str, codec: str, sample: bytes) -> bool:
    """Whether `text`, the strict decoding of a page with the CJK codec it declares, reads
    as text: pages declare the wrong CJK codec (Big5 bytes sent as Shift_JIS decode
    without an error, as half-width katakana), so a decoding made of few *common*
    characters (`charsets.common_share`) gives way to the detected codec when that one's
    is clearly better. Single-byte codecs are taken as declared.

    >>> big5 = "在IPU-POD128上訓練ResNet-50的時間為5.67分鐘，比英偉達DGX A100快1.6倍。".encode("big5")
    >>> declared_fits(big5.decode("cp932"), "cp932", big5), declared_fits(big5.decode("big5"), "big5", big5)
    (False, True)
    """
    if not _is_multibyte(codec):
        return True
    share = common_share(text[:SAMPLE_BYTES])
    if share >= MIN_DECLARED_COMMON_SHARE:
        return True
    detected = detect_codec(sample)
    if detected is None or detected == codec:
        return True
    return common_share(sample.decode(detected, errors="replace")) < share + MIN_DETECTED_GAIN


def _normalizer_guess(sample: bytes) -> str:
    """charset-normalizer's best codec for the bytes ('' when it has none)."""
    best = charset_normalizer.from_bytes(sample).best()
    return best.encoding if best is not None else ""


def detect_codec(sample: bytes) -> str | None:
    """The legacy codec of bytes that are not UTF-8 and declare nothing that decodes.

    charset-normalizer tells Western single-byte text from CJK text best (measured in
    benchmarks/bench_encoding.py: an English cp1252 page with a few curly quotes also
    decodes as plausible Shift-JIS); our scoring of common characters tells the CJK
    codecs apart best (a short Korean text decodes as plausible Chinese to it). So a page
    it reads as Western is cp1252 when cp1252 reads it strictly, and otherwise its pick
    among the CJK codecs is one vote in our scoring.
    """
    lexicon = load_lexicon("clean_encodings")
    guess = _normalizer_guess(sample)
    if guess in lexicon.get("western", []):
        try:
            sample.decode("cp1252")
            return "cp1252"
        except UnicodeDecodeError:
            pass
    voted = lexicon.get("cjk", {}).get(guess)
    candidates = lexicon.get("candidates", ["gb18030", "big5", "cp949", "shift_jis", "cp1252"])
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
        score = _score(text, codec) + NORMALIZER_VOTE * (codec == voted)
        if best is None or score > best[0]:
            best = (score, codec)
    return best[1] if best else None
