"""Guessing a CJK character a wrong decoder cut (char_model), on real snippets of the
development set's GBK copies (set2/zh_03__gbk.txt: a UTF-8 page read as GBK)."""
from extractor.clean import clean_page
from extractor.clean.char_model import char_model, same_script
from extractor.ingest import RawPage

# set2/zh_03__gbk.txt: "...Intel Xe集显快2倍,功耗仅为其四分之一" with 倍's last byte lost
# before the comma
ZH03_LINE = ("GPU方面,骁龙X Elite中集成了Adreno GPU,支持DX12,算力4.6 TFlops,"
             "这块核显的性能比i7-13800H中的Intel Xe集显快2倍,功耗仅为其四分之一").encode("utf-8")


def test_simplified_page_does_not_take_a_traditional_letter():
    # 個 ties with 个 (the model knows it by its simplified form); the page is simplified
    assert char_model().best("倍".encode()[:2], "l Xe集显快2", ",功耗仅为其") == "倍"


def test_a_digit_reads_as_a_numeral():
    # after "12" a measure word: 个, not 中 (set2/zh_03__gbk "拥有过12个核心" read "12中")
    assert char_model().best("个".encode()[:2], "架构,拥有这12", "核心,") == "个"


def test_traditional_context_keeps_traditional_candidates():
    assert same_script(["说", "說"], "小時後") == ["說"]
    assert same_script(["说", "說"], "AI 2") == ["说", "說"]


def test_gbk_copy_line_cleans_to_the_original_multiplier():
    damaged = ZH03_LINE.decode("gbk", errors="ignore").encode("utf-8")
    text = clean_page(RawPage("set2/zh_03__gbk.txt", damaged)).text
    assert "快2倍" in text


# set3/ko_05.txt, a sentence of the page its latin1 copy (UTF-8 read as strict cp1252,
# which drops the bytes 81 8D 8F 90 9D) damaged: "SDRAM을" came back "SDRAM석" and
# "생산하던" "상산하되" while the guesses were judged beside unread mojibake
KO05_SENTENCE = ("웨이퍼 한 장에 85만 개의 AI 연산코어와 40기가바이트(GB)의 온보드 SDRAM을 탑재했다. "
                 "TSMC 16나노 공정에서 생산하던 인공지능 칩과 같은 방식이다.")


def test_latin1_copy_guesses_read_beside_repaired_text():
    damaged = KO05_SENTENCE.encode("utf-8").decode("cp1252", errors="ignore").encode("utf-8")
    text = clean_page(RawPage("set3/ko_05__latin1.txt", damaged)).text
    assert "SDRAM을 탑재" in text
