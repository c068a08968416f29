"""Sentence segmentation for Korean, Chinese, Japanese and English text, with offsets.

The claim extractor reads one sentence at a time, so a sentence must keep a number with
its unit and its subject: we split at sentence-final punctuation and at line breaks, and
nowhere inside a number (`28.3`, `1,750`, `$300,000`), an abbreviation (`e.g.`, `vs.`,
`Inc.`), a version (`v1.1`) or a URL. `. ! ?` end a sentence before white space, and
not before a lower-case word (`approx. five`); `。！？` end one wherever they stand, with
their closing quotes; a full stop glued between two CJK letters (`다.그`) ends one too.
Damaged pages shape the rules as well:

- a '?' that stands for a lost letter (pages whose Korean became `?? ???`) is no
  question mark, so it never ends a sentence where '?' runs are about;
- a flattened table keeps its rows as lines of cells (`a | b | c`, or tab-separated):
  each row is one sentence, whatever punctuation its cells hold;
- hard-wrapped English prose (a line ending mid-sentence, the next going on in lower
  case) is joined again rather than cut at every line break;
- an over-long run without any boundary (scripts, junk) is cut at a soft break so no
  sentence grows without bound;
- pieces without a letter or digit (`|---|---|`, `×`) are not sentences.

Runs in linear time on any string (megabyte lines included) and never raises.

What counts as an abbreviation or a closing quote is data: `lexicons/segment_*.json`.
"""
from __future__ import annotations

import logging
import re
from bisect import bisect_right
from dataclasses import asdict, dataclass
from functools import lru_cache

from extractor import lexicons

logger = logging.getLogger(__name__)


@dataclass
class Sentence:
    """A sentence of a text: `text == source[start:end]`."""

    start: int
    end: int
    text: str

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class SegmentConfig:
    """Options of sentence segmentation."""

    #: a sentence longer than this is cut at a soft break (`,`, `;`, white space, ...)
    max_sentence_chars: int = 2000
    #: a '?' with a run of two or more '?' this close (same line) is a lost letter
    lost_letter_window: int = 40
    #: a line is a table row only if none of its cells is longer than this
    max_cell_chars: int = 300
    #: join a line break inside a sentence of hard-wrapped Latin-script prose
    join_wrapped_lines: bool = True


@dataclass(frozen=True)
class _Lexicon:
    always: frozenset[str]
    before_number: frozenset[str]
    cjk_terminals: frozenset[str]
    latin_terminals: str
    closers: str
    soft_breaks: str
    terminal_run: re.Pattern


@lru_cache(maxsize=1)
def _lexicon() -> _Lexicon:
    abbr = lexicons.load("segment_abbreviations.json")
    punct = lexicons.load("segment_punctuation.json")

    def merged(kind: str) -> frozenset[str]:
        return frozenset(w.lower() for words in abbr[kind].values() for w in words)

    terminals = re.escape(punct["cjk_terminals"] + punct["latin_terminals"])
    terminal_run = re.compile(f"[{terminals}]+[{re.escape(punct['closers'])}]*")
    return _Lexicon(merged("always"), merged("before_number"), frozenset(punct["cjk_terminals"]),
                    punct["latin_terminals"], punct["closers"], punct["soft_breaks"], terminal_run)


_URL = re.compile(r"(?:https?://|ftp://|www\.)[^\s<>\"'，。！？]+[^\s<>\"'，。！？.,;:!?)\]]"
                  r"|(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+")  # no retry inside a word
# Letters of scripts written without spaces, between which a '.' is a missed full stop.
_CJK = re.compile(r"[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff"
                  r"\uac00-\ud7a3\uf900-\ufaff]")
# List numbering that a following '.' belongs to: "1.", "2.3.", "iv.", "(a)".
_ENUMERATOR = re.compile(r"[(\[]?(?:\d{1,3}(?:\.\d{1,3})*|(?=[ivx])x{0,3}(?:ix|iv|v?i{0,3})|[A-Za-z])[)\]]?\.?",
                         re.I)
_HAS_CONTENT = re.compile(r"[^\W_]|[?\ufffd]")
_INITIALISM = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]")  # "e.g", "U.S"


def split_sentences(text: str, config: SegmentConfig | None = None) -> list[Sentence]:
    """Split `text` into sentences; offsets index into `text`.

    >>> [s.text for s in split_sentences("It took 28.3 minutes. 訓練時間為5.78分鐘。很快")]
    ['It took 28.3 minutes.', '訓練時間為5.78分鐘。', '很快']
    >>> [s.text for s in split_sentences("Graphcore Inc. sells it for $300,000. See v1.1!")]
    ['Graphcore Inc. sells it for $300,000.', 'See v1.1!']
    >>> [s.text for s in split_sentences("ResNet-50 | 28.3 min. | IPU-POD16\\nNext line")]
    ['ResNet-50 | 28.3 min. | IPU-POD16', 'Next line']
    """
    if not isinstance(text, str) or not text:
        return []
    config = config or SegmentConfig()
    lex = _lexicon()
    out: list[Sentence] = []
    # (a page without any is spared three searches per line)
    may_have_urls = "://" in text or "www." in text or "@" in text
    for start, end, is_row in _blocks(text, config):
        if is_row:
            _emit(text, start, end, out, config, lex)
            continue
        pos = start
        for cut in _boundaries(text, start, end, config, lex, may_have_urls):
            _emit(text, pos, cut, out, config, lex)
            pos = cut
        _emit(text, pos, end, out, config, lex)
    return out


def _blocks(text: str, config: SegmentConfig):
    """(start, end, is_table_row) of each line, hard-wrapped prose lines joined."""
    # str.splitlines breaks lines at \n, \r, \r\n, \v, \f, \x1c-\x1e, \x85, \u2028 and
    # \u2029, in C (the line pattern it replaced is kept in tests/test_segment.py); each
    # line's row test is made once, not again as the line after its predecessor
    lines, rows, pos = [], [], 0
    for line, with_break in zip(text.splitlines(), text.splitlines(True)):
        lines.append((pos, pos + len(line)))
        rows.append(_is_table_row(line, config))
        pos += len(with_break)
    block_start = None
    last = len(lines) - 1
    for i, (s, e) in enumerate(lines):
        if rows[i]:
            if block_start is not None:
                yield block_start, lines[i - 1][1], False
                block_start = None
            yield s, e, True
            continue
        if block_start is None:
            block_start = s
        if (config.join_wrapped_lines and i < last and not rows[i + 1]
                and _continues(text[s:e], text[lines[i + 1][0]:lines[i + 1][1]])):
            continue
        yield block_start, e, False
        block_start = None
    if block_start is not None:
        yield block_start, lines[-1][1], False


def _continues(line: str, next_line: str) -> bool:
    """A hard-wrapped line: it stops mid-sentence and the next line goes on in lower case.

    >>> _continues("the results of the first", "round were published")
    True
    >>> _continues("Results", "were published")
    False
    """
    body, following = line.rstrip(), next_line.lstrip()
    if not body or not following or len(body.split()) < 4:
        return False  # a heading or a short label is its own sentence
    last, first = body[-1], following[0]
    return (last.isalpha() and last.isascii() or last in ",;-") and first.isascii() and first.islower()


def _is_table_row(line: str, config: SegmentConfig) -> bool:
    """A line of cells separated by '|' or tabs (not a leading indent).

    >>> _is_table_row("LLaMA V2 70B | 64 | 4,096 | FP8 |", SegmentConfig())
    True
    >>> _is_table_row("\\tindented prose.", SegmentConfig())
    False
    """
    body = line.strip()
    if "|" in body:
        cells = body.split("|")
    elif "\t" in body:
        cells = body.split("\t")
    else:
        return False
    return len(cells) > 1 and all(len(c) <= config.max_cell_chars for c in cells)


def _boundaries(text: str, start: int, end: int, config: SegmentConfig, lex: _Lexicon,
                may_have_urls: bool = True):
    """Offsets in [start, end) where a sentence ends (just after its punctuation), but
    for one the block's own end would make: the block's last sentence is emitted up to
    the end whether a punctuation run there ends it or not (most lines end in one)."""
    content_end = end
    while content_end > start and text[content_end - 1].isspace():
        content_end -= 1
    protected = []
    if may_have_urls and (text.find("://", start, end) >= 0 or text.find("www.", start, end) >= 0
                          or text.find("@", start, end) >= 0):
        protected = [(m.start(), m.end()) for m in _URL.finditer(text, start, end)]
    sentence_start = start
    # runs of sentence-final punctuation with their closing quotes: "?!", "...", "。」"
    for m in lex.terminal_run.finditer(text, start, end):
        i, j = m.start(), m.end()
        if j >= content_end:  # only white space after it: cut here or not, the same pieces
            return
        if protected:
            k = bisect_right(protected, (i, float("inf"))) - 1  # the last URL starting at or before i
            if k >= 0 and i < protected[k][1]:
                continue
        if j - i > 1 and text.count("?", i, j) == j - i:
            continue  # "??": lost letters, as _ends_sentence says (most runs on damaged pages)
        if _ends_sentence(text, start, sentence_start, i, j, end, config, lex):
            sentence_start = j
            yield j


def _ends_sentence(text: str, start: int, sentence_start: int, i: int, j: int, end: int,
                   config: SegmentConfig, lex: _Lexicon) -> bool:
    """Whether the punctuation run text[i:j] (closers included) ends a sentence that
    began at `sentence_start`, in a block (a line or a paragraph) that began at `start`."""
    run = text[i:j]
    if not lex.cjk_terminals.isdisjoint(run):  # (a set test: this runs for every '?' and '.')
        return True
    real = run.lstrip("?")
    if real and real != run and real[0] in ".!…":
        i += len(run) - len(run.lstrip("?"))  # "????." : lost letters, then a real full stop
        run = text[i:j]
    elif "?" in run and _is_lost_letter(text, i, j, start, end, config):
        return False
    after = text[j] if j < end else " "
    if not after.isspace():
        # "습니다.그래서": a full stop between two CJK letters, the space lost. Not a '?'
        # there: "訓練?間" is a letter lost to '?' far more often than a question.
        return ("?" not in run and bool(_CJK.match(after)) and i > start
                and bool(_CJK.match(text[i - 1])))
    k = j
    while k < end and text[k].isspace():
        k += 1
    following = text[k] if k < end else ""
    if following and following.islower():  # any cased script: Latin, Cyrillic, Greek
        return False  # "approx. five", "e.g. the": a new sentence starts in upper case
    if run[0] == ".":
        word = _word_before(text, start, i)
        low = word.lower()
        initial = len(word) == 1 and word.isascii() and word.isalpha()  # "J. Smith"
        if low in lex.always or initial or _INITIALISM.fullmatch(word):
            return False
        if low in lex.before_number and following[:1].isdigit():
            return False
        if i - sentence_start <= 12 and _ENUMERATOR.fullmatch(text[sentence_start:i].strip()):
            return False  # "1. Introduction": list numbering, not a sentence
    return True


def _word_before(text: str, start: int, i: int) -> str:
    k = i
    while k > start and not text[k - 1].isspace() and text[k - 1] not in "([{\"'“‘":
        k -= 1
    return text[k:i]


def _is_lost_letter(text: str, i: int, j: int, start: int, end: int, config: SegmentConfig) -> bool:
    """A '?' that stands for a lost letter: in a run of '?', or where such runs are about.

    >>> _is_lost_letter("IPU-POD16? ??? ??", 9, 10, 0, 17, SegmentConfig())
    True
    >>> _is_lost_letter("Is it fast? Yes.", 10, 11, 0, 16, SegmentConfig())
    False
    """
    if text.count("?", i, j) > 1 or (i > start and text[i - 1] == "?"):
        return True
    lo, hi = max(start, i - config.lost_letter_window), min(end, j + config.lost_letter_window)
    window = text[lo:i] + " " + text[j:hi]
    return "??" in window


def _emit(text: str, start: int, end: int, out: list[Sentence], config: SegmentConfig,
          lex: _Lexicon) -> None:
    while True:  # a loop, not recursion: a page may be megabytes without a boundary
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end <= start:
            return
        if end - start <= config.max_sentence_chars:
            break
        cut = _soft_cut(text, start, start + config.max_sentence_chars, lex)
        _append(text, start, cut, out)
        start = cut
    _append(text, start, end, out)


def _append(text: str, start: int, end: int, out: list[Sentence]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    piece = text[start:end]
    if piece and _HAS_CONTENT.search(piece):
        out.append(Sentence(start, end, piece))
    # else "|---|---|", "×", a rule of dashes: nothing a reader or extractor uses


def _soft_cut(text: str, start: int, limit: int, lex: _Lexicon) -> int:
    """The last soft break (or white space) before `limit`, never inside a number."""
    for k in range(limit, start + (limit - start) // 2, -1):
        if text[k - 1] in lex.soft_breaks and not (text[k - 2:k - 1].isdigit() and text[k:k + 1].isdigit()):
            return k
    for k in range(limit, start + (limit - start) // 2, -1):
        if text[k - 1].isspace():
            return k
    # Back out of a number cut at the limit; a digit run longer than half a sentence is no
    # number anyone reads, and is cut at the limit in one step (not a digit at a time).
    k, floor = limit, start + (limit - start) // 2
    while k > floor and text[k - 1].isdigit() and text[k].isdigit():
        k -= 1
    return k if k > floor else limit
