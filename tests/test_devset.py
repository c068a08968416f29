"""The development set: 48 real pages with analyst gold (ko, zh-Hans, zh-Hant, en) and 27
damaged copies (../shared/devset/, its README). Scored with the reference scorer
(../shared/tools/score_claims.py), the floors sit just under what was measured, per
language, so that a change that loses claims on real pages fails here. These pages were
used to find failing shapes: they are a development set, not held-out pages (README)."""
from __future__ import annotations

import importlib.util

import pytest

#: (linked F1, precision) floors per language, just under the figures measured on
#: 2026-11-25 (README, "Quality and speed, as measured")
FLOORS = {
    "en": (0.96, 0.98),
    "ko": (0.87, 0.93),
    "zh": (0.91, 0.98),
    "all": (0.92, 0.97),
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
    stats = reference_scorer.score(gold, pred)[0]  # (stats, misses, fps, wrong)
    return stats


def _figures(stats: dict) -> tuple[float, float]:
    predicted = stats["tp_pred"] + stats["fp"]
    precision = stats["tp_pred"] / predicted if predicted else 0.0
    recall = stats["l"] / stats["req"] if stats["req"] else 0.0
    f1 = 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)
    return f1, precision


@pytest.mark.parametrize("bucket", sorted(FLOORS))
def test_linked_f1_and_precision_hold_their_floor(devset_scores, bucket):
    f1, precision = _figures(devset_scores[bucket])
    floor_f1, floor_precision = FLOORS[bucket]
    assert f1 >= floor_f1, f"{bucket}: linked F1 {f1:.3f} fell under {floor_f1}"
    assert precision >= floor_precision, f"{bucket}: precision {precision:.3f} fell under {floor_precision}"


def test_every_page_of_the_devset_is_read(shared_dir, devset_scores):
    # 48 pages and 27 damaged copies; every language bucket has required rows
    assert {"en", "ko", "zh"} <= set(devset_scores)
    assert all(devset_scores[lang]["req"] > 100 for lang in ("en", "ko", "zh"))


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


#: reference_expected.csv rows the claim stage does not yet give the stage to check
#: (the 311.9 min of set3/zh_03 is linked to the H100 named later in its sentence)
KNOWN_REFERENCE_MISSES = 1


def test_the_expected_reference_verdicts_are_given(verdict_figures):
    wrong = [line for right, line in verdict_figures["reference_lines"] if not right]
    assert len(wrong) <= KNOWN_REFERENCE_MISSES, "\n".join(wrong)
