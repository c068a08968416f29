"""How a lexicon name may be written: the written variants of its forms and token norms."""
from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from extractor import lexicons
from extractor.extract.names.name_variants import case_key, form_variants, piece_norms, spelled_by_another, token_norm
from extractor.extract.text.tokenizer import token_pieces


def test_a_form_is_written_spaced_hyphenated_or_glued():
    assert [v for v, _ in form_variants("EfficientNet-B{n}")] == [
        "EfficientNet B0", "EfficientNet-B0", "EfficientNetB0"]


def test_a_short_letter_part_stays_glued_to_its_number():
    # the glue positions: no space may follow those tokens, so "a 100" is no A100
    assert form_variants("A100") == [("A100", (0,))]
    assert ("DGX A0", (1,)) in form_variants("DGX A{n}")


def test_two_long_words_the_form_spaces_are_only_written_spaced():
    assert form_variants("Grace Hopper") == [("Grace Hopper", ())]


def test_token_norms():
    korean = re.compile("그래프코어")
    assert [token_norm(w, korean) for w in ["H100", "2048", "‑", "그래프코어는", "GPU"]] == [
        "h100", "0", "-", "그래프코어", "gpu"]
    assert token_norm("그래프코어는", None) == "그래프코어는"


def test_case_key_keeps_case_and_reads_digit_groups_as_zero():
    assert case_key("LLaMA 65B") == "LLaMA0B"
    assert case_key("Llama 2 70B") == "Llama0B" != case_key("llama 2 70B")


@pytest.mark.parametrize("lexicon,key", [("systems.json", "systems"), ("workloads.json", "workloads")])
def test_no_lexicon_form_is_a_spacing_variant_of_another(lexicon, key):
    """Spacing and hyphen variants are generated: a lexicon lists one form of each."""
    listed = {e["canonical"]: spelled_by_another(e["forms"]) for e in lexicons.load(lexicon)[key]}
    assert {c: forms for c, forms in listed.items() if forms} == {}


def _one_by_one(pieces, hangul_names):
    # a piece's norm is its word's `token_norm` (the word without its trailing space);
    # white space is its own norm
    return [p if p.isspace() else token_norm(p[:-1] if p.endswith(" ") else p, hangul_names) for p in pieces]


def test_piece_norms_read_together_are_each_piece_s_token_norm():
    korean = re.compile("그래프코어|엔비디아")
    text = "그래프코어의 IPU-POD16에서 28.3분이  ok\n\n엔비디아 H100\u3000x² Ⅳ — 在IPU‑POD128上 İstanbul ß\t1,750 "
    pieces = token_pieces(text)
    assert piece_norms(pieces, korean) == _one_by_one(pieces, korean)
    assert piece_norms(pieces, None) == _one_by_one(pieces, None)
    assert piece_norms([], korean) == []


@given(st.text(max_size=40))
def test_piece_norms_of_any_text(text):
    pieces = token_pieces(text)
    korean = re.compile("그래프코어")
    assert piece_norms(pieces, korean) == _one_by_one(pieces, korean)
