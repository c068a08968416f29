"""Latin mojibake: UTF-8 read as Latin-1/cp1252 ("Itâ€™s", "ëª¨ë¸").

ftfy undoes it, but slowly, so it runs only on lines with a Latin-1 character that its
own badness heuristic flags. A strict cp1252 reader also drops the five bytes cp1252
leaves undefined, which ftfy cannot undo; runs of UTF-8 shape are re-decoded first and a
cut sequence gets back the one dropped byte that makes a common character (or U+FFFD).
"""
from __future__ import annotations

import hashlib
import re

import ftfy
import ftfy.bad_codecs  # noqa: F401  (registers the sloppy-windows-1252 codec)
from ftfy.badness import BADNESS_RE, is_bad

from extractor.clean.charsets import common_cjk_chars
from extractor.clean.lexicon import load_lexicon
from extractor.clean.char_model import char_model
from extractor.clean.redecode import CONTEXT, CONTROL_RE, LEAD_SPLIT_RE, SURROGATE_RUN_RE, is_truncated_prefix
from extractor.clean.tracking import RepairLog

# Latin-1/cp1252 mojibake always holds a Latin-1 character (Ã, â, Â, ...) or a C1
# control; lines without one are not worth ftfy's heuristics
_LATIN_MOJIBAKE_HINT_RE = re.compile("[\u0080-\u00ff]")

#: the badness expression of ftfy 6.2-6.3 (sha256 of `BADNESS_RE.pattern`) that
#: `_badness_needs` was read from
_KNOWN_BADNESS_PATTERN = "9dcc0f2ac90d9ae3c85eb7b9b2c0b8a8e8126153847c2b30c91a0bb263f3b8c4"


def _badness_needs() -> re.Pattern:
    """A character that every match of ftfy's badness expression holds: a line without
    one is not bad, and needs no search of the expression's 37 branches (most lines
    with a Latin-1 character only hold a no-break space, a middle dot, a quote or ©).

    Read from the expression, branch by branch, one class each branch cannot do
    without: C1 controls, the `bad`, accented, box, currency, numeric and legal
    characters, and the letters some branches name (Ø, Ù, Ђ, В, Г, Р, С, β, Β, Γ,
    Ξ, Ο, ...). For another version of the expression the test is every character,
    as before.
    """
    from ftfy.badness import BADNESS_RE, MOJIBAKE_CATEGORIES

    if hashlib.sha256(BADNESS_RE.pattern.encode()).hexdigest() != _KNOWN_BADNESS_PATTERN:
        return re.compile(".", re.S)
    needed = "".join(MOJIBAKE_CATEGORIES[name] for name in (
        "c1", "bad", "lower_accented", "upper_accented", "box", "currency", "numeric", "law"))
    return re.compile(f"[{needed}\u0152\u0153\u00c2\u00c3\u00ce\u00d0\u00d8\u00d9\u00e0"
                      "\u221a\u2248\u00c4\u00e2\u00f3\u0402\u0412\u0413\u0420\u0421"
                      "\u03b2\u0392\u0393\u039e\u039f\u0101]")


_BADNESS_NEEDS_RE = _badness_needs()
#: the longest match of that expression (every branch is bounded: `getwidth()` of its
#: parse, checked in the tests), so a match lies within this many characters of the
#: needed character it holds; None for another version of the expression
_BADNESS_MAX_WIDTH = 7 if _BADNESS_NEEDS_RE.pattern != "." else None


def _is_bad(line: str) -> bool:
    """ftfy's `is_bad(line)`, its expression searched only around the characters every
    match holds (a line of pinyin holds dozens of accented vowels, ftfy's expression
    is tried at every character: 600 bench pages 0.19 -> 0.09 ms/page). The expression
    has no look-ahead and no `$`, and `^` holds at the string's real start only, so a
    search between `pos` and `endpos` finds what the whole line holds there."""
    if _BADNESS_MAX_WIDTH is None:
        return is_bad(line)
    search, reach = BADNESS_RE.search, _BADNESS_MAX_WIDTH
    start = end = -1
    for m in _BADNESS_NEEDS_RE.finditer(line):
        p = m.start()
        lo = p - reach + 1 if p >= reach else 0
        if lo <= end:
            end = p + reach  # the windows overlap: one search
            continue
        if end >= 0 and search(line, start, end):
            return True
        start, end = lo, p + reach
    return end >= 0 and bool(search(line, start, end))


def repair_latin_mojibake(text: str, log: RepairLog) -> str:
    """ftfy on the lines that ftfy's badness heuristic flags (it is too slow for all).

    >>> log = RepairLog()
    >>> log.finish(repair_latin_mojibake("It\u00e2\u20ac\u2122s caf\u00c3\u00a9 time\\nfine line", log))[0]
    'It’s café time\\nfine line'
    """
    if text.isascii():
        return text
    if not _LATIN_MOJIBAKE_HINT_RE.search(text):
        return text
    lines = text.split("\n")
    changed = False
    for i, line in enumerate(lines):
        if not _LATIN_MOJIBAKE_HINT_RE.search(line) or not _BADNESS_NEEDS_RE.search(line) \
                or not _is_bad(line):
            continue
        # keep curly quotes and full-width forms: they are the page's own text
        # restore_byte_a0 off: it reads "â€ " as "†" (E2 80 A0), but on our pages that
        # shape is a ” whose last byte (9D) a strict cp1252 reader dropped
        fixed = ftfy.fix_text(line, unescape_html=False, normalization="NFC",
                              uncurl_quotes=False, fix_character_width=False,
                              restore_byte_a0=False)
        if fixed != line:
            lines[i] = log.replaced("mojibake_latin", line, fixed)
            changed = True
    return "\n".join(lines) if changed else text


# UTF-8 read as cp1252: a lead byte (Â..ô) and continuation bytes, which cp1252 shows as
# the C1/punctuation block (€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ) and U+00A0..U+00BF
_CP1252_CONT = "\u0080-\u00bf\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178"
# (a lone lead before or after: a character both of whose continuation bytes were dropped)
# Written as "a lead, then the rest as if it was lone or as if it began a sequence", which
# is lead? (lead cont+)+ lead? with its first character fixed: a pattern that starts with
# an optional item is tried at every character of the page, 6x slower.
_CP1252_LEAD = "[\u00c2-\u00f4]"
_CP1252_SEQUENCES = f"(?:{_CP1252_LEAD}[{_CP1252_CONT}]+)*"
_CP1252_RUN_RE = re.compile(f"{_CP1252_LEAD}(?:{_CP1252_LEAD}[{_CP1252_CONT}]+{_CP1252_SEQUENCES}"
                            f"|[{_CP1252_CONT}]+{_CP1252_SEQUENCES}){_CP1252_LEAD}?")
#: a page is searched for this mojibake only when it has a run at least this long
#: (shorter runs, "é’", are common in sound Western text); then shorter runs count too
MIN_CP1252_EVIDENCE_RUN = 3
#: ... and is taken to be full of it from this many such runs
STRONG_CP1252_EVIDENCE = 3
_TYPICAL_PUNCT = frozenset("‘’“”–—…•™€")
# (× is a lead byte too, but mostly the page's own multiplication sign)
_LONE_LEAD_RE = re.compile(f"(?<![A-Za-z\u00c0-\u00ff])[\u00c2-\u00d6\u00d8-\u00f4](?![A-Za-z\u00c0-\u00ff{_CP1252_CONT}])")
# Latin letters (not Latin-1 punctuation such as "·" or "°", which CJK text uses)
_LATIN_RE = re.compile("[\u0080-\u009f\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]")


def _complete_cp1252(raw: bytes, missing: list[int], left: str = "", right: str = "") -> tuple[str, int]:
    """(UTF-8 text of `raw`, number of guessed characters), putting back one dropped
    byte into each broken sequence where it yields a common character or typical
    punctuation: the only such choice, or among several common characters the one that
    reads best between the text around it (`char_model`; `left` and `right` are the
    text before and after `raw`); U+FFFD where none does."""
    pos = 0
    guessed = 0
    decoded = raw.decode("utf-8", errors="surrogateescape")
    if not SURROGATE_RUN_RE.search(decoded):
        return decoded, 0
    pieces = []
    for m in SURROGATE_RUN_RE.finditer(decoded):
        pieces.append(decoded[pos:m.start()])
        bad = bytes(ord(c) - 0xDC00 for c in m.group())
        for unit in LEAD_SPLIT_RE.findall(bad):
            found = set()
            if is_truncated_prefix(unit):
                for k in range(1, len(unit) + 1):
                    for byte in missing:
                        try:
                            char = (unit[:k] + bytes((byte,)) + unit[k:]).decode("utf-8")
                        except UnicodeDecodeError:
                            continue
                        if char in _TYPICAL_PUNCT or char in common_cjk_chars():
                            found.add(char)
            if len(found) > 1 and all(c in common_cjk_chars() for c in found):
                so_far = (left + "".join(pieces))[-CONTEXT:]
                after = SURROGATE_RUN_RE.split(decoded[m.end():], 1)[0] or right
                found = {char_model().likeliest(sorted(found), so_far, after[:CONTEXT])}
            if len(found) == 1:
                pieces.append(found.pop())
                guessed += 1
            else:
                pieces.append("\ufffd")
        pos = m.end()
    pieces.append(decoded[pos:])
    return "".join(pieces), guessed


def _read_context(stretch: str) -> str:
    """`stretch` with its runs of this mojibake read as UTF-8, dropped bytes left out
    (context for a guess, not text of the page).

    >>> _read_context("BERT-LARGE í•™ìŠµ, ")
    'BERT-LARGE 학습, '
    """
    def _read(m: re.Match) -> str:
        try:
            return m.group().encode("sloppy-windows-1252").decode("utf-8", errors="ignore")
        except UnicodeEncodeError:
            return m.group()

    return _CP1252_RUN_RE.sub(_read, stretch)


def repair_cp1252_dropped(text: str, log: RepairLog, evidence: bool = False) -> str:
    """UTF-8 read as strict cp1252 loses the bytes cp1252 leaves undefined, so ftfy
    cannot undo it ("ëª¨ë¸" for "모델"); put them back where they make common text.
    `evidence`: the page is known to hold this mojibake (ftfy repaired some of it), so
    two-character runs are taken too.

    >>> log = RepairLog()
    >>> log.finish(repair_cp1252_dropped("BERT-LARGE í•™ìŠµ, the “menuâ€ is", log))[0]
    'BERT-LARGE 학습, the “menu” is'
    """
    if text.isascii() or not _CP1252_RUN_RE.search(text):
        return text
    long_runs = sum(1 for m in _CP1252_RUN_RE.finditer(text) if len(m.group()) >= MIN_CP1252_EVIDENCE_RUN)
    if not (evidence or long_runs):
        return text
    # on a page full of this mojibake, a short run after a Latin letter is a particle
    # ("TVì˜" is "TV의"); on a page with a little of it, it is more likely "café’s"
    strong = long_runs >= STRONG_CP1252_EVIDENCE
    missing = [int(b, 16) for b in load_lexicon("clean_mojibake").get("cp1252_dropped", [])]

    def _sub(m: re.Match) -> str:
        run = m.group()
        try:
            # (ftfy's sloppy codec also maps the C1 controls a lenient reader left)
            raw = run.encode("sloppy-windows-1252")
        except UnicodeEncodeError:
            return run
        # the text around the run is read as UTF-8 too: a guess judged beside "ì—ì„œ "
        # rather than "에서 " took 상산 for 생산
        fixed, guessed = _complete_cp1252(
            raw, missing, _read_context(text[max(0, m.start() - 3 * CONTEXT):m.start()])[-CONTEXT:],
            _read_context(text[m.end():m.end() + 3 * CONTEXT])[:CONTEXT])
        # Latin-1 results ("Ã©" -> "é") are ftfy's; this repair must yield CJK text or
        # typical punctuation, with fewer lost characters than found ones
        # what UTF-8 structure decodes to outside Latin (CJK, symbols) is believed; Latin
        # results ("Ã©" -> "é") are left to ftfy
        if len(run) < 2 or _LATIN_RE.search(fixed) or CONTROL_RE.search(fixed):
            return run
        short = len(run) < MIN_CP1252_EVIDENCE_RUN
        prev = text[m.start() - 1:m.start()]
        if short and not strong and fixed not in _TYPICAL_PUNCT and prev.isascii() and prev.isalpha():
            return run  # "café’s": an accented letter inside a Latin word, not mojibake
        if guessed or "\ufffd" in fixed:
            # U+FFFD is found by loss detection; guessed characters are marked here
            return log.replaced("mojibake_dropped_bytes", run, fixed,
                                "guessed_bytes" if guessed else None)
        return log.replaced("mojibake_latin", run, fixed)

    text = _CP1252_RUN_RE.sub(_sub, text)
    if strong:
        # a lead byte alone, outside any Latin word: both its continuation bytes were
        # dropped ("(ç)" for "(珍)"); on a page full of this mojibake it is a lost character
        text = _LONE_LEAD_RE.sub(lambda m: log.replaced("mojibake_dropped_bytes", m.group(), "\ufffd"), text)
    return text


