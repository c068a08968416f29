"""The facts of a whole text that gate rules of the quantity layer
(extractor.extract.not_claims.gates): what a text lacks, read with its grammar. That a
gated rule left out changes no rejection is tested in test_not_claim_rules."""
from __future__ import annotations

from extractor.extract.not_claims.gates import GATES, NONE_LACKED, lacked_gates
from extractor.extract.not_claims.rules import RULES
from extractor.extract.numbers.numbers import lexicon_langs
from extractor.extract.quantities.quantity_grammar import grammar


def test_every_gate_gates_a_rule():
    assert {r.gate for r in RULES} - {None} == set(GATES)
    assert NONE_LACKED == frozenset()


def test_an_english_grammar_reads_no_ordinal_prefix_or_suffix():
    g = grammar(lexicon_langs("en"))
    # (set1/zh_08, corpus/003: the words are there, but an English grammar reads neither)
    assert lacked_gates("NV卻出現第一道裂縫, 1단계 워밍업", g, True, True) == {"ordinal_prefix", "ordinal_suffix"}


def test_a_korean_text_lacks_what_it_does_not_hold():
    g = grammar(lexicon_langs("ko"))
    assert lacked_gates("1단계 워밍업의 수는 2,000개로", g, False, False) == {"masks", "tokens", "ordinal_prefix"}
    assert lacked_gates("제6세대 HBM", g, True, True) == NONE_LACKED  # 제 ... 세대
    assert lacked_gates("연산 성능은 최대 38 TOPS", g, False, False) == set(GATES)
