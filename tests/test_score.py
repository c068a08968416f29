"""Our scorer agrees with the reference scorer of ../shared/tools on the same tables."""
import contextlib
import importlib.util
import io

import pandas as pd

from extractor.score import score_files, score_tables

from conftest import GOLDEN


def _reference_scorer(shared_dir):
    spec = importlib.util.spec_from_file_location("score_claims", shared_dir / "tools" / "score_claims.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_agrees_with_the_reference_scorer(seed_run, shared_dir):
    ref = _reference_scorer(shared_dir)
    with contextlib.redirect_stdout(io.StringIO()):
        q_f1, l_f1, recall, precision, s_f1, s_precision, s_recall = ref.main(
            ["x", str(GOLDEN / "seeds_claims.csv"), str(seed_run / "claims.csv")])
    ours = score_files(GOLDEN / "seeds_claims.csv", seed_run / "claims.csv")["all"]
    assert round(ours.f1(), 6) == round(q_f1, 6)
    assert round(ours.f1(linked=True), 6) == round(l_f1, 6)
    assert round(ours.precision, 6) == round(precision, 6)
    assert round(ours.strict_f1, 6) == round(s_f1, 6)
    assert round(ours.strict_precision, 6) == round(s_precision, 6)
    assert round(ours.strict_recall, 6) == round(s_recall, 6)


def _claims(*rows):
    cols = ["doc_id", "lang", "value", "unit", "system", "workload", "sentence"]
    return pd.DataFrame([dict(zip(cols, r)) for r in rows], columns=cols)


def test_duplicates_count_once_and_bert_agrees_with_bert_large():
    gold = pd.DataFrame([
        {"doc_id": "a", "value": "28.3", "unit": "min", "system": "IPU-POD16",
         "workload": "ResNet-50", "required": "1"},
        {"doc_id": "a", "value": "5.78", "unit": "min", "system": "", "workload": "BERT",
         "required": "1"},
        {"doc_id": "a", "value": "4", "unit": "count", "system": "", "workload": "",
         "required": "0"},
    ])
    found = _claims(("a", "en", 28.3, "min", "IPU-POD 16", "ResNet-50", ""),
                    ("a", "en", 28.3, "min", "IPU-POD 16", "ResNet-50", ""),   # duplicate mention
                    ("a", "en", 5.78, "min", "", "BERT-Large", ""),
                    ("a", "en", 4, "count", "", "", ""),                       # optional: no penalty
                    ("a", "en", 1.6, "x", "", "", ""))                         # false positive
    s = score_tables(gold, found)["all"]
    assert (s.required, s.found, s.linked) == (2, 2, 2)
    assert (s.predicted, s.correct) == (4, 3)


def test_a_wrong_system_is_found_but_not_linked():
    gold = pd.DataFrame([{"doc_id": "a", "value": "28.3", "unit": "min", "system": "IPU-POD16",
                          "workload": "ResNet-50", "required": "1"}])
    s = score_tables(gold, _claims(("a", "zh-Hant", 28.3, "min", "DGX A100", "ResNet-50", "")))
    assert (s["all"].found, s["all"].linked) == (1, 0)
    assert "zh" in s


def test_strict_ruler_wants_every_field_and_an_empty_name_where_gold_has_none():
    gold = pd.DataFrame([
        {"doc_id": "a", "value": "141", "unit": "GB", "system": "H200", "workload": "",
         "metric": "memory", "required": "1"},
        {"doc_id": "a", "value": "4.8", "unit": "TB/s", "system": "H200", "workload": "",
         "metric": "bandwidth", "required": "1"},
        {"doc_id": "a", "value": "8", "unit": "count", "system": "", "workload": "",
         "metric": "count", "required": "0"},
    ])
    found = _claims(("a", "en", 141, "GB", "H200", "", ""),
                    ("a", "en", 4.8, "TB/s", "H200", "GPT-3", ""),   # a workload gold has not
                    ("a", "en", 8, "count", "H100", "", ""))         # optional: value and unit do
    found["metric"] = ["memory", "bandwidth", "count"]
    s = score_tables(gold, found)["all"]
    assert (s.strict_predicted, s.strict_right, s.strict_found) == (3, 2, 1)
    assert (s.linked, s.found) == (2, 2)  # the lenient ruler accepts the extra workload
    assert [w[0] for w in s.wrong_rows] == ["WORKLOAD"]
