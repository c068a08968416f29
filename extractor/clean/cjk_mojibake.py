"""CJK mojibake: UTF-8 read as GBK/GB18030, Big5, CP949 or Shift-JIS, which ftfy does not undo.

"’s" read as GBK becomes "鈥檚". Pages mix such runs with correctly encoded CJK text, so
repair works line by line and run by run: only lines whose bytes show UTF-8 evidence are
searched; a line of mojibake is re-decoded whole, otherwise each run of characters that
are rare in real text (see `charsets`) is re-decoded on its own, and replaced only if it
becomes common text. Bytes the wrong decoder dropped are guessed or lost (`redecode`).
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor.clean.charsets import COMMON_SYMBOLS, NON_ASCII_RE, char_class, common_cjk_chars, common_share
from extractor.clean.lexicon import load_lexicon
from extractor.clean.lone_mojibake import repair_lone_han
from extractor.clean.redecode import CONTINUATION, MIN_COMMON_SHARE, UTF8_LEADS, emit_repair, redecode
from extractor.clean.tracking import RepairLog

_CJK_PUNCT = "\u3001-\u3011\uff01\uff08\uff09\uff0c\uff1a\uff1b\uff1f"  # 、。「」『』【】！（），：；？
_COMMON_CJK = char_class(common_cjk_chars())
_PUNCT_ONLY_RE = re.compile(f"[{_CJK_PUNCT}]+")
# common CJK text, its punctuation included ("「利")
_COMMON_CJK_RUN_RE = re.compile(f"[{_COMMON_CJK}{_CJK_PUNCT}]+")
# (two regexes: one alternation of both runs several times slower)
# two common CJK characters in a row, or one beside CJK punctuation ("妹，", "，发");
# one class first, then what may follow it: branches that each start with a class of
# their own are tried at every character, 4.5x slower on a page
_EVIDENCE_PAIR_RE = re.compile(f"[{_COMMON_CJK}{_CJK_PUNCT}]"
                               f"(?:(?<=[{_COMMON_CJK}])[{_COMMON_CJK}{_CJK_PUNCT}]|(?<=[{_CJK_PUNCT}])[{_COMMON_CJK}])")
_EVIDENCE_PUNCT_RE = re.compile("[\u2013-\u2026\u2122]")
_NON_ASCII_RUN_RE = re.compile("[^\x00-\x7f]+")



def _class_of(points: list[int]) -> str:
    return char_class(frozenset(map(chr, points)))


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
    run_points, sig_points, all_points, rare_sig_points, single_points = [], [], [], [], []
    # single-byte characters of the codec (Shift-JIS half-width katakana "ｳ", cp936 "€")
    # stand for one UTF-8 byte each
    for byte in range(0x80, 0x100):
        try:
            ch = bytes((byte,)).decode(codec)
        except UnicodeDecodeError:
            continue
        if len(ch) == 1 and not ch.isascii():
            all_points.append(ord(ch))
            if not symbols.match(ch):
                run_points.append(ord(ch))
                single_points.append(ord(ch))
    for lead in range(0x81, 0xFF):
        for trail in range(0x40, 0xFF):
            try:
                ch = bytes((lead, trail)).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(ch) != 1 or ch.isascii():
                continue
            if lead in UTF8_LEADS or lead in CONTINUATION:
                all_points.append(ord(ch))
                # ordinary punctuation (’ “ — ， ＋) may sit inside mojibake but never
                # starts or makes a run of it: it is mostly the page's own
                if symbols.match(ch):
                    continue
                if lead in UTF8_LEADS and trail in CONTINUATION:
                    sig_points.append(ord(ch))
                if ch not in common:
                    run_points.append(ord(ch))
                    if lead in UTF8_LEADS and trail in CONTINUATION:
                        rare_sig_points.append(ord(ch))
    sig = re.compile(f"[{_class_of(sig_points)}]")
    run = re.compile(f"[{_class_of(run_points)}]+")
    stretch = re.compile(f"[{_class_of(all_points)}]+")
    # a rare character that starts a UTF-8 sequence, or a single-byte one (half-width
    # katakana in Shift-JIS mojibake: "在" read as Shift-JIS is "蝨ｨ")
    rare_sig = re.compile(f"[{_class_of(rare_sig_points + single_points)}]")
    return sig, run, stretch, rare_sig


#: a line is re-decoded as a whole when at least this share of its non-ASCII
#: characters are rare ones (a line of mojibake has common characters only by chance)
MIN_RARE_SHARE_FOR_LINE = 0.5
#: ... and it has at least this many non-ASCII characters
MIN_NON_ASCII_FOR_LINE = 6


def _repair_whole_line(line: str, encode_with: str, name: str, log: RepairLog) -> str | None:
    """The line re-decoded as a whole when it is mostly mojibake (runs alone would miss
    the characters of mojibake that happen to be common ones), else None.

    A line whose mojibake happens to be made of common characters ("作者" read as GBK is
    "浣滆", "사진" is "靷歆") is re-decoded too when most of its reading is exact UTF-8
    and all of it common text: sound text never reads so (its common characters' GBK
    bytes are no UTF-8 lead bytes)."""
    non_ascii = len(NON_ASCII_RE.findall(line))
    mostly_rare = non_ascii >= MIN_NON_ASCII_FOR_LINE and common_share(line) <= 1 - MIN_RARE_SHARE_FOR_LINE
    if not mostly_rare and non_ascii < 2:
        return None
    result = redecode(line, encode_with, "", "", "", lenient=True)
    if result is None:
        return None
    decoded, guesses = result
    plain = decoded.replace("\0", "")
    if plain.count("\ufffd") > 0.3 * len(NON_ASCII_RE.findall(plain)) + 1:
        return None
    if not mostly_rare:
        exact = len(NON_ASCII_RE.findall("".join(decoded.split("\0")[0::2])))
        if "\ufffd" in plain or len(guesses) > exact or common_share(plain) < 1.0:
            return None
    return emit_repair(decoded, guesses, line, name, log)


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
#: groups up to this long are tried in every piece, longer ones only widened
MAX_ENUMERATED_PIECE = 12


def _candidate_groups(stretch: str, run_re: re.Pattern) -> list[list[tuple[int, int]]]:
    """Alternative (start, end) pieces of a stretch, one list per place to repair.

    First the whole stretch; then, for each group of rare runs bridged over a few common
    characters (and each of its tails), the group widened by up to that many common
    characters on either side (mojibake may begin or end with a common character) and
    each of its runs alone.
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
    # each bridged group, then its tails from each later run: when a first piece covers
    # only part of the group, the rest gets its own search ("五明" + "―声")
    tails = [group[k:] for group in bridged for k in range(len(group))]
    for group in tails:
        start, end = group[0][0], group[-1][1]
        lo, hi = max(0, start - MAX_COMMON_BRIDGE), min(len(stretch), end + MAX_COMMON_BRIDGE)
        if hi - lo <= MAX_ENUMERATED_PIECE:
            # short: every piece of the widened group (the mojibake may end inside a run
            # of real rare characters: "閰稿悺" + 啶)
            pieces = {(a, b) for a in range(lo, start + 1) for b in range(a + 1, hi + 1)}
        else:
            pieces = {(max(0, start - left), min(len(stretch), end + right))
                      for left in range(MAX_COMMON_BRIDGE + 1) for right in range(MAX_COMMON_BRIDGE + 1)}
        groups.append(sorted(pieces | set(group), key=lambda p: p[0] - p[1]))
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
    if text.isascii():
        return text
    # the page's runs of non-ASCII characters, a line each: what the page-wide test
    # below needs to see (signatures and evidence are non-ASCII, ASCII bytes encode to
    # themselves in these codecs and end any UTF-8 sequence), at a fraction of the page
    probe = "\n".join(_NON_ASCII_RUN_RE.findall(text))
    codecs = []
    for spec in load_lexicon("clean_mojibake").get("codecs", []):
        try:
            res = _run_res(spec["codec"])
        except LookupError:
            continue
        encode_with = spec.get("encode_with", spec["codec"])
        # one pass over the page first: most pages show no evidence for any codec
        if res[0].search(probe) and _has_mojibake_evidence(probe, encode_with, res[3]):
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
    text = "\n".join(lines) if changed else text
    for encode_with, name, _ in codecs:
        # a lone character of this mojibake beside ASCII shows no signature ("1尾 (1-beta")
        text = repair_lone_han(text, encode_with, name, log)
    return text


#: lengths (in characters of the wrong codec) of the pieces tried in common-only stretches
_COMMON_ONLY_PIECE_LENGTHS = (6, 5, 4, 3, 2)


def _common_only_pieces(text: str, start: int, end: int, encode_with: str,
                        sig_re: re.Pattern) -> list[tuple[int, int, str]]:
    """(start, end, reading) of the pieces of a stretch without rare characters that read
    back exactly as two or more common CJK characters, longest first at each place."""
    found = []
    pos = start
    while pos < end:
        if not sig_re.match(text, pos):
            pos += 1
            continue
        for length in _COMMON_ONLY_PIECE_LENGTHS:
            if pos + length > end:
                continue
            result = redecode(text[pos:pos + length], encode_with, "", "", "", require_gain=False)
            if result and not result[1] and len(result[0]) >= 2 and _COMMON_CJK_RUN_RE.fullmatch(result[0]) \
                    and not _PUNCT_ONLY_RE.fullmatch(result[0]):
                found.append((pos, pos + length, result[0]))
                pos += length
                break
        else:
            pos += 1
    return found


def _repair_runs(text: str, encode_with: str, name: str, log: RepairLog, sig_re: re.Pattern,
                 run_re: re.Pattern, stretch_re: re.Pattern) -> str:
    """Repair each stretch of the codec's characters in one line on its own."""
    out, pos = [], 0

    def _common_only(lo: int, hi: int) -> None:
        # mojibake made only of common characters ("그는" read as GBK is "攴鸽姅", "那个"
        # is "閭ｄ釜"): only short pieces that start a UTF-8 sequence and read back
        # exactly as common CJK text (the line showed such evidence)
        nonlocal pos
        for a, b, decoded in _common_only_pieces(text, max(pos, lo), hi, encode_with, sig_re):
            out.append(text[pos:a])
            out.append(log.replaced(name, text[a:b], decoded))
            pos = b

    for m in stretch_re.finditer(text):
        if not run_re.search(m.group()):
            _common_only(m.start(), m.end())
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
                result = redecode(text[a:b], encode_with, text[a - 1] if a else "",
                                  text[b] if b < len(text) else "", so_far)
                if result is None:
                    continue
                # fewest lost characters, fewest guesses, most common reading, longest
                share = common_share(result[0].replace("\0", ""))
                if (start, end) == (0, len(m.group())) and share < MIN_COMMON_SHARE:
                    continue  # the whole stretch competes with nothing: it must be common
                rank = (sum(lost for _, lost in result[1]), len(result[1]), -share, a - b)
                if best is None or rank < best[0]:
                    best = (rank, a, b, result)
                if not result[1] and share == 1.0:
                    break  # exact and common; pieces come longest first: nothing better
            if best is None:
                continue
            _, a, b, result = best
            _common_only(m.start(), a)  # common-only mojibake before it ("涓轰簡" + "浜嗚В")
            out.append(text[pos:a])
            out.append(emit_repair(*result, text[a:b], name, log))
            pos = b
        _common_only(m.start(), m.end())
    out.append(text[pos:])
    return "".join(out)


