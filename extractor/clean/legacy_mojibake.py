"""Legacy double-byte text read as Latin-1/cp1252: CP949 (EUC-KR) Korean shown as "¼­¹ö¿ë".

A Korean page saved in CP949 and read by a Latin-1 or cp1252 decoder shows every Hangul
syllable as two Latin-1 letters. Nothing is lost (every byte has a Latin-1 character), so
the repair is exact: the characters are turned back into their bytes and read with the
codec. It is done per stretch of Latin-1/cp1252 characters (with the ASCII between them),
and only when the bytes are not UTF-8 (that mojibake is `latin_mojibake`'s) and read back
as common text of the codec's language (KS X 1001's frequent Hangul: `charsets`), so
French or German words ("Größe", "café") are left alone.

Only CP949 is tried (lexicon `clean_mojibake.json`, key `legacy_read_as_latin1`): GBK and
Big5 bytes share its byte ranges, and a Korean stretch read as GBK is common Chinese too,
so adding them needs a way to tell the languages apart first.
"""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import islice

from extractor.clean.charsets import NON_ASCII_RE, common_share
from extractor.clean.lexicon import load_lexicon
from extractor.clean.tracking import RepairLog

_HANGUL_RE = re.compile("[\uac00-\ud7a3]")
_HANJA_RE = re.compile("[\u4e00-\u9fff\uf900-\ufaff]+")
_LATIN_WORD_CHAR_RE = re.compile("[A-Za-z0-9]")
#: share of the read-back non-ASCII characters that must be Hangul syllables
MIN_HANGUL_SHARE = 0.5
#: share of the read-back non-ASCII characters that must be common text
MIN_COMMON_SHARE = 0.9
#: a stretch holds at least this many Latin-1/cp1252 characters (one syllable is two)
MIN_HIGH_CHARS = 4


@lru_cache(maxsize=None)
def _byte_of() -> dict[int, int]:
    """code point -> byte, for Latin-1 (C1 controls included) and cp1252's own characters."""
    table = {b: b for b in range(0x80, 0x100)}
    for b in range(0x80, 0xA0):
        try:
            table[ord(bytes((b,)).decode("cp1252"))] = b
        except UnicodeDecodeError:
            pass
    return table


def _high_class() -> str:
    """A regex character class body for the characters of `_byte_of`."""
    return "".join(re.escape(chr(c)) for c in sorted(_byte_of()) if c >= 0x80)


@lru_cache(maxsize=None)
def _high_re() -> re.Pattern:
    return re.compile(f"[{_high_class()}]")


def _has_high_chars(text: str, n: int) -> bool:
    """Whether `text` holds at least `n` Latin-1/cp1252 high characters. A regex that
    stops at the n-th: a Python loop over every character of a page cost more than the
    rest of this repair (0.8 s on 600 pages of 10 KB).

    >>> _has_high_chars("¼­¹ö", 4), _has_high_chars("café", 2)
    (True, False)
    """
    return next(islice(_high_re().finditer(text), n - 1, None), None) is not None


@lru_cache(maxsize=None)
def _stretch_re() -> re.Pattern:
    high = _high_class()
    # high characters, with ASCII letters, digits and spaces between them (UHC's extra
    # syllables have an ASCII letter as second byte; words are separated by spaces)
    return re.compile(f"[{high}](?:[{high}A-Za-z0-9 ,.()%\\-]*[{high}])?")


def _codecs() -> list[tuple[str, str]]:
    specs = load_lexicon("clean_mojibake").get("legacy_read_as_latin1", [{"codec": "cp949",
                                                                         "repair": "mojibake_cp949_latin1"}])
    return [(s["codec"], s["repair"]) for s in specs]


def _read_word(word: str, codec: str, utf8_guard: bool) -> str | None:
    """One word's bytes read with `codec`, or None when they are not the codec's (or,
    with `utf8_guard`, when they are UTF-8)."""
    raw = word.translate(_byte_of()).encode("latin-1")
    if utf8_guard:
        try:
            raw.decode("utf-8")
            return None  # UTF-8 read as Latin-1: latin_mojibake's repair
        except UnicodeDecodeError:
            pass
    try:
        return raw.decode(codec)
    except UnicodeDecodeError:
        return None


def _read_back(stretch: str, codec: str, strict: bool, alone: bool = False) -> str | None:
    """The stretch's bytes read with `codec`, word by word (a space is never the second
    byte of a character, so words decode alone), when that makes common text; words that
    do not decode ("café" after Korean) stay as they are. `strict`: UTF-8 words are
    left alone, and the reading needs two Hangul syllables. Otherwise (a page of such
    text) a stretch that stands `alone`, not inside a Latin word, may read as hanja only
    ("Ú¸, 엔비디아" is "美, 엔비디아": DA B8 is UTF-8 too, so the strict pass left it)."""
    words = stretch.split(" ")
    out, read = [], []
    for word in words:
        decoded = None if word.isascii() else _read_word(word, codec, strict)
        if decoded is not None:
            read.append(decoded)
        out.append(word if decoded is None else decoded)
    if not read:
        return None
    if not strict and alone and all(_HANJA_RE.fullmatch(r) for r in read):
        return " ".join(out)
    # Korean read back is Hangul ("ÖÉÖÉ" would read as the hanja 禮禮)
    n_hangul = len(_HANGUL_RE.findall("".join(read)))
    if n_hangul < (2 if strict else 1) or n_hangul < MIN_HANGUL_SHARE * len(NON_ASCII_RE.findall("".join(read))):
        return None
    return " ".join(out) if common_share("".join(read)) >= MIN_COMMON_SHARE else None


def repair_legacy_mojibake(text: str, log: RepairLog) -> str:
    """Stretches of CP949 text read as Latin-1/cp1252, read back as CP949.

    >>> log = RepairLog()
    >>> korean = "서버용 추론 반도체 테스트, 퀄컴 1위 (AI)"
    >>> log.finish(repair_legacy_mojibake(korean.encode("cp949").decode("latin-1") + " and a café", log))[0]
    '서버용 추론 반도체 테스트, 퀄컴 1위 (AI) and a café'
    >>> repair_legacy_mojibake("Größe über alles, señor", RepairLog())
    'Größe über alles, señor'
    """
    if text.isascii():
        return text
    if not _has_high_chars(text, MIN_HIGH_CHARS):
        return text
    codecs = _codecs()
    found = 0

    def _sub(m: re.Match, min_high: int, strict: bool) -> str:
        nonlocal found
        stretch = m.group()
        if not _has_high_chars(stretch, min_high):
            return stretch
        alone = not _LATIN_WORD_CHAR_RE.search(m.string[max(0, m.start() - 1):m.start()] + m.string[m.end():m.end() + 1])
        for codec, name in codecs:
            decoded = _read_back(stretch, codec, strict, alone)
            if decoded is not None:
                found += 1
                return log.replaced(name, stretch, decoded)
        return stretch

    text = _stretch_re().sub(lambda m: _sub(m, MIN_HIGH_CHARS, True), text)
    if found:
        # the page is such text: its one-syllable words ("(³¡)" is "(끝)") are too, even
        # those whose two bytes happen to be UTF-8 ("Ä¨" is "칩", not "Ĩ")
        text = _stretch_re().sub(lambda m: _sub(m, 2, False), text)
    return text
