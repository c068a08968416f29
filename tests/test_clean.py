"""The cleaning stage on the five seed pages: golden keep/drop strings, done-when criteria,
and the CleanedPage interface others rely on."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from extractor.clean import CleanConfig, clean_page, clean_text, decode_bytes, explain
from extractor.ingest import RawPage

REPO = Path(__file__).parents[1]
SHARED = Path(__file__).parents[2] / "shared"
GOLDEN = json.loads((REPO / "tests" / "golden" / "seeds_cleaning.json").read_text("utf-8"))


def _seed_path(doc_id: str) -> Path:
    for folder in (REPO / "corpus", SHARED / "seeds"):
        if (folder / doc_id).exists():
            return folder / doc_id
    pytest.skip(f"seed page {doc_id} not available")


_CACHE: dict[str, object] = {}


def _cleaned(doc_id: str):
    if doc_id not in _CACHE:
        path = _seed_path(doc_id)
        _CACHE[doc_id] = clean_page(RawPage(doc_id, path.read_bytes()))
    return _CACHE[doc_id]


@pytest.mark.parametrize("doc_id", sorted(GOLDEN))
def test_golden_keep_and_drop(doc_id):
    page = _cleaned(doc_id)
    gold = GOLDEN[doc_id]
    for keep in gold["keep"]:
        assert keep in page.text, f"lost {keep!r}"
    for drop in gold["drop"]:
        assert drop not in page.text, f"left {drop!r}"
    assert page.lossy == gold["lossy"]


def _by_prefix(prefix: str):
    return _cleaned(next(d for d in GOLDEN if d.startswith(prefix)))


def test_gbk_mojibake_repaired_in_002():
    page = _by_prefix("002")
    assert "’s" in page.text and "MLPerf™" in page.text
    assert "鈥" not in page.text and "鈩" not in page.text
    assert "mojibake_gbk" in page.repair_names
    # bytes the wrong decoder dropped were guessed, and the guesses are marked
    guessed = [s for s in page.lossy_spans if s.kind == "guessed_bytes"]
    assert guessed and all(page.text[s.start:s.end] in "’“”—™" for s in guessed)


def test_brand_replacement_flagged_in_002():
    page = _by_prefix("002")
    assert "brand_replacement_spam" in page.repair_names
    spans = next(r for r in page.repairs if r.name == "brand_replacement_spam").spans
    assert all(not page.text[a:b].isascii() for a, b in spans)


def test_001_has_no_pinyin_spam_or_script():
    page = _by_prefix("001")
    for name in ("html_junk", "pinyin_annotations", "spam_lines", "inline_javascript"):
        assert name in page.repair_names
    assert "document." not in page.text and "(jì)" not in page.text


def test_question_mark_page_000_is_lossy():
    page = _by_prefix("000")
    assert page.lossy and page.lossy_ratio >= 0.5
    assert page.is_lossy_at(0, 3)


def test_dropped_korean_syllables_in_003():
    page = _by_prefix("003")
    dropped = [s for s in page.lossy_spans if s.kind == "dropped_syllables"]
    assert page.lossy and dropped
    # "최대 2.6 단축" lost 배: the number's span is flagged
    at = page.text.find("2.6 단축")
    assert at >= 0 and "dropped_syllables" in page.lossy_kinds_at(at, at + 3)


def test_lossy_spans_index_cleaned_text():
    for doc_id in GOLDEN:
        page = _cleaned(doc_id)
        for s in page.lossy_spans:
            assert 0 <= s.start < s.end <= len(page.text)
        for r in page.repairs:
            assert r.count >= len(r.spans)
            for a, b in r.spans:
                assert 0 <= a <= b <= len(page.text)


def test_paragraph_structure_kept():
    page = _by_prefix("004")
    assert "\n\n" in page.text and "\n\n\n" not in page.text
    assert page.text.splitlines()[0] == "Performance Results"


def test_explain_names_repairs_counts_and_places():
    page = _by_prefix("002")
    text = explain(page)
    assert "mojibake_gbk: " in text and "line:col" in text and "'鈥檚' -> '’s'" in text
    assert "lossy: false" in text


def test_repair_as_dict_round_trips_through_json():
    page = _by_prefix("001")
    data = json.loads(json.dumps(page.as_dict(), ensure_ascii=False))
    assert {r["name"] for r in data["repairs"]} == set(page.repair_names)


@pytest.mark.parametrize("junk", ["", "\x00\x01", "\ud800 lone", "<" * 1000, "?" * 50,
                                  "\ufffd" * 3, "鈥" * 10, "<script>", "&#xD800;",
                                  "(jì)" * 5, "<script>var a;" * 500, "<!--" * 500,
                                  "<![CDATA[" * 500, "<div>" * 500, "鈥檚 视频 " * 500,
                                  "function(" * 500, "<a b=\"" * 500])
def test_never_raises_on_odd_text(junk):
    page = clean_text(junk)
    assert isinstance(page.text, str)
    page.text.encode("utf-8")  # no lone surrogates survive


@pytest.mark.parametrize("data", [b"", b"\xff\xfe", b"\x00" * 9, bytes(range(256)) * 4,
                                  b"\xef\xbb\xbf", b"\x81" * 7])
def test_clean_page_never_raises_on_odd_bytes(data):
    page = clean_page(RawPage("x", data), CleanConfig())
    assert page.n_bytes == len(data)
    assert decode_bytes(data)[1] == page.encoding


def test_injected_advertisement_lines_go_and_article_lines_stay():
    article = ["在IPU-POD128上訓練ResNet-50的時間為5.67分鐘。",
               "IPU-POD16에서 ResNet-50 학습에 28.3분이 걸렸습니다.",
               "The list price is around $300,000, with eight chips."]
    ads = ["【广告】澳门新葡京 注册就送888元 www.example.com",
           "[광고] 최대 50% 할인 쿠폰 받기",
           "Sponsored: save 20% on cloud GPUs today",
           "Buy cheap followers instagram 1000 likes $5 - example.com"]
    page = clean_text("\n".join([article[0], ads[0], article[1], ads[1], ads[2], article[2], ads[3]]))
    for line in article:
        assert line in page.text
    for line in ads:
        assert line not in page.text
    assert "spam_lines" in page.repair_names
