"""Reading the UTF-8 inside text that a wrong decoder produced.

Shared by the mojibake repairs: a piece of mis-decoded text is encoded back with the
codec that made it and read as UTF-8. What does not decode is what the wrong decoder
dropped; a cut sequence is completed from the bytes that survived and the context
(lexicon `clean_mojibake.json`), or becomes U+FFFD (a lost character).
"""
from __future__ import annotations

import bisect
import re
from functools import lru_cache

from extractor.clean.char_model import char_model
from extractor.clean.charsets import COMMON_SYMBOLS, NON_ASCII_RE, common_share
from extractor.clean.lexicon import load_lexicon
from extractor.clean.tracking import RepairLog

UTF8_LEADS = range(0xC2, 0xF5)
CONTINUATION = range(0x80, 0xC0)
CONTROL_RE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]")
SURROGATE_RUN_RE = re.compile("[\udc80-\udcff]+")
_SURROGATE_CHAR_RE = re.compile("[\udc80-\udcff]")
#: share of a piece's bytes that may be undecodable (dropped-byte remains) for a repair
MAX_UNDECODABLE_SHARE = 0.25
#: above this many undecodable bytes a whole line is repaired without per-byte guessing
MAX_UNITS_GUESSED = 12
#: share of common characters a reading needs; exact readings of 2+ characters need less
MIN_COMMON_SHARE, MIN_EXACT_COMMON_SHARE = 0.8, 0.5
# undecodable bytes split into units, each a lead byte with what follows it (or a stray tail)
LEAD_SPLIT_RE = re.compile(rb"[\x80-\xc1]+|[\xc2-\xff][\x80-\xbf]*")
_SYMBOL_RE = re.compile(f"[{COMMON_SYMBOLS}]")


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


def complete_cut_sequence(prefix: bytes, prev: str, nxt: str, line_so_far: str) -> tuple[str, bool] | None:
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
        if prev and (kind == "opening" and prev in "\u2018\u201c"
                     or kind.startswith("closing") and prev in "\u2019\u201d"):
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


def is_truncated_prefix(raw: bytes) -> bool:
    """True when `raw` is a UTF-8 lead byte followed by fewer continuations than it needs.

    >>> is_truncated_prefix(b"\\xe2\\x80"), is_truncated_prefix(b"\\xe2\\x80\\x99"), is_truncated_prefix(b"\\x80")
    (True, False, False)
    """
    lead = raw[0]
    need = 1 if 0xC2 <= lead <= 0xDF else 2 if 0xE0 <= lead <= 0xEF else 3 if 0xF0 <= lead <= 0xF4 else 0
    return need > 0 and len(raw) <= need and all(b in CONTINUATION for b in raw[1:])


#: characters of context on each side of a dropped-byte character for guessing it
CONTEXT = 8
#: the first bytes of 、。「」 (U+3001..): the CJK punctuation a lone E3 most often was
CJK_PUNCTUATION_PREFIX = b"\xe3\x80"


def _likeliest(unit: bytes, before: str, after: str, fits=None) -> tuple[str, bool] | None:
    """(character, False) for the CJK character most likely meant by the surviving bytes
    `unit` after `before` and before `after`, or None when no character of the model fits.
    `fits(character)`: whether the character's bytes, put back, reproduce the mojibake
    (candidates that do not are dropped, unless none does)."""
    if not unit or unit[0] == 0xE2:
        return None  # E2: punctuation (the completions table's)
    best = char_model().best(unit, before, after, fits)
    return (best, False) if best else None


def _cut_cjk_punctuation(unit: bytes, before: str, after: str, line_so_far: str) -> tuple[str, bool] | None:
    """(、。「」..., False) for what is left of a CJK punctuation mark E3 80 xx: a lone E3
    (chosen by context like a cut E3 80), or E3 xx that lost its middle 80 ("。" is
    E3 80 82, read as GBK it keeps E3 82)."""
    if unit == CJK_PUNCTUATION_PREFIX[:1]:
        return complete_cut_sequence(CJK_PUNCTUATION_PREFIX, before, after, line_so_far)
    if len(unit) == 2 and unit[0] == CJK_PUNCTUATION_PREFIX[0]:
        char = (CJK_PUNCTUATION_PREFIX + unit[1:]).decode("utf-8", errors="replace")
        if "\u3001" <= char <= "\u3011":
            return char, False
    return None


def _only_cut_letters(decoded: str) -> bool:
    """True when every undecodable piece is a three-byte letter that lost its last or
    middle byte: what a wrong decoder leaves of UTF-8 ("사진" read as GBK keeps EC 82 and
    EC A7), never what sound CJK text's bytes look like (stray tails among them)."""
    for m in SURROGATE_RUN_RE.finditer(decoded):
        bad = bytes(ord(c) - 0xDC00 for c in m.group())
        if any(len(unit) != 2 or not 0xE0 <= unit[0] <= 0xEF or not is_truncated_prefix(unit)
               for unit in LEAD_SPLIT_RE.findall(bad)):
            return False
    return True


def _likeliest_run(units: list[bytes], before: str, after: str, fits=None) -> str | None:
    """The likeliest characters for neighbouring cut CJK characters, or None when one of
    them is not such a character (punctuation, a stray tail). `fits(k, character)`: as
    for `_likeliest`, for the k-th of them."""
    model = char_model()
    candidates = []
    for k, unit in enumerate(units):
        if not is_truncated_prefix(unit) or unit[0] == 0xE2:
            return None
        known = complete_cut_sequence(unit, "", "", "")
        if known is not None and not known[1]:
            return None  # punctuation that the completions table knows
        options = model.candidates(unit)
        if fits is not None:
            options = [c for c in options if fits(k, c)] or options
        candidates.append(options)
    return model.best_run(candidates, before, after)


def _fits(run: str, raw: bytes, encode_with: str, start: int, unit: bytes):
    """A test of a candidate character for the cut sequence `unit` at byte `start` of
    `raw` (the bytes of `run` under the wrong codec): with its bytes put back, does the
    wrong codec read the line as `run` again, dropping what it could not read? The
    dropped byte must be one the wrong decoder could not read where it stood (before a
    space, or a lone 0x80), which rules out most of the 64 characters a cut leaves.

    Only the stretch between the ASCII characters around the cut is decoded again: the
    wrong decoder is in step at an ASCII character, before and after."""
    bounds = _ascii_bounds(run, encode_with)
    k = bisect.bisect_right(bounds, (start, len(run)))
    lo_byte, lo_char = bounds[k - 1] if k else (0, 0)
    hi_byte, hi_char = bounds[k] if k < len(bounds) else (len(raw), len(run))
    head, tail = raw[lo_byte:start], raw[start + len(unit):hi_byte]
    expected = run[lo_char:hi_char]

    def fits(char: str) -> bool:
        try:
            return (head + char.encode("utf-8") + tail).decode(encode_with, errors="ignore") == expected
        except LookupError:
            return True
    return fits


@lru_cache(maxsize=64)
def _ascii_bounds(run: str, encode_with: str) -> list[tuple[int, int]]:
    """(byte offset, character offset) in `run` of each ASCII character and of the end
    of each ASCII character: where a wrong double-byte decoder is in step."""
    bounds, pos = [], 0
    for i, ch in enumerate(run):
        n = 1 if ch < "\x80" else len(ch.encode(encode_with, errors="replace"))
        if n == 1 and ch < "\x80":
            bounds.append((pos, i))
            bounds.append((pos + 1, i + 1))
        pos += n
    return bounds


def redecode(run: str, encode_with: str, prev: str, nxt: str, line_so_far: str,
                  require_gain: bool = True,
                  lenient: bool = False) -> tuple[str, list[tuple[str, bool]]] | None:
    """The UTF-8 reading of a mojibake run, or None when it is not mojibake.

    Returns (text, guesses) where guesses lists (guessed text, lost_letter) in order; the
    guessed pieces are marked in `text` by NUL separators for the caller to wrap.
    `lenient` (for whole lines of mojibake) puts the likeliest character where bytes of
    a CJK character were dropped (`char_model`), and U+FFFD for any other undecodable
    remains, instead of giving up.
    """
    try:
        raw = run.encode(encode_with)
    except UnicodeEncodeError:
        return None
    decoded = raw.decode("utf-8", errors="surrogateescape")
    guesses: list[tuple[str, bool]] = []
    # sound CJK text read back this way is mostly undecodable bytes: give up early
    n_bad = len(_SURROGATE_CHAR_RE.findall(decoded))
    if len(raw) > 8 and n_bad > MAX_UNDECODABLE_SHARE * len(raw) and not (lenient and _only_cut_letters(decoded)):
        return None
    if SURROGATE_RUN_RE.search(decoded):
        decoded = _LostBytes(run, raw, encode_with, prev, nxt, line_so_far,
                             lenient).filled(decoded, guesses)
        if decoded is None:
            return None
    if not _believable(run, decoded, guesses, require_gain, lenient):
        return None
    return decoded, guesses


class _LostBytes:
    """Fills the undecodable bytes of one mojibake run's UTF-8 reading with the
    characters they were cut from (guessed), or gives up."""

    def __init__(self, run: str, raw: bytes, encode_with: str, prev: str, nxt: str,
                 line_so_far: str, lenient: bool):
        self.run, self.raw, self.encode_with = run, raw, encode_with
        self.prev, self.nxt, self.line_so_far, self.lenient = prev, nxt, line_so_far, lenient

    def filled(self, decoded: str, guesses: list) -> str | None:
        """`decoded` with each guess between NULs (appended to `guesses`); None when a
        run of undecodable bytes is no cut character."""
        pieces, pos = [], 0
        for m in SURROGATE_RUN_RE.finditer(decoded):
            bad = bytes(ord(c) - 0xDC00 for c in m.group())
            pieces.append(decoded[pos:m.start()])
            units = LEAD_SPLIT_RE.findall(bad)
            # byte offset of each unit in `raw`, to test candidates against the mojibake
            offset = len(decoded[:m.start()].encode("utf-8", errors="surrogateescape"))
            starts = [offset + sum(len(u) for u in units[:k]) for k in range(len(units))]
            following = _SURROGATE_CHAR_RE.split(decoded[m.end():m.end() + CONTEXT], 1)[0]
            together = self._together(units, starts, pieces, following) \
                if self.lenient and len(units) > 1 else None
            if together:
                for ch in together:
                    pieces.append("\0" + ch + "\0")
                    guesses.append((ch, False))
            else:
                for k, unit in enumerate(units):
                    # the text after it up to the next undecodable byte (none when another
                    # lost character follows right away)
                    after = (following or self.nxt) if k == len(units) - 1 else ""
                    guess = self._one(unit, starts[k], "".join(pieces).replace("\0", ""), after)
                    if guess is None:
                        return None
                    pieces.append("\0" + guess[0] + "\0")
                    guesses.append(guess)
            pos = m.end()
        pieces.append(decoded[pos:])
        # adjacent guesses leave empty exact parts between them; keep the NUL structure
        return "".join(pieces)

    def _together(self, units: list, starts: list, pieces: list, following: str) -> str | None:
        """Neighbouring lost characters guessed together ("구글" lost a byte of each)."""
        so_far = "".join(pieces).replace("\0", "")
        tests = [_fits(self.run, self.raw, self.encode_with, starts[k], u)
                 for k, u in enumerate(units)]
        return _likeliest_run(units, so_far[-CONTEXT:] or self.prev, following or self.nxt,
                              lambda k, c: tests[k](c))

    def _one(self, unit: bytes, start: int, so_far: str, after: str) -> tuple[str, bool] | None:
        """The character one unit of undecodable bytes was cut from, or None."""
        before = so_far[-1:] or self.prev
        lenient = self.lenient
        if is_truncated_prefix(unit):
            guess = complete_cut_sequence(unit, before, after, self.line_so_far + so_far)
            if lenient and (guess is None or guess[1]):
                # a cut letter, not punctuation: the likeliest one on a line of
                # mojibake; a lone E3 there is most likely of 、。「 (E3 80 ..)
                guess = _likeliest(unit, so_far[-CONTEXT:] or self.prev, after,
                                   _fits(self.run, self.raw, self.encode_with, start, unit)) or \
                    _cut_cjk_punctuation(unit, before, after, self.line_so_far + so_far) or guess
        elif lenient or len(unit) <= 3 and all(b in CONTINUATION for b in unit):
            # the tail of a character whose lead byte was dropped: a lost character
            # (a wrong decoder keeps lead bytes; stray tails are rather the
            # page's own characters, a real ’ beside mojibake)
            guess = ("\ufffd", True)
        else:
            return None
        if guess is None and lenient:
            guess = ("\ufffd", True)
        return guess


def _believable(run: str, decoded: str, guesses: list, require_gain: bool,
                lenient: bool) -> bool:
    """Whether a reading (guesses between NULs) may replace the run: made of common
    characters (a lost one counts against it) and more common than the run."""
    plain = decoded.replace("\0", "")
    if not plain or CONTROL_RE.search(plain):
        return False
    # (for a whole line, lost characters are bounded by the caller instead)
    score = common_share(plain.replace("\ufffd", "") if lenient else plain)
    # an exact reading of two or more characters is itself strong evidence (sound text
    # almost never reads as UTF-8), so it may keep a rare character ("酸吡")
    exact_and_long = not guesses and len(NON_ASCII_RE.findall(plain)) >= 2
    if score < (MIN_EXACT_COMMON_SHARE if exact_and_long else MIN_COMMON_SHARE) or \
            require_gain and score <= common_share(run):
        return False
    if any(lost for _, lost in guesses):
        # a lost character is only believable beside characters that decoded exactly
        exact = "".join(decoded.split("\0")[0::2])
        if not NON_ASCII_RE.search(exact) or plain.count("\ufffd") > len(plain) / 2:
            return False
    return True


def emit_repair(decoded: str, guesses: list[tuple[str, bool]], before: str, name: str,
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


