"""How a lexicon name may be written: the written variants of its forms and token norms."""
from __future__ import annotations

import re

import pytest

from extractor import lexicons
from extractor.extract.names.name_variants import case_key, form_variants, spelled_by_another, token_norm


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
