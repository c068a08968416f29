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
def devset_scores(shared_dir, reference_scorer, tmp_path_factory):
    from extractor.config import Config
    from extractor.pipeline import run

    out = tmp_path_factory.mktemp("devset_run")
    run(Config(corpus=shared_dir / "devset" / "corpus", out=out, write_clean=False))
    gold = reference_scorer.load(shared_dir / "devset" / "gold.csv")
    pred = reference_scorer.load(out / "claims.csv")
    stats, misses, fps = reference_scorer.score(gold, pred)
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
