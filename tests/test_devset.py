"""The development set: 66 real pages with analyst gold (ko, zh-Hans, zh-Hant, en) and 38
damaged copies in three sets (../shared/devset/, its README), scored with the reference
scorer (../shared/tools/score_claims.py). The floors sit just under what was measured, per
language over all three sets, so that a change that loses claims or misnames them on real
pages fails here. Two rulers: strict (value, unit, system, workload and metric right: the
row an analyst reads, the figure that counts) and lenient linked F1 (value and unit right,
names where gold names them). These pages were read to find failing shapes (set3 only as a
check): a development set, not held-out pages. `benchmarks/bench_devset.py` prints the
figures per set."""
from __future__ import annotations

import importlib.util

import pytest

#: floors per language: (strict F1, strict precision, lenient linked F1), just under the
#: figures measured on 2026-11-28 (README, "Quality")
FLOORS = {
    "en": (0.94, 0.95, 0.99),
    "ko": (0.92, 0.94, 0.97),
    "zh": (0.90, 0.90, 0.97),
    "all": (0.92, 0.93, 0.98),
}


@pytest.fixture(scope="module")
def reference_scorer(shared_dir):
    spec = importlib.util.spec_from_file_location("score_claims", shared_dir / "tools" / "score_claims.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def devset_scores(shared_dir, reference_scorer, devset_run):
    gold = reference_scorer.load(shared_dir / "devset" / "gold.csv")
    pred = reference_scorer.load(devset_run / "claims.csv")
    return reference_scorer.score(gold, pred)[0]


def _f1(precision: float, recall: float) -> float:
    return 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)


def _figures(stats: dict) -> tuple[float, float, float]:
    """(strict F1, strict precision, lenient linked F1) of one scorer bucket."""
    strict_p = stats["s_right"] / stats["s_pred"] if stats["s_pred"] else 0.0
    strict_r = stats["s_found"] / stats["req"] if stats["req"] else 0.0
    predicted = stats["tp_pred"] + stats["fp"]
    precision = stats["tp_pred"] / predicted if predicted else 0.0
    recall = stats["l"] / stats["req"] if stats["req"] else 0.0
    return _f1(strict_p, strict_r), strict_p, _f1(precision, recall)


@pytest.mark.parametrize("bucket", sorted(FLOORS))
def test_strict_and_linked_figures_hold_their_floor(devset_scores, bucket):
    strict_f1, strict_p, linked_f1 = _figures(devset_scores[bucket])
    floor_strict, floor_strict_p, floor_linked = FLOORS[bucket]
    assert strict_f1 >= floor_strict, f"{bucket}: strict F1 {strict_f1:.3f} fell under {floor_strict}"
    assert strict_p >= floor_strict_p, f"{bucket}: strict precision {strict_p:.3f} fell under {floor_strict_p}"
    assert linked_f1 >= floor_linked, f"{bucket}: linked F1 {linked_f1:.3f} fell under {floor_linked}"


def test_every_page_of_the_devset_is_read(shared_dir, devset_scores):
    # 66 pages and 38 damaged copies; every language bucket has required rows
    assert {"en", "ko", "zh"} <= set(devset_scores)
    assert all(devset_scores[lang]["req"] > 150 for lang in ("en", "ko", "zh"))


@pytest.fixture(scope="module")
def verdict_figures(shared_dir, devset_run):
    from conftest import ROOT  # noqa: PLC0415

    spec = importlib.util.spec_from_file_location("bench_verdicts",
                                                  ROOT / "benchmarks" / "bench_verdicts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.figures(devset_run, shared_dir / "devset")


def test_every_expected_verdict_pair_is_right(verdict_figures):
    """Issue 24: `apart` pairs in no conflict group together, `conflict` pairs in one
    (verdicts_expected.csv, judged by reading the pages)."""
    wrong = [line for right, line in verdict_figures["pair_lines"] if not right]
    assert not wrong, "\n".join(wrong)


def test_the_review_queue_is_short(verdict_figures):
    """Issue 24: at most 8 conflict groups on the development set (24 before)."""
    assert verdict_figures["conflict_groups"] <= 8


#: reference_expected.csv rows allowed to be wrong: none (set3/zh_03's 311.9 min is the
#: page's Gaudi2, set3/en_02's launch claim against the V100 is left unchecked)
KNOWN_REFERENCE_MISSES = 0


def test_the_expected_reference_verdicts_are_given(verdict_figures):
    wrong = [line for right, line in verdict_figures["reference_lines"] if not right]
    assert len(wrong) <= KNOWN_REFERENCE_MISSES, "\n".join(wrong)
