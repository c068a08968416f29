"""Page junk that survives tag removal: leaked JavaScript, image file names,
breadcrumb trails and keyword/comment/related-article footers.

Every rule works on whole lines or on tokens that cannot be prose, so article sentences
are never cut: a footer only swallows short lines without sentence punctuation, a
breadcrumb line must be made of short segments, leaked code needs a JavaScript
signature *and* code punctuation.
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor.clean.layout import lines_matching
from extractor.clean.lexicon import load_lexicon
from extractor.clean.tracking import RepairLog, strip_markers

_SENTENCE_END_RE = re.compile(r"[.!?。！？]\s*[\"'”’」』)）]*\s*$|[。！？]")
_CODE_PUNCT_RE = re.compile(r"[{};=()]")
# a table row with a figure ("| BERT | 64 | 10.6 min |", tab-separated cells) is content
_TABLE_ROW_RE = re.compile(r"(?=.*\d)(?:[^|\t]*[|\t]){2,}")
#: share of code punctuation from which a stretch after a JavaScript signature is code
MIN_CODE_PUNCT_SHARE = 0.04
#: lines after a footer marker that are at most this long and not sentences are footer
MAX_FOOTER_LINE_CHARS = 60
#: a breadcrumb segment is at most this long; the trail at most this long in total
MAX_CRUMB_CHARS, MAX_TRAIL_CHARS = 60, 300


@lru_cache(maxsize=None)
def _patterns() -> dict:
    lex = load_lexicon("clean_junk")
    seps = sorted(lex.get("breadcrumb_separators", []), key=len, reverse=True)
    markers = sorted({m for ms in lex.get("footer_markers", {}).values() for m in ms},
                     key=len, reverse=True)
    exts = "|".join(lex.get("image_extensions", ["png", "jpg", "gif"]))
    return {
        "js": tuple((literal, re.compile(rx)) for literal, rx in lex.get("js_signatures", [])),
        # bounded spaces on one line: \s+ over long blank runs would be quadratic
        "crumb_seps": tuple(seps),
        "crumb_split": re.compile(r"(?<![ \t])[ \t]{1,8}(?:" + "|".join(re.escape(s) for s in seps)
                                  + r")[ \t]{1,8}"),
        "footer": re.compile(r"^\s*(?:" + "|".join(re.escape(m) for m in markers)
                             + r")\s*(?:[:：]|[.…!»›>]*\s*$)", re.IGNORECASE),
        "image": re.compile(rf"(?<![\w/.-])[\w.-]+\.(?:{exts})(?:\?\S*)?(?![\w/])", re.IGNORECASE),
        "image_ext": re.compile(rf"\.(?:{exts})\b", re.IGNORECASE),
        "image_url_line": re.compile(rf"^\s*(?:https?:)?//\S+\.(?:{exts})(?:\?\S*)?\s*$", re.IGNORECASE),
    }


def remove_javascript(text: str, log: RepairLog) -> str:
    """Cut leaked JavaScript: from a signature to the end of its line when what follows
    is code-like; whole lines that are code.

    >>> remove_javascript("成人 (function(){ var bp = document.createElement('script'); })();\\nBERT 5.78分鐘", RepairLog())
    '成人\\nBERT 5.78分鐘'
    """
    signatures = [(literal, rx) for literal, rx in _patterns()["js"] if literal in text]
    if not signatures:
        return text
    lines = text.split("\n")
    changed = False
    for i, line in enumerate(lines):
        # a regex only runs on lines that hold its literal (prose rarely does)
        starts = [m for m in (rx.search(line) for literal, rx in signatures if literal in line) if m]
        if not starts:
            continue
        m = min(starts, key=lambda found: found.start())
        code = line[m.start():]
        if len(_CODE_PUNCT_RE.findall(code)) < max(2, MIN_CODE_PUNCT_SHARE * len(code)):
            continue
        log.removed("inline_javascript", code.strip())
        lines[i] = line[:m.start()].rstrip()
        changed = True
    return "\n".join(lines) if changed else text


def remove_image_names(text: str, log: RepairLog) -> str:
    """Drop image file names standing in the text ("1638413962408997.png").

    >>> remove_image_names("上為3.79分鐘。\\n\\n1638413962408997.png\\n\\nnext", RepairLog())
    '上為3.79分鐘。\\n\\n\\n\\nnext'
    """
    pats = _patterns()
    if not pats["image_ext"].search(text):
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        # both patterns need ".png" (or another extension) before a word boundary: the
        # literal-led regex skips a line far faster than `image`, which tries every word
        if not pats["image_ext"].search(line):
            continue
        if pats["image_url_line"].match(line):
            log.removed("image_filenames", line.strip())
            lines[i] = ""
            continue
        if pats["image"].search(line):
            def _drop(m: re.Match) -> str:
                log.removed("image_filenames", m.group())
                return ""
            lines[i] = pats["image"].sub(_drop, line)
    return "\n".join(lines)


def _is_breadcrumb(line: str, crumb_split: re.Pattern) -> bool:
    # (repair markers are invisible: they must not change lengths)
    stripped = strip_markers(line).strip()
    if len(stripped) > MAX_TRAIL_CHARS:
        return False
    segments = crumb_split.split(stripped)
    if len(segments) < 3:
        return False
    # the last segment may be the article title; the trail before it must be short names
    return all(0 < len(s) <= MAX_CRUMB_CHARS and not _SENTENCE_END_RE.search(s) for s in segments[:-1])


def remove_breadcrumbs(text: str, log: RepairLog) -> str:
    """Drop breadcrumb trails ("Home > News > Industry > Title").

    >>> remove_breadcrumbs("EEPW首頁 > 智能計算 > 業界動態 > Graphcore公布\\nIt is 5 > 3 here.", RepairLog())
    '\\nIt is 5 > 3 here.'
    """
    crumb_split = _patterns()["crumb_split"]
    if not any(sep in text for sep in _patterns()["crumb_seps"]):
        return text
    candidates = lines_matching(crumb_split, text)
    if not candidates:
        return text
    lines = text.split("\n")
    for i in candidates:
        if _is_breadcrumb(lines[i], crumb_split):
            log.removed("breadcrumbs", lines[i].strip())
            lines[i] = ""
    return "\n".join(lines)


def remove_footers(text: str, log: RepairLog) -> str:
    """Drop footer marker lines ("關鍵詞:", "Related articles") and the short non-sentence
    lines that follow them; a sentence ends the footer.

    >>> remove_footers("正文。\\n關鍵詞:\\n評論\\n相關推薦\\n技術專區\\n", RepairLog())
    '正文。\\n'
    >>> remove_footers("You may also like...\\nOther story\\n| BERT | 64 | 10.6 min |\\n", RepairLog())
    '| BERT | 64 | 10.6 min |\\n'
    """
    footer_re = _patterns()["footer"]
    lines = text.split("\n")
    kept: list[str] = []
    in_footer = False
    for line in lines:
        stripped = strip_markers(line).strip()
        if stripped and len(stripped) <= MAX_FOOTER_LINE_CHARS and footer_re.match(stripped):
            log.removed("page_footer", stripped)
            in_footer = True
            continue
        if in_footer and stripped:
            if (len(stripped) <= MAX_FOOTER_LINE_CHARS and not _SENTENCE_END_RE.search(stripped)
                    and not _TABLE_ROW_RE.search(stripped)):
                log.removed("page_footer", stripped)
                continue
            in_footer = False
        kept.append(line)
    return "\n".join(kept)
