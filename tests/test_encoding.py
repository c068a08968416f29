"""Byte decoding (extractor.clean.encoding) on real bytes: legacy charsets declared or
not, and damaged UTF-8 that must stay UTF-8 for the repairs after it."""
from __future__ import annotations

import pytest

from extractor.clean import clean_page
from extractor.clean.encoding import decode_bytes
from extractor.ingest import RawPage

# sentences of the development set's pages (ko_03, zh_02, zh_07, en_03) and a Japanese one
TEXTS = {
    "cp1252": "The caf\u00e9\u2019s \u201cnew\u201d chip costs \u20ac300 \u2014 Nvidia\u2019s H100 "
              "trained BERT in 5.78 minutes.",
    "euc_kr": "엔비디아의 H100은 MLPerf 훈련 벤치마크에서 BERT 모델을 5.78분 만에 학습했다.",
    "gb18030": "在MLPerf训练基准测试中，英伟达H100用5.78分钟完成了BERT模型的训练。",
    "big5": "在MLPerf訓練基準測試中，輝達H100以5.78分鐘完成BERT模型的訓練。",
    "shift_jis": "MLPerfの学習ベンチマークで、NVIDIAのH100はBERTを5.78分で学習した。",
}
DECLARED = {"cp1252": "windows-1252", "euc_kr": "EUC-KR", "gb18030": "GB18030", "big5": "Big5",
            "shift_jis": "Shift_JIS"}


def html(text: str, charset: str = "") -> str:
    meta = f'<meta charset="{charset}">' if charset else ""
    return (f"<!DOCTYPE html><html><head>{meta}<title>MLPerf</title></head><body><article>"
            + f"<p>{text}</p>" * 3 + "</article></body></html>")


@pytest.mark.parametrize("codec", sorted(TEXTS))
@pytest.mark.parametrize("declared", [False, True])
def test_legacy_pages_decode_exactly_with_or_without_a_declared_charset(codec, declared):
    page = html(TEXTS[codec], DECLARED[codec] if declared else "")
    text, encoding = decode_bytes(page.encode(codec))
    assert text == page, encoding


@pytest.mark.parametrize("codec", sorted(TEXTS))
def test_a_charset_declared_by_http_is_used(codec):
    text = "\n".join([TEXTS[codec]] * 2)
    assert decode_bytes(text.encode(codec), declared=DECLARED[codec])[0] == text


@pytest.mark.parametrize("declared", ["", "windows-1252"])
def test_a_cp1252_page_with_few_accents_is_not_damaged_utf8_nor_lossy(declared):
    article = ("Nvidia said on Tuesday that its H100 system trained the BERT model in 5.78 "
               "minutes in the latest MLPerf Training round. ") * 20
    page = html(TEXTS["cp1252"] + " " + article, declared)
    data = page.encode("cp1252")
    assert sum(b > 127 for b in data) < 0.01 * len(data)  # under the damaged-UTF-8 share
    cleaned = clean_page(RawPage("p.html", data))
    assert cleaned.encoding == "cp1252" and not cleaned.lossy
    assert TEXTS["cp1252"] in cleaned.text


def test_damaged_utf8_stays_utf8_whatever_the_page_declares():
    # a UTF-8 Korean page that lost a byte, mislabelled as windows-1252: read as cp1252 it
    # would come out as clean-looking mojibake; it must stay UTF-8 with the loss visible
    text = "엔비디아의 H100은 BERT 모델을 5.78분 만에 학습했다. " * 20
    data = html(text, "windows-1252").encode("utf-8")
    cut = data.index("학습".encode("utf-8")) + 1
    data = data[:cut] + data[cut + 1:]
    decoded, encoding = decode_bytes(data)
    assert encoding == "utf-8" and "\ufffd" in decoded
    assert clean_page(RawPage("p.html", data)).lossy
