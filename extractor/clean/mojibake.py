"""Mojibake repair: text whose UTF-8 bytes were decoded with the wrong codec.

- `latin_mojibake`: Latin-1/cp1252 readings ("Itâ€™s"), with ftfy and with the bytes a
  strict cp1252 reader drops put back;
- `cjk_mojibake`: GBK/Big5/CP949/Shift-JIS readings ("鈥檚"), which ftfy does not undo,
  repaired run by run beside correctly encoded CJK text;
- `redecode`: the byte-level reading both share (dropped bytes guessed or lost);
- `legacy_mojibake`: CP949 Korean (not UTF-8) read as Latin-1/cp1252 ("¼­¹ö¿ë").
"""
from __future__ import annotations

from extractor.clean.cjk_mojibake import repair_cjk_mojibake
from extractor.clean.legacy_mojibake import repair_legacy_mojibake
from extractor.clean.latin_mojibake import repair_cp1252_dropped, repair_latin_mojibake
from extractor.clean.tracking import RepairLog

__all__ = ["repair_cjk_mojibake", "repair_cp1252_dropped", "repair_latin_mojibake", "repair_legacy_mojibake",
           "repair_mojibake", "repaired_text"]


def repair_mojibake(text: str, log: RepairLog) -> str:
    """Both mojibake families: cp1252 readings of UTF-8 first, then the CJK codecs.

    >>> log = RepairLog()
    >>> log.finish(repair_mojibake("the AI industry\u9225\u6a9a most, MLPerf\u9229, and caf\u00c3\u00a9", log))[0]
    'the AI industry’s most, MLPerf™, and café'
    """
    # legacy CP949 bytes read as Latin-1 first: their bytes are no UTF-8, and the UTF-8
    # repairs would take their pairs for broken sequences
    text = repair_legacy_mojibake(text, log)
    # UTF-8 read as cp1252 first where it yields CJK text or punctuation (ftfy reads a
    # ” that lost its last byte, "â€ ", as "†"), then ftfy for the Latin rest
    text = repair_cp1252_dropped(text, log)
    text = repair_latin_mojibake(text, log)
    return repair_cjk_mojibake(text, log)


def repaired_text(text: str) -> str:
    """`text` with its mojibake repaired and nothing else changed (no record kept): for
    a line read on its own, as `extractor langid` reads them.

    >>> repaired_text("ì¸ê³µì§€ëŠ¥ ë°˜ë„ì²´"), repaired_text("¼­¹ö¿ë Ãß·Ð ¹ÝµµÃ¼")
    ('인공지능 반도체', '서버용 추론 반도체')
    """
    if text.isascii():
        return text
    log = RepairLog()
    return log.finish(repair_mojibake(text, log))[0]
