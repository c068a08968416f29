"""Layout: control characters, line ends, Unicode normalisation, spaces and blank lines.

The cleaned text has one paragraph (or one line of the page) per line and a single blank
line between paragraphs; spaces inside a line are collapsed.
"""
from __future__ import annotations

import re
import unicodedata

from extractor.clean.tracking import RepairLog

_SURROGATE_RE = re.compile("[\ud800-\udfff]")
# C0 controls except tab and newline, zero-width characters, BOMs, bidi controls
_INVISIBLE_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b-\u200d\u2060\ufeff\u202a-\u202e\u2066-\u2069]")
# C1 controls: kept until mojibake repair, which needs them ("â€\x9d" is ”)
_C1_RE = re.compile("[\x80-\x9f]")
# runs of two or more spaces of any width, or one odd space; written as one class and
# what may follow it: an alternation of two class-led branches is tried at every character
_SPACES_RE = re.compile("[ \u00a0\u2000-\u200a\u202f\u205f\u3000](?:[ \u00a0\u2000-\u200a\u202f\u205f\u3000]+"
                        "|(?<=[\u00a0\u2000-\u200a\u202f\u205f]))")
_ODD_SPACE_RE = re.compile("[\u00a0\u2000-\u200a\u202f\u205f\u3000]")
_BLANKS_RE = re.compile(r"\n{3,}")


def normalise_characters(text: str, log: RepairLog) -> str:
    """Line ends to \\n, lone surrogates to U+FFFD, invisible controls out.

    >>> normalise_characters("a\\r\\nb\\u200bc\\ud800", RepairLog())
    'a\\nbc\\ufffd'
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if has_lone_surrogates(text):
        n = len(_SURROGATE_RE.findall(text))
        log.repair("lone_surrogates").add("\\ud800", "\ufffd", n)
        text = _SURROGATE_RE.sub("\ufffd", text)
    if _INVISIBLE_RE.search(text):
        log.removed("control_chars", repr(_INVISIBLE_RE.search(text).group()),
                    len(_INVISIBLE_RE.findall(text)))
        text = _INVISIBLE_RE.sub("", text)
    return text


def has_lone_surrogates(text: str) -> bool:
    """True when `text` holds a surrogate code point (U+D800-U+DFFF), which only a broken
    decoder or an escape in the page makes. The strict UTF-16 encoder refuses exactly
    those, at memory speed: a tenth of a regex search over a whole page.

    >>> has_lone_surrogates("训练 \\U0001F600"), has_lone_surrogates("a\\udc80b")
    (False, True)
    """
    try:
        text.encode("utf-16-le")
    except UnicodeEncodeError:
        return True
    return False


def normalise_unicode(text: str, log: RepairLog) -> str:
    """C1 controls out, NFC. Runs after mojibake repair: NFC maps the compatibility ideographs that
    wrongly decoded bytes can produce to other characters, whose bytes differ.

    >>> normalise_unicode("\u1112\u1161\u11ab\x85", RepairLog())
    '한'
    """
    if _C1_RE.search(text):
        log.removed("control_chars", repr(_C1_RE.search(text).group()), len(_C1_RE.findall(text)))
        text = _C1_RE.sub("", text)
    if not text.isascii() and not unicodedata.is_normalized("NFC", text):
        log.repair("unicode_nfc").add("", "", 1)
        text = unicodedata.normalize("NFC", text)
    return text


def normalise_layout(text: str) -> str:
    """One space between words, no indentation, at most one blank line, no ends.

    >>> normalise_layout("   title  \\n\\n\\n\\n   first  line\\n\\tcell\\tcell")
    'title\\n\\nfirst line\\ncell\\tcell'
    """
    if "  " in text or _ODD_SPACE_RE.search(text):
        text = _SPACES_RE.sub(" ", text)
    text = "\n".join(line.strip(" \t") for line in text.split("\n"))
    if "\n\n\n" in text:
        text = _BLANKS_RE.sub("\n\n", text)
    return text.strip()


def collapse_spaces(text: str) -> str:
    """Every run of spaces of any kind (line breaks too) as one space: what
    `re.sub(r"\\s+", " ", text)` gives, by str.split, which takes the same characters for
    spaces, at a fifth of the regex's cost on the HTML of an article.

    >>> collapse_spaces("\\n\\t<p>MLPerf\\r\\n  BERT</p> ")
    ' <p>MLPerf BERT</p> '
    """
    words = text.split()
    if not words:
        return " " if text else ""
    return (" " if text[0].isspace() else "") + " ".join(words) + (" " if text[-1].isspace() else "")


def lines_matching(pattern: re.Pattern, text: str) -> list[int]:
    """Numbers of the lines of `text` where `pattern` (which never spans a line break)
    matches: one pass over the page instead of a search of every line.

    >>> lines_matching(re.compile(" > "), "a > b\\nc\\nd > e > f")
    [0, 2]
    """
    found: list[int] = []
    line, pos = 0, 0
    for m in pattern.finditer(text):
        line += text.count("\n", pos, m.start())
        pos = m.start()
        if not found or found[-1] != line:
            found.append(line)
    return found
