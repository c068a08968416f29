"""Names a page gives by what it writes around them: definitions, abbreviations, and the
other places it writes a name found once (shortened to its last words or its number)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.names.entities import SYSTEM, find_entities
from extractor.extract.names.page_names import Covered, definitions


def unknown(text: str, lang: str = "en") -> list[tuple[str, str]]:
    return [(e.canonical, e.origin) for e in find_entities(text, lang) if e.origin != "lexicon"]


def test_a_korean_spelling_defined_in_brackets_takes_the_latin_name():
    text = "구글은 트릴리움(Trillium)을 공개했다. 트릴리움 칩은 926 TFLOPS를 낸다."
    assert [(d[2], d[5]) for d in definitions(text)] == [("트릴리움", "Trillium")]
    ents = [(e.text, e.canonical, e.label) for e in find_entities(text, "ko") if e.label == SYSTEM]
    assert ("트릴리움", "Trillium", SYSTEM) in ents
    assert all(c == "Trillium" for _, c, _ in ents)


def test_an_unknown_name_counts_where_the_page_writes_it_again():
    text = "The Zorbex TPU is new. Later, Zorbex reached 4614 TFLOPS."
    assert unknown(text) == [("Zorbex", "shape"), ("Zorbex", "page")]


def test_an_abbreviation_in_brackets_takes_the_name_it_abbreviates():
    got = [(e.text, e.canonical, e.origin) for e in find_entities("AWS Graviton4 (Grv4) instances")
           if e.label == SYSTEM]
    assert ("Grv4", "Graviton4", "definition") in got


def test_a_name_shortened_to_its_last_words_is_the_name_the_page_wrote_whole():
    # set1/ko_03: Qualcomm's Cloud AI 100, written whole once and then as 'AI 100'
    text = ("퀄컴의 '클라우드 AI 100'이 엔비디아의 'H100'을 앞섰다. 테스트한 결과, "
            "퀄컴의 'AI 100'이 197.6 쿼리를 수행한 반면 엔비디아의 'H100'은")
    assert [(e.text, e.canonical) for e in find_entities(text, "ko") if e.label == SYSTEM] == [
        ("클라우드 AI 100", "Cloud AI 100"), ("H100", "H100"), ("AI 100", "Cloud AI 100"),
        ("H100", "H100")]
    # a page that never wrote the whole name: "AI 100" is no product
    assert [e.canonical for e in find_entities("퀄컴의 'AI 100'이 197.6 쿼리를", "ko")
            if e.label == SYSTEM] == []


def test_a_chinese_page_writes_a_system_by_the_number_that_ends_its_name():
    # set3/zh_01: "CloudMatrix 384", then "华为384" and "384算力规模300PFlops"; "384张910C"
    # is a count of chips, and the page's figures are the supernode's
    text = ("4月10日,华为云正式推出CloudMatrix 384超节点。华为384:384张910C组成一个超节点。\n"
            "(1)性能数据:384算力规模300PFlops,相比英伟达NVL72的180PFlops提升67%。")
    found = [(e.text, e.canonical) for e in find_entities(text, "zh")
             if e.label == SYSTEM and e.canonical == "CloudMatrix 384"]
    assert found == [("CloudMatrix 384", "CloudMatrix 384"), ("384", "CloudMatrix 384"),
                     ("384", "CloudMatrix 384")]
    assert [text[e.start - 2:e.start] for e in find_entities(text, "zh") if e.text == "384"] == [
        "华为", "据:"]


_SPAN = st.tuples(st.integers(0, 24), st.integers(0, 24))


@settings(max_examples=300, deadline=None)
@given(st.lists(_SPAN, max_size=6), st.lists(_SPAN, max_size=6))
def test_covered_characters_answer_as_the_spans_do(spans, asked):
    covered = Covered(20, spans)
    for a, b in asked:
        assert covered.overlaps(a, b) == any(x < b and a < y for x, y in spans)
