"""Spam removal (`clean/spam.py`): the one-pass term search against the rule it
replaced (a substring test per precheck string, then a trie regex per line)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.clean import spam
from extractor.clean.lexicon import ad_line_prefixes, spam_terms
from extractor.clean.tracking import RepairLog


def _may_hold_spam_by_rule(lowered: str) -> bool:
    terms = [t.lower() for t in spam_terms()]
    words = {t.split()[0] for t in terms if t.isascii() and t.split()}
    strings = words | set(ad_line_prefixes()) | {t for t in terms if not t.isascii()}
    return any(s in lowered for s in strings)


def _remove_spam_by_rule(text: str, log: RepairLog) -> str:
    """remove_spam as it was written before the automaton: every line searched again."""
    terms_re = spam._terms_re()
    if terms_re is None or not _may_hold_spam_by_rule(text.lower()):
        return text
    kept = []
    for line in text.split("\n"):
        if spam._is_ad_line(line, terms_re):
            log.removed("spam_lines", line.strip())
            continue
        if not terms_re.search(line.lower()):
            kept.append(line)
            continue
        parts = spam._ITEM_SPLIT_RE.split(line)
        items = parts[0::2]
        flags = [spam._is_spam_item(item, terms_re) for item in items]
        n_items = sum(1 for item in items if item.strip())
        if n_items and sum(flags) / n_items >= spam.MIN_SPAM_ITEM_SHARE:
            log.removed("spam_lines", line.strip())
            continue
        for j, is_spam in enumerate(flags):
            if is_spam:
                log.removed("spam_lines", items[j].strip())
                parts[2 * j] = ""
        kept.append("".join(parts))
    return "\n".join(kept)


_TERMS = sorted(spam_terms())
_PIECES = st.one_of(
    st.sampled_from(_TERMS), st.sampled_from(_TERMS).map(str.upper), st.sampled_from(_TERMS).map(str.title),
    st.sampled_from(sorted(ad_line_prefixes())).map(str.upper),
    st.sampled_from(["\n", " ", ", ", "，", "、", " | ", "\t", "  ", "。", "Σ", "ΑΣ", "İ", "\U000f0001", "\U0010fffd",
                     "NVIDIA trained BERT in 5.78 minutes", "英伟达表示其H100系统", "엔비디아는 H100 기반", "buy", "hot",
                     # a line longer than an ad line, whose terms are then weighed item by item
                     "NVIDIA's H100 system trained BERT in 5.78 minutes in MLPerf Training v3.0, the fastest "
                     "time submitted this round, while Google's TPU v4 pods took 10.6 minutes"]),
    st.text(max_size=8))


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=30))
def test_remove_spam_agrees_with_the_rule_it_replaced(pieces):
    text = "".join(pieces)
    new_log, old_log = RepairLog(), RepairLog()
    assert spam.remove_spam(text, new_log) == _remove_spam_by_rule(text, old_log)
    assert [r.as_dict() for r in new_log.finish("")[1]] == [r.as_dict() for r in old_log.finish("")[1]]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("aΣΑσς İi\n\U000f0001'.x"), max_size=30))
def test_a_pages_lower_cased_lines_are_its_lines_lower_cased(text):
    assert text.lower().split("\n") == [line.lower() for line in text.split("\n")]


def test_a_line_with_a_term_is_cut_and_a_page_without_one_is_left_alone():
    term = next(t for t in _TERMS if not t.isascii())
    text = f"正文第一句。\n{term},{term},{term}\n正文第二句。"
    assert spam.remove_spam(text, RepairLog()) == "正文第一句。\n正文第二句。"
    assert spam.remove_spam("NVIDIA trained BERT in 5.78 minutes.", RepairLog()) == "NVIDIA trained BERT in 5.78 minutes."
