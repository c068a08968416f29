"""Mojibake repair: text whose UTF-8 bytes were decoded with the wrong codec.

Two families:

- *CJK codecs* (GBK/GB18030, Big5, CP949, Shift-JIS), which ftfy does not undo: "’s" read
  as GBK becomes "鈥檚". Pages mix such runs with correctly encoded CJK text, so repair
  works per run: a run of characters that are rare in real text (see `charsets`) is
  encoded back with the codec and decoded as UTF-8; the result replaces the run only if
  it is made of common characters. When the wrong decoder dropped a byte ("鈥" left
  alone before a space) the text cannot come back exactly: the closest character is
  chosen from the surviving bytes and the context (lexicon `clean_mojibake.json`) and
  the guess is recorded as a lossy span.
- *Latin-1/cp1252* and friends, which ftfy handles; ftfy is slow, so it runs only on the
  lines its own `badness` heuristic flags.
"""
from __future__ import annotations

import logging
import re
from functools import lru_cache

import ftfy
from ftfy.badness import is_bad

from extractor.clean.charsets import COMMON_SYMBOLS, common_cjk_chars, common_share
from extractor.clean.lexicon import load_lexicon
from extractor.clean.tracking import RepairLog

logger = logging.getLogger(__name__)

_UTF8_LEADS = range(0xC2, 0xF5)
_CONTINUATION = range(0x80, 0xC0)
_CONTROL_RE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]")
_SURROGATE_RUN_RE = re.compile("[\udc80-\udcff]+")
_OPENERS = {"\u2018": "\u2019", "\u201c": "\u201d"}


def _ranges_class(points: list[int]) -> str:
    parts, start, prev = [], None, None
    for p in points:
        if start is None:
            start = prev = p
        elif p == prev + 1:
            prev = p
        else:
            parts.append((start, prev))
            start = prev = p
    if start is not None:
        parts.append((start, prev))
    return "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
                   for a, b in parts)


@lru_cache(maxsize=None)
def _run_res(codec: str) -> tuple[re.Pattern, re.Pattern]:
    """(signature, run) regexes for mojibake made by reading UTF-8 with `codec`.

    A run is a stretch of rare double-byte characters of the codec (the shapes UTF-8
    byte pairs take); the signature is narrower: a rare character whose two bytes are a
    UTF-8 lead byte and a continuation byte, which every such run starts with.
    """
    common = common_cjk_chars()
    run_points, sig_points = [], []
    for lead in range(0x81, 0xFF):
        for trail in range(0x40, 0xFF):
            try:
                ch = bytes((lead, trail)).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(ch) != 1 or ch in common or ch.isascii():
                continue
            if lead in _UTF8_LEADS or lead in _CONTINUATION:
                run_points.append(ord(ch))
                if lead in _UTF8_LEADS and trail in _CONTINUATION:
                    sig_points.append(ord(ch))
    sig = re.compile(f"[{_ranges_class(sorted(set(sig_points)))}]")
    run = re.compile(f"[{_ranges_class(sorted(set(run_points)))}]+")
    return sig, run


def _context_kind(prev: str, nxt: str, line_so_far: str) -> str:
    """Which completion a dropped-byte punctuation mark needs, judged by its neighbours."""
    prev_space = not prev or prev.isspace() or prev in "([{"
    next_space = not nxt or nxt.isspace()
    if prev_space and next_space:
        return "between_spaces"
    if prev.isalnum() and nxt.isalpha():
        return "inside_word"
    if prev_space:
        return "opening"
    # closing: match the last opener still open on this line
    last_single = line_so_far.rfind("\u2018")
    last_double = line_so_far.rfind("\u201c")
    if last_single > last_double and "\u2019" not in line_so_far[last_single + 1:].replace("\u2019s", ""):
        return "closing_single"
    return "closing"


def _complete(prefix: bytes, prev: str, nxt: str, line_so_far: str) -> tuple[str, bool] | None:
    """(closest text, lost_letter) for a UTF-8 sequence cut after `prefix`, or None."""
    table = load_lexicon("clean_mojibake").get("completions", {})
    for n in (len(prefix), 1):
        entry = table.get(prefix[:n].hex())
        if entry is None:
            continue
        if isinstance(entry, str):
            return entry, False
        if "replacement" in entry:
            return entry["replacement"], bool(entry.get("lost_letter"))
        choice = entry.get(_context_kind(prev, nxt, line_so_far))
        if choice:
            return choice, bool(entry.get("lost_letter"))
    return None


def _is_truncated_prefix(raw: bytes) -> bool:
    """True when `raw` is a UTF-8 lead byte followed by fewer continuations than it needs."""
    lead = raw[0]
    need = 1 if 0xC2 <= lead <= 0xDF else 2 if 0xE0 <= lead <= 0xEF else 3 if 0xF0 <= lead <= 0xF4 else 0
    return need > 0 and len(raw) <= need and all(b in _CONTINUATION for b in raw[1:])


def _redecode_run(run: str, encode_with: str, prev: str, nxt: str,
                  line_so_far: str) -> tuple[str, list[tuple[str, bool]]] | None:
    """The UTF-8 reading of a mojibake run, or None when it is not mojibake.

    Returns (text, guesses) where guesses lists (guessed text, lost_letter) in order; the
    guessed pieces are marked in `text` by NUL separators for the caller to wrap.
    """
    try:
        raw = run.encode(encode_with)
    except UnicodeEncodeError:
        return None
    decoded = raw.decode("utf-8", errors="surrogateescape")
    guesses: list[tuple[str, bool]] = []
    if "\udc80" <= max(decoded) or any("\udc80" <= c <= "\udcff" for c in decoded):
        pieces, pos = [], 0
        for m in _SURROGATE_RUN_RE.finditer(decoded):
            bad = bytes(ord(c) - 0xDC00 for c in m.group())
            if not _is_truncated_prefix(bad):
                return None
            after = decoded[m.end():m.end() + 1] or nxt
            before = decoded[m.start() - 1] if m.start() else prev
            guess = _complete(bad, before, after, line_so_far + "".join(pieces) + decoded[pos:m.start()])
            if guess is None:
                return None
            pieces.append(decoded[pos:m.start()])
            pieces.append("\0" + guess[0] + "\0")
            guesses.append(guess)
            pos = m.end()
        pieces.append(decoded[pos:])
        decoded = "".join(pieces)
    plain = decoded.replace("\0", "")
    if not plain or _CONTROL_RE.search(plain) or common_share(plain.replace("\ufffd", "")) < 0.8:
        return None
    return decoded, guesses


def repair_cjk_mojibake(text: str, log: RepairLog) -> str:
    """Undo UTF-8-read-as-GBK/Big5/CP949/Shift-JIS runs, each run on its own.

    >>> repair_cjk_mojibake("91视频APP鈥檚 first ever training submission to MLPerf鈩, the", RepairLog())
    '91视频APP\U000f0000’s\U0010fffd first ever training submission to MLPerf\U000f0001™\U0010fffd, the'
    """
    for spec in load_lexicon("clean_mojibake").get("codecs", []):
        codec, encode_with, name = spec["codec"], spec.get("encode_with", spec["codec"]), spec["repair"]
        try:
            sig_re, run_re = _run_res(codec)
        except LookupError:
            continue
        if not sig_re.search(text):
            continue
        out, pos = [], 0
        for m in run_re.finditer(text):
            run = m.group()
            if not sig_re.match(run):
                continue
            # the line as repaired so far (earlier runs of it already replaced)
            so_far = "".join(out[-16:]) + text[pos:m.start()]
            so_far = so_far[so_far.rfind("\n") + 1:]
            prev = text[m.start() - 1] if m.start() else ""
            nxt = text[m.end()] if m.end() < len(text) else ""
            result = _redecode_run(run, encode_with, prev, nxt, so_far)
            if result is None:
                continue
            decoded, guesses = result
            out.append(text[pos:m.start()])
            guess_iter = iter(guesses)
            # odd-numbered parts stand for dropped bytes (guessed); even ones decoded exactly
            for i, part in enumerate(decoded.split("\0")):
                if i % 2 == 0:
                    if part:
                        out.append(log.replaced(name, run, part))
                    continue
                _, lost_letter = next(guess_iter)
                out.append(log.replaced("mojibake_dropped_bytes", run, part,
                                        "replacement_char" if lost_letter else "guessed_bytes"))
            pos = m.end()
        out.append(text[pos:])
        text = "".join(out)
    return text


def repair_latin_mojibake(text: str, log: RepairLog) -> str:
    """ftfy on the lines that ftfy's badness heuristic flags (it is too slow for all).

    >>> log = RepairLog()
    >>> log.finish(repair_latin_mojibake("It\u00e2\u20ac\u2122s caf\u00c3\u00a9 time\\nfine line", log))[0]
    'It’s café time\\nfine line'
    """
    if text.isascii():
        return text
    lines = text.split("\n")
    changed = False
    for i, line in enumerate(lines):
        if line.isascii() or not is_bad(line):
            continue
        # keep curly quotes and full-width forms: they are the page's own text
        fixed = ftfy.fix_text(line, unescape_html=False, normalization="NFC",
                              uncurl_quotes=False, fix_character_width=False)
        if fixed != line:
            lines[i] = log.replaced("mojibake_latin", line, fixed)
            changed = True
    return "\n".join(lines) if changed else text


def repair_mojibake(text: str, log: RepairLog) -> str:
    """Both mojibake families, Latin first (its repairs can expose nothing CJK)."""
    return repair_cjk_mojibake(repair_latin_mojibake(text, log), log)
