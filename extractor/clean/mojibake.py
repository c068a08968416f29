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

from extractor.clean.charsets import (COMMON_SYMBOLS, NON_ASCII_RE, char_class, common_cjk_chars,
                                      common_share)
from extractor.clean.lexicon import load_lexicon
from extractor.clean.tracking import RepairLog

logger = logging.getLogger(__name__)

_UTF8_LEADS = range(0xC2, 0xF5)
_CONTINUATION = range(0x80, 0xC0)
_CONTROL_RE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]")
_SURROGATE_RUN_RE = re.compile("[\udc80-\udcff]+")
_SURROGATE_CHAR_RE = re.compile("[\udc80-\udcff]")
#: share of a piece's bytes that may be undecodable (dropped-byte remains) for a repair
MAX_UNDECODABLE_SHARE = 0.25
#: above this many undecodable bytes a whole line is repaired without per-byte guessing
MAX_UNITS_GUESSED = 12
# undecodable bytes split into units, each a lead byte with what follows it (or a stray tail)
_LEAD_SPLIT_RE = re.compile(rb"[\x80-\xc1]+|[\xc2-\xff][\x80-\xbf]*")
_SYMBOL_RE = re.compile(f"[{COMMON_SYMBOLS}]")
# (two regexes: one alternation of both runs several times slower)
_EVIDENCE_PAIR_RE = re.compile(f"[{char_class(common_cjk_chars())}]{{2}}")
_EVIDENCE_PUNCT_RE = re.compile("[\u2013-\u2026\u2122]")
_HANGUL_KANA_RE = re.compile("[\uac00-\ud7a3\u3041-\u30ff]+")
# Latin-1/cp1252 mojibake always holds a Latin-1 character (Ã, â, Â, ...) or a C1
# control; lines without one are not worth ftfy's heuristics
_LATIN_MOJIBAKE_HINT_RE = re.compile("[\u0080-\u00ff]")
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
def _run_res(codec: str) -> tuple[re.Pattern, re.Pattern, re.Pattern, re.Pattern]:
    """(signature, run, stretch) regexes for mojibake made by reading UTF-8 with `codec`.

    A run is a stretch of rare double-byte characters of the codec (the shapes UTF-8
    byte pairs take); the signature is narrower: a rare character whose two bytes are a
    UTF-8 lead byte and a continuation byte, which every such run starts with. A stretch
    is any run of the codec's double-byte characters, common ones included (mojibake
    has common characters by chance: "북핵" read as GBK is "攵來暤", 來 being common).
    """
    common = common_cjk_chars()
    symbols = re.compile(f"[{COMMON_SYMBOLS}]")
    run_points, sig_points, all_points, rare_sig_points = [], [], [], []
    for lead in range(0x81, 0xFF):
        for trail in range(0x40, 0xFF):
            try:
                ch = bytes((lead, trail)).decode(codec)
            except UnicodeDecodeError:
                continue
            # ordinary punctuation (’ “ — ™) is the page's own, never taken for mojibake
            if len(ch) != 1 or ch.isascii() or symbols.match(ch):
                continue
            if lead in _UTF8_LEADS or lead in _CONTINUATION:
                all_points.append(ord(ch))
                if lead in _UTF8_LEADS and trail in _CONTINUATION:
                    sig_points.append(ord(ch))
                if ch not in common:
                    run_points.append(ord(ch))
                    if lead in _UTF8_LEADS and trail in _CONTINUATION:
                        rare_sig_points.append(ord(ch))
    sig = re.compile(f"[{_ranges_class(sorted(set(sig_points)))}]")
    run = re.compile(f"[{_ranges_class(sorted(set(run_points)))}]+")
    stretch = re.compile(f"[{_ranges_class(sorted(set(all_points)))}]+")
    rare_sig = re.compile(f"[{_ranges_class(sorted(set(rare_sig_points)))}]")
    return sig, run, stretch, rare_sig


def _context_kind(prev: str, nxt: str, line_so_far: str) -> str:
    """Which completion a dropped-byte punctuation mark needs, judged by its neighbours."""
    # quotes stack: after an opening quote we are still opening, before a closing one
    # still closing
    prev_space = not prev or prev.isspace() or prev in "([{\u2018\u201c"
    next_space = not nxt or nxt.isspace() or nxt in "\u2019\u201d"
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
        kind = _context_kind(prev, nxt, line_so_far)
        # stacked quotes repeat: ‘‘ or ’’
        if kind == "opening" and prev in "\u2018\u201c" or kind.startswith("closing") and prev in "\u2019\u201d":
            return prev, False
        choice = entry.get(kind)
        if choice:
            return choice, bool(entry.get("lost_letter"))
    if len(prefix) == 2:
        # the middle byte was dropped and the last one survived: E2 [80] 9C -> “
        for middle in load_lexicon("clean_mojibake").get("dropped_middle", {}).get(prefix[:1].hex(), []):
            try:
                char = bytes((prefix[0], int(middle, 16), prefix[1])).decode("utf-8")
            except (UnicodeDecodeError, ValueError):
                continue
            if _SYMBOL_RE.match(char):
                return char, False
    return None


def _is_truncated_prefix(raw: bytes) -> bool:
    """True when `raw` is a UTF-8 lead byte followed by fewer continuations than it needs."""
    lead = raw[0]
    need = 1 if 0xC2 <= lead <= 0xDF else 2 if 0xE0 <= lead <= 0xEF else 3 if 0xF0 <= lead <= 0xF4 else 0
    return need > 0 and len(raw) <= need and all(b in _CONTINUATION for b in raw[1:])


def _redecode_run(run: str, encode_with: str, prev: str, nxt: str, line_so_far: str,
                  require_gain: bool = True,
                  lenient: bool = False) -> tuple[str, list[tuple[str, bool]]] | None:
    """The UTF-8 reading of a mojibake run, or None when it is not mojibake.

    Returns (text, guesses) where guesses lists (guessed text, lost_letter) in order; the
    guessed pieces are marked in `text` by NUL separators for the caller to wrap.
    `lenient` (for whole lines of mojibake) turns any undecodable remains into U+FFFD
    instead of giving up.
    """
    try:
        raw = run.encode(encode_with)
    except UnicodeEncodeError:
        return None
    decoded = raw.decode("utf-8", errors="surrogateescape")
    guesses: list[tuple[str, bool]] = []
    # sound CJK text read back this way is mostly undecodable bytes: give up early
    n_bad = len(_SURROGATE_CHAR_RE.findall(decoded))
    if len(raw) > 8 and n_bad > MAX_UNDECODABLE_SHARE * len(raw):
        return None
    if lenient and n_bad > MAX_UNITS_GUESSED:
        # a whole line with many dropped bytes: each undecodable stretch is a lost
        # character (the codec's own U+FFFD replacement); punctuation is not guessed
        decoded = raw.decode("utf-8", errors="replace")
        n_lost = decoded.count("\ufffd")
        return (decoded, []) if common_share(decoded.replace("\ufffd", "")) >= 0.8 and \
            n_lost <= 0.3 * len(NON_ASCII_RE.findall(decoded)) + 1 else None
    if _SURROGATE_RUN_RE.search(decoded):
        pieces, pos = [], 0
        for m in _SURROGATE_RUN_RE.finditer(decoded):
            bad = bytes(ord(c) - 0xDC00 for c in m.group())
            pieces.append(decoded[pos:m.start()])
            units = _LEAD_SPLIT_RE.findall(bad)
            for k, unit in enumerate(units):
                if _is_truncated_prefix(unit):
                    so_far = "".join(pieces).replace("\0", "")
                    after = decoded[m.end():m.end() + 1] or nxt
                    guess = _complete(unit, so_far[-1:] or prev, after, line_so_far + so_far)
                elif lenient or len(unit) <= 3 and all(b in _CONTINUATION for b in unit):
                    # the tail of a character whose lead byte was dropped: a lost character
                    guess = ("\ufffd", True)
                else:
                    return None
                if guess is None:
                    return None
                pieces.append("\0" + guess[0] + "\0")
                guesses.append(guess)
            pos = m.end()
        pieces.append(decoded[pos:])
        decoded = "".join(pieces)
        # adjacent guesses leave empty exact parts between them; keep the NUL structure
    plain = decoded.replace("\0", "")
    if not plain or _CONTROL_RE.search(plain):
        return None
    # the reading must be made of common characters (a lost one counts against it) and
    # be more common than the text it replaces
    # (for a whole line, lost characters are bounded by the caller instead)
    score = common_share(plain.replace("\ufffd", "") if lenient else plain)
    if score < 0.8 or require_gain and score <= common_share(run):
        return None
    if any(lost for _, lost in guesses):
        # a lost character is only believable beside characters that decoded exactly
        exact = "".join(decoded.split("\0")[0::2])
        if not NON_ASCII_RE.search(exact) or plain.count("\ufffd") > len(plain) / 2:
            return None
    return decoded, guesses


def _emit(decoded: str, guesses: list[tuple[str, bool]], before: str, name: str,
          log: RepairLog) -> str:
    """The marked replacement text: exactly decoded parts under `name`, guessed ones
    (odd-numbered parts of `decoded`, NUL-separated) under mojibake_dropped_bytes."""
    out = []
    guess_iter = iter(guesses)
    for i, part in enumerate(decoded.split("\0")):
        if i % 2 == 0:
            if part:
                out.append(log.replaced(name, before, part))
            continue
        _, lost_letter = next(guess_iter)
        # a lost letter shows as U+FFFD, which loss detection finds by itself
        out.append(log.replaced("mojibake_dropped_bytes", before, part,
                                None if lost_letter else "guessed_bytes"))
    return "".join(out)


#: a line is re-decoded as a whole when at least this share of its non-ASCII
#: characters are rare ones (a line of mojibake has common characters only by chance)
MIN_RARE_SHARE_FOR_LINE = 0.5
#: ... and it has at least this many non-ASCII characters
MIN_NON_ASCII_FOR_LINE = 6


def _repair_whole_line(line: str, encode_with: str, name: str, log: RepairLog) -> str | None:
    """The line re-decoded as a whole when it is mostly mojibake (runs alone would miss
    the characters of mojibake that happen to be common ones), else None."""
    non_ascii = len(NON_ASCII_RE.findall(line))
    if non_ascii < MIN_NON_ASCII_FOR_LINE or common_share(line) > 1 - MIN_RARE_SHARE_FOR_LINE:
        return None
    result = _redecode_run(line, encode_with, "", "", "", lenient=True)
    if result is None:
        return None
    decoded, guesses = result
    plain = decoded.replace("\0", "")
    if plain.count("\ufffd") > 0.3 * len(NON_ASCII_RE.findall(plain)) + 1:
        return None
    return _emit(decoded, guesses, line, name, log)


def _has_mojibake_evidence(line: str, encode_with: str, rare_sig_re: re.Pattern) -> bool:
    """Whether the line's bytes under the codec hold UTF-8 worth a search: two or more
    common CJK characters in a row, or common punctuation (’ “ — ™), when read as UTF-8;
    or a rare character that begins a UTF-8 sequence (one whose last byte was dropped).
    Sound ko/zh/ja sentences never show the first two (none of the 2141 test sentences
    does), so their lines skip the search entirely."""
    if rare_sig_re.search(line):
        return True
    # GB18030's own four-byte forms (Hangul, ...) are slow to encode and never come
    # from a wrong decoder, so evidence is taken with plain GBK
    codec = "gbk" if encode_with == "gb18030" else encode_with
    decoded = line.encode(codec, errors="replace").decode("utf-8", errors="surrogateescape")
    if decoded.isascii():
        return False
    return bool(_EVIDENCE_PAIR_RE.search(decoded) or _EVIDENCE_PUNCT_RE.search(decoded))


#: characters of the line before a piece that are looked at to match quotes
CONTEXT_CHARS = 200
#: rare runs separated by at most this many common characters are tried as one piece
MAX_COMMON_BRIDGE = 2


def _candidate_groups(stretch: str, run_re: re.Pattern) -> list[list[tuple[int, int]]]:
    """Alternative (start, end) pieces of a stretch, one list per place to repair.

    First the whole stretch; then, for each group of rare runs bridged over a few common
    characters, the group widened by up to that many common characters on either side
    (mojibake may begin or end with a common character) and each of its runs alone.
    """
    runs = [(m.start(), m.end()) for m in run_re.finditer(stretch)]
    if not runs:
        return []
    bridged: list[list[tuple[int, int]]] = [[runs[0]]]
    for run in runs[1:]:
        if run[0] - bridged[-1][-1][1] <= MAX_COMMON_BRIDGE:
            bridged[-1].append(run)
        else:
            bridged.append([run])
    groups = [[(0, len(stretch))]]
    for group in bridged:
        start, end = group[0][0], group[-1][1]
        widened = {(max(0, start - left), min(len(stretch), end + right))
                   for left in range(MAX_COMMON_BRIDGE + 1) for right in range(MAX_COMMON_BRIDGE + 1)}
        groups.append(sorted(widened | set(group), key=lambda p: p[0] - p[1]))
    return groups


def repair_cjk_mojibake(text: str, log: RepairLog) -> str:
    """Undo UTF-8-read-as-GBK/Big5/CP949/Shift-JIS line by line: a line of mojibake as a
    whole, or the runs of mojibake beside correct text, each run on its own.

    >>> repair_cjk_mojibake("91视频APP鈥檚 first ever training submission to MLPerf鈩, the", RepairLog())
    '91视频APP\U000f0000’s\U0010fffd first ever training submission to MLPerf\U000f0001™\U0010fffd, the'
    >>> log = RepairLog()
    >>> log.finish(repair_cjk_mojibake("IPU 鎬ц兘鎻愬崌 24%, 頃欖姷 鞁滉皠 瓴瓣臣", log))[0]
    'IPU 性能提升 24%, 학습 시간 결과'
    """
    codecs = []
    for spec in load_lexicon("clean_mojibake").get("codecs", []):
        try:
            res = _run_res(spec["codec"])
        except LookupError:
            continue
        encode_with = spec.get("encode_with", spec["codec"])
        # one pass over the page first: most pages show no evidence for any codec
        if res[0].search(text) and _has_mojibake_evidence(text, encode_with, res[3]):
            codecs.append((encode_with, spec["repair"], res))
    if not codecs:
        return text
    lines = text.split("\n")
    changed = False
    for i, line in enumerate(lines):
        # the first codec whose mojibake the line shows repairs it; the others leave it
        for encode_with, name, (sig_re, run_re, stretch_re, rare_sig_re) in codecs:
            if not sig_re.search(line) or not _has_mojibake_evidence(line, encode_with, rare_sig_re):
                continue
            repaired = _repair_whole_line(line, encode_with, name, log)
            if repaired is None:
                repaired = _repair_runs(line, encode_with, name, log, sig_re, run_re, stretch_re)
            if repaired != line:
                lines[i] = repaired
                changed = True
                break
    return "\n".join(lines) if changed else text


def _repair_runs(text: str, encode_with: str, name: str, log: RepairLog, sig_re: re.Pattern,
                 run_re: re.Pattern, stretch_re: re.Pattern) -> str:
    """Repair each stretch of the codec's characters in one line on its own."""
    out, pos = [], 0
    for m in stretch_re.finditer(text):
        if not run_re.search(m.group()):
            # mojibake made only of common characters ("그는" read as GBK is "攴鸽姅"):
            # believable only as a whole and when it turns Han into Hangul or kana
            if sig_re.match(m.group()):
                result = _redecode_run(m.group(), encode_with, "", "", "", require_gain=False)
                if result and not result[1] and _HANGUL_KANA_RE.fullmatch(result[0]):
                    out.append(text[pos:m.start()])
                    out.append(log.replaced(name, m.group(), result[0]))
                    pos = m.end()
            continue
        for group in _candidate_groups(m.group(), run_re):
            best = None
            for start, end in group:
                a, b = m.start() + start, m.start() + end
                # mojibake of UTF-8 starts with a lead byte and a continuation byte
                if a < pos or not sig_re.match(text, a):
                    continue
                # the line as repaired so far (earlier pieces of it already replaced)
                so_far = ("".join(out[-8:]) + text[pos:a])[-CONTEXT_CHARS:]
                result = _redecode_run(text[a:b], encode_with, text[a - 1] if a else "",
                                       text[b] if b < len(text) else "", so_far)
                if result is None:
                    continue
                # fewest lost characters, then fewest guesses, then longest
                rank = (sum(lost for _, lost in result[1]), len(result[1]), a - b)
                if best is None or rank < best[0]:
                    best = (rank, a, b, result)
                if not result[1]:
                    break  # exact, and pieces come longest first: nothing better follows
            if best is None:
                continue
            _, a, b, result = best
            out.append(text[pos:a])
            out.append(_emit(*result, text[a:b], name, log))
            pos = b
    out.append(text[pos:])
    return "".join(out)


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
        if not _LATIN_MOJIBAKE_HINT_RE.search(line) or not is_bad(line):
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
_CP1252_RUN_RE = re.compile(f"(?:[\u00c2-\u00f4][{_CP1252_CONT}]+)+[\u00c2-\u00f4]?")
#: a page is searched for this mojibake only when it has a run at least this long
#: (shorter runs, "é’", are common in sound Western text); then shorter runs count too
MIN_CP1252_EVIDENCE_RUN = 3
#: ... and is taken to be full of it from this many such runs
STRONG_CP1252_EVIDENCE = 3
_TYPICAL_PUNCT = frozenset("‘’“”–—…•™€")
_LATIN_RE = re.compile("[\u0080-\u024f]")


def _complete_cp1252(raw: bytes, missing: list[int]) -> tuple[str, int]:
    """(UTF-8 text of `raw`, number of guessed characters), putting back one dropped
    byte into each broken sequence where exactly one choice yields a common character
    or typical punctuation; U+FFFD where none or several do."""
    pos = 0
    guessed = 0
    decoded = raw.decode("utf-8", errors="surrogateescape")
    if not _SURROGATE_RUN_RE.search(decoded):
        return decoded, 0
    pieces = []
    for m in _SURROGATE_RUN_RE.finditer(decoded):
        pieces.append(decoded[pos:m.start()])
        bad = bytes(ord(c) - 0xDC00 for c in m.group())
        for unit in _LEAD_SPLIT_RE.findall(bad):
            found = set()
            if _is_truncated_prefix(unit):
                for k in range(1, len(unit) + 1):
                    for byte in missing:
                        try:
                            char = (unit[:k] + bytes((byte,)) + unit[k:]).decode("utf-8")
                        except UnicodeDecodeError:
                            continue
                        if char in _TYPICAL_PUNCT or char in common_cjk_chars():
                            found.add(char)
            # only an unambiguous completion is used; otherwise the character is lost
            if len(found) == 1:
                pieces.append(found.pop())
                guessed += 1
            else:
                pieces.append("\ufffd")
        pos = m.end()
    pieces.append(decoded[pos:])
    return "".join(pieces), guessed


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
            raw = run.encode("cp1252")
        except UnicodeEncodeError:
            return run
        fixed, guessed = _complete_cp1252(raw, missing)
        # Latin-1 results ("Ã©" -> "é") are ftfy's; this repair must yield CJK text or
        # typical punctuation, with fewer lost characters than found ones
        # what UTF-8 structure decodes to outside Latin (CJK, symbols) is believed; Latin
        # results ("Ã©" -> "é") are left to ftfy
        if len(run) < 2 or _LATIN_RE.search(fixed) or _CONTROL_RE.search(fixed):
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

    return _CP1252_RUN_RE.sub(_sub, text)


def repair_mojibake(text: str, log: RepairLog) -> str:
    """Both mojibake families: cp1252 readings of UTF-8 first, then the CJK codecs."""
    # UTF-8 read as cp1252 first where it yields CJK text or punctuation (ftfy reads a
    # ” that lost its last byte, "â€ ", as "†"), then ftfy for the Latin rest
    text = repair_cp1252_dropped(text, log)
    text = repair_latin_mojibake(text, log)
    return repair_cjk_mojibake(text, log)
