"""The script tokenizer: numbers whole, cuts at script and number boundaries, offsets exact;
and as a spaCy tokenizer (`spacy_entities.ScriptTokenizer`)."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.names.spacy_entities import entity_pipeline
from extractor.extract.text.tokenizer import split_words, token_pieces


def words(text: str) -> list[str]:
    return split_words(text)[0]


def test_decimal_number_in_chinese_stays_one_token():
    # spaCy's Chinese segmentation cuts "3.79" into pieces
    assert "3.79" in words("在IPU-POD256上為3.79分鐘。")
    assert "5.67" in words("訓練ResNet-50的時間為5.67分鐘,")


def test_korean_number_is_cut_from_its_unit_and_particle():
    # spaCy's Korean tokenizer keeps "28.3분이" whole
    assert words("IPU-POD16에서 28.3분이 걸렸다") == [
        "IPU", "-", "POD", "16", "에서", "28.3", "분이", "걸렸다"]


def test_thousands_separator_kept_but_trailing_comma_cut():
    assert words("1,750 개의 매개변수") == ["1,750", "개의", "매개변수"]
    assert words("為10.6分鐘,而") == ["為", "10.6", "分", "鐘", ",", "而"]


def test_product_names_cut_at_letter_digit_boundary():
    assert words("DGX A100 vs H100") == ["DGX", "A", "100", "vs", "H", "100"]


def test_white_space_runs_and_line_breaks_become_tokens():
    doc = entity_pipeline("en").make_doc("a  b\n\nc ")
    assert [t.text for t in doc] == ["a", " ", "b", "\n\n", "c"]
    assert doc.text == "a  b\n\nc "


def test_lone_surrogate_does_not_break_the_tokenizer_and_keeps_offsets():
    doc = entity_pipeline("ko").make_doc("x\ud800 28.3분")
    assert len(doc.text) == len("x\ud800 28.3분")
    assert "28.3" in [t.text for t in doc]


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_doc_text_and_offsets_reproduce_the_input(text):
    doc = entity_pipeline("zh").make_doc(text)
    assert doc.text == text
    for tok in doc:
        assert text[tok.idx:tok.idx + len(tok.text)] == tok.text


@settings(max_examples=100, deadline=None)
@given(st.from_regex(r"\d{1,4}(,\d{3})*(\.\d{1,3})?", fullmatch=True),
       st.sampled_from(["분", "分鐘", "minutes", "배", "%", "倍", "억"]))
def test_number_glued_to_any_unit_is_one_token(number, unit):
    toks = words(f"為{number}{unit}")
    assert number in toks


def test_cuts_split_a_word_at_given_offsets():
    assert split_words("NVIDIAH100 and HabanaGaudi2", cuts=[6, 21]) == (
        ["NVIDIA", "H", "100", "and", "Habana", "Gaudi", "2"],
        [False, False, True, True, False, False, False])
    assert split_words("abc", cuts=[0, 3]) == split_words("abc")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60), st.lists(st.integers(min_value=-5, max_value=70), max_size=6))
def test_cut_words_still_tile_the_text(text, cuts):
    words, spaces = split_words(text, cuts)
    assert "".join(w + (" " if sp else "") for w, sp in zip(words, spaces)) == text
    assert all(words)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=" \n\tab1.,가α漢-", max_size=40) | st.text(max_size=40))
def test_words_and_spaces_rebuild_the_text_as_spacy_reads_them(text):
    words, spaces = split_words(text)
    assert "".join(w + (" " if sp else "") for w, sp in zip(words, spaces)) == text
    assert all(words)
    # a trailing space is one " " after a word; any other white space is a token
    for w, sp, nxt in zip(words, spaces, words[1:] + [""]):
        assert not (sp and w.isspace())
        assert not (w.isspace() and nxt.isspace())
        assert not (not sp and not w.isspace() and nxt.startswith(" "))


# The tokenizer's pattern with its alternatives in their plain order (numbers, Latin,
# Hangul, Han, Kana, other letters, any character); `tokenizer._TOKEN` orders them by
# how often they occur and reads marks by a class of their own, which must cut the same.
_PLAIN_ORDER = re.compile(
    r"""\s+
      | (?: \d+(?:[.,]\d+)*
          | [A-Za-z\u00C0-\u024F]+
          | [\uAC00-\uD7A3\u1100-\u11FF\u3130-\u318F]+
          | [\u4E00-\u9FFF\u3400-\u4DBF\uF900-\uFAFF]
          | [\u3040-\u30FF\u31F0-\u31FF]+
          | [^\W\d_]+
          | .
        ) \x20?""",
    re.VERBOSE | re.DOTALL,
)


def test_order_of_alternatives_decides_nothing_for_any_character():
    for i in range(0x3100):  # ASCII, Latin, Hangul jamo, CJK marks, Kana; ranges past it below
        ch = chr(i)
        for text in (ch, ch + " ", "a" + ch + "1 ", "1." + ch, ch + ch + " x"):
            assert token_pieces(text) == _PLAIN_ORDER.findall(text), hex(i)
    for lo, hi in [(0x3100, 0x3200), (0x3400, 0x3410), (0x4DB0, 0x4E10), (0x9FF0, 0xA010),
                   (0xABF0, 0xAC10), (0xD790, 0xD7B0), (0xF8F0, 0xFB10), (0xFF00, 0xFFFE)]:
        text = "".join(chr(i) + " " * (i % 2) for i in range(lo, hi))
        assert token_pieces(text) == _PLAIN_ORDER.findall(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(" \n\t.,-%、×_1a Zé한글中文カナ・١٢〇")), max_size=12) | st.text())
def test_pieces_are_those_of_the_plain_order(text):
    assert token_pieces(text) == _PLAIN_ORDER.findall(text)


def _cut_one_by_one(pieces, cuts):
    # every piece in turn: a word is split at each cut offset strictly inside it
    out, pos = [], 0
    for piece in pieces:
        end = pos + len(piece)
        word_end = end - 1 if piece[-1] == " " and not piece[0].isspace() else end
        start = pos
        for cut in sorted(set(cuts)):
            if not piece[0].isspace() and start < cut < word_end:
                out.append(piece[start - pos:cut - pos])
                start = cut
        out.append(piece[start - pos:])
        pos = end
    return out


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=" \n\tab1.,가α漢-", max_size=40) | st.text(max_size=40),
       st.lists(st.integers(min_value=-5, max_value=45), max_size=6))
def test_cuts_split_only_the_words_they_fall_inside(text, cuts):
    assert token_pieces(text, cuts) == _cut_one_by_one(token_pieces(text), cuts)
