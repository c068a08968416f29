"""The facts of one sentence that its numbers share (`sentences.sentence_facts`), and the
caches a sentence keeps of itself (`SentenceInfo.subjects`): read once, they must still
say what a number read afresh would (sentences from the samples' and set 2's shapes)."""
from __future__ import annotations

from extractor.clean import CleanedPage
from extractor.extract.claims import extract_claims
from extractor.extract.names.entities import SYSTEM, Entity
from extractor.extract.quantities.quantities import find_quantities
from extractor.extract.sentences.roles import Mention, SentenceInfo, mark_roles
from extractor.extract.sentences.sentence_facts import SentenceFacts, fact
from extractor.extract.text.cues import clause_spans
from extractor.langid import tag_page


def _info(text: str, *names: str) -> SentenceInfo:
    info = SentenceInfo(0, len(text), text, "en", 0)
    for name in names:
        at = text.index(name)
        info.systems.append(Mention(Entity(at, at + len(name), name, SYSTEM, name), at, at + len(name)))
    return info


def test_a_fact_is_worked_out_once_per_sentence():
    facts = SentenceFacts(_info("B200 is 4x faster than H100", "B200", "H100"))
    calls = []
    for _ in range(3):
        assert fact(facts, "n", lambda s: calls.append(s) or len(s), "abc") == 3
    assert calls == ["abc"]
    assert facts.low == "b200 is 4x faster than h100"


def test_subjects_follow_the_roles_read_after_them():
    # the page's topic reads a sentence's subjects before its numbers are read; once
    # they are, what a number counts is no subject any more
    text = "GPT-3 took 10.9 minutes on 3,584 H100 GPUs"
    info = _info(text, "H100")
    assert [m.entity.canonical for m in info.subjects()] == ["H100"]
    qs = list(find_quantities(text, "en"))
    clauses = clause_spans(text, "en")
    info.roles = mark_roles(text, info.systems, qs, "en", clauses, info.comparisons(clauses))
    assert info.subjects() == []
    info = _info("B200 is 4x faster than the H100 and uses 1,000 W", "B200", "H100")
    info.subjects().clear()  # a caller's copy: the sentence keeps its own
    assert [m.entity.canonical for m in info.subjects()] == ["B200"]


def test_numbers_of_one_sentence_keep_their_own_metric_and_context():
    # cue words, divisions and scales are read once per sentence; each number still
    # gets the ones nearest it
    page = ("MLPerf Training v3.0\n\n"
            "BERT took 34.5 minutes in the closed division and 27.8 minutes in the open division, "
            "with 2x the bandwidth and 40% lower power.")
    claims = {c.value: c for c in extract_claims(tag_page(CleanedPage("t.txt", page)))}
    assert "division=closed" in claims[34.5].context and "division=open" in claims[27.8].context
    assert claims[2].metric == "bandwidth" and claims[40].metric == "power"
