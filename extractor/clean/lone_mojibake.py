"""A lone Han character that is a two-byte UTF-8 letter or symbol read as GBK or Big5.

UTF-8 "β" (CE B2) read as GBK is one valid character, "尾"; "×" (C3 97) is "脳". Alone
among ASCII ("industry-leading 1尾 (1-beta)") it shows no mojibake signature, so the run
repair (`cjk_mojibake`) leaves it. On a page that holds this codec's mojibake elsewhere,
such a character is read back when it sits between ASCII characters and reads back as a
Latin-1 symbol or a Greek letter, and either the line holds no other Han text (an English
line) or it is no common Chinese character (脳 is a Japanese form; 位, which reads back as
λ, is left in "64位CPU").
"""
from __future__ import annotations

import re

from extractor.clean.charsets import common_chinese_chars
from extractor.clean.tracking import RepairLog

#: what a two-byte UTF-8 character read back from a lone Han character may be: the
#: symbols and Greek letters of technical text (µ ° ± ² ³ · × β ...)
_READ_BACK_RE = re.compile("[\u00b0-\u00b3\u00b5\u00b7\u00d7\u00e9\u0391-\u03c9]")
_LONE_HAN_RE = re.compile(r"(?<=[\x21-\x7e ])[\u4e00-\u9fff](?=[\x20-\x7e])")
_HAN_RE = re.compile("[\u4e00-\u9fff]")


def _read_back(ch: str, encode_with: str) -> str | None:
    """
    >>> _read_back("尾", "gbk"), _read_back("脳", "gbk"), _read_back("个", "gbk")
    ('β', '×', None)
    """
    try:
        out = ch.encode(encode_with).decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return None
    return out if _READ_BACK_RE.fullmatch(out) else None


def repair_lone_han(text: str, encode_with: str, name: str, log: RepairLog) -> str:
    """`text` (a page known to hold `encode_with` mojibake) with its lone Han characters
    that stand for a symbol or Greek letter read back.

    >>> repair_lone_han("the industry-leading 1尾 (1-beta) node", "gbk", "mojibake_gbk", RepairLog())
    'the industry-leading 1\\U000f0000β\\U0010fffd (1-beta) node'
    >>> repair_lone_han("采用64位CPU", "gbk", "mojibake_gbk", RepairLog())
    '采用64位CPU'
    """
    if not _LONE_HAN_RE.search(text):
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if not _LONE_HAN_RE.search(line):
            continue
        english = len(_HAN_RE.findall(line)) == 1

        def _sub(m: re.Match) -> str:
            ch = m.group()
            if not english and ch in common_chinese_chars():
                return ch
            read = _read_back(ch, encode_with)
            return log.replaced(name, ch, read) if read else ch

        lines[i] = _LONE_HAN_RE.sub(_sub, line)
    return "\n".join(lines)
