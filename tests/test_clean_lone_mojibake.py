"""A lone GBK-read Greek letter or symbol among ASCII (lone_mojibake), on a real snippet."""
from extractor.clean import clean_page
from extractor.clean.lone_mojibake import repair_lone_han
from extractor.clean.tracking import RepairLog
from extractor.ingest import RawPage

# set2/en_04.txt: its gbk+junk copy read "1β" as "1尾"; the line before carries the
# page's other mojibake ("’s" -> "鈥檚"), the evidence that the page was read as GBK
EN04 = ("Micron’s HBM3E uses the company’s industry-leading 1β (1-beta) DRAM process node.\n"
        "Micron’s 12-high HBM3E delivers more than 1.2 TB/s of bandwidth.")


def test_gbk_copy_gets_its_greek_letter_back():
    damaged = EN04.encode("utf-8").decode("gbk", errors="replace").encode("utf-8")
    assert "1尾 (1-beta)" in damaged.decode("utf-8")
    text = clean_page(RawPage("set2/en_04__gbk.txt", damaged)).text
    assert "industry-leading 1β (1-beta)" in text
    assert "1.2 TB/s" in text


def test_common_chinese_character_in_chinese_line_is_kept():
    # 位 reads back as λ (CE BB), but "64位CPU" is Chinese
    assert repair_lone_han("采用64位CPU架构", "gbk", "mojibake_gbk", RepairLog()) == "采用64位CPU架构"


def test_sound_english_page_is_untouched():
    assert clean_page(RawPage("set2/en_04.txt", EN04.encode("utf-8"))).text.count("1β") == 1
