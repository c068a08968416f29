"""CP949 read as Latin-1 (`extractor.clean.legacy_mojibake`): every character CP949
encodes comes back, wherever it stands in a Korean sentence."""
from __future__ import annotations

import re

import pytest

from extractor.clean.legacy_mojibake import repair_legacy_mojibake
from extractor.clean.tracking import RepairLog

# set1/ko_03 (whose CP949 copy is set1/ko_03__cp949)
SENTENCE = "다만 이 분야에서는 대만의 주문형 반도체 설계 스타트업 뉴칩스가 227 쿼리로 1위를 차지했다."


def _cp949_characters() -> list[str]:
    """Every character of CP949's double-byte table but the Hangul syllables."""
    out = set()
    for lead in range(0x81, 0xFF):
        for trail in range(0x41, 0xFF):
            try:
                ch = bytes((lead, trail)).decode("cp949")
            except UnicodeDecodeError:
                continue
            if len(ch) == 1 and not "\uac00" <= ch <= "\ud7a3":
                out.add(ch)
    return sorted(out)


def _read_back(korean: str) -> str:
    log = RepairLog()
    return log.finish(repair_legacy_mojibake(korean.encode("cp949").decode("latin-1"), log))[0]


@pytest.mark.parametrize("place", ["glued", "alone"])
def test_every_cp949_character_comes_back(place):
    # symbols, punctuation, Latin, Greek and Cyrillic letters, kana and hanja: glued
    # between words ("로드맵―매년") and as a word of their own ("美, 엔비디아"); a
    # hanja word whose two bytes are UTF-8 too (美 is DA B8) was left as "Ú¸"
    lost = []
    for ch in _cp949_characters():
        korean = SENTENCE.replace("스타트업 ", f"스타트업{ch}") if place == "glued" else \
            SENTENCE.replace("설계 ", f"설계 {ch} ")
        if _read_back(korean) != korean:
            lost.append(ch)
    assert len(_cp949_characters()) > 5000 and lost == []


def test_hanja_headline_words_come_back():
    # Korean headlines name countries by one hanja (美 America, 中 China)
    korean = "美, 엔비디아 AI 칩 中 수출 통제… 퀄컴 추론 반도체 1위"
    assert _read_back(korean) == korean


def test_latin_words_on_a_cp949_page_are_not_read_as_hanja():
    # "öß" alone would read as a hanja; inside "Größe" it is German, on a line of its own
    korean = "서버용 추론 반도체 테스트서 퀄컴이 엔비디아 앞서"
    damaged = korean.encode("cp949").decode("latin-1") + "\nGröße über alles"
    log = RepairLog()
    out = log.finish(repair_legacy_mojibake(damaged, log))[0]
    assert out == korean + "\nGröße über alles"
    assert not re.search("[\u4e00-\u9fff]", out)
