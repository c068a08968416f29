"""Claims on the development set, per set and language, with both rulers.

    python benchmarks/bench_devset.py                 # runs the extractor on ../shared/devset/corpus
    python benchmarks/bench_devset.py --run DEV_OUT   # scores a run made before

Prints, for set1, set2, set3 and all of them, the strict F1 and strict precision (the row
an analyst reads: value, unit, system, workload and metric right; the figure that counts)
and the lenient linked F1 (value and unit right, names where gold names them), overall and
per language, scored by the reference scorer `../shared/tools/score_claims.py`. set3 is the
check that a change generalises: it was not read to design rules (devset README).
"""
from __future__ import annotations

import argparse
import importlib.util
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
SETS = ("set1", "set2", "set3")


def _scorer():
    spec = importlib.util.spec_from_file_location("score_claims", SHARED / "tools" / "score_claims.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _figures(bucket: dict) -> dict[str, float]:
    """Strict F1 and precision and lenient linked F1 of one scorer bucket."""
    def f1(p: float, r: float) -> float:
        return 0.0 if p + r == 0 else 2 * p * r / (p + r)

    predicted = bucket["tp_pred"] + bucket["fp"]
    precision = bucket["tp_pred"] / predicted if predicted else 0.0
    recall = bucket["l"] / bucket["req"] if bucket["req"] else 0.0
    strict_p = bucket["s_right"] / bucket["s_pred"] if bucket["s_pred"] else 0.0
    strict_r = bucket["s_found"] / bucket["req"] if bucket["req"] else 0.0
    return {"strict_f1": f1(strict_p, strict_r), "strict_precision": strict_p,
            "linked_f1": f1(precision, recall)}


def score_by_set(scorer, gold: list[dict], pred: list[dict]) -> dict[str, dict[str, dict[str, float]]]:
    """{set name or 'all': {language or 'all': figures}}."""
    out = {}
    for name in SETS + ("all",):
        docs = None if name == "all" else {r["doc_id"] for r in gold if r["doc_id"].startswith(name + "/")}
        stats = scorer.score(gold, pred, docs)[0]
        out[name] = {lang: _figures(b) for lang, b in stats.items() if b["req"]}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", type=Path, help="an output folder with claims.csv (default: run now)")
    args = parser.parse_args(argv)
    scorer = _scorer()
    run_dir = args.run
    if run_dir is None:
        from extractor.config import Config
        from extractor.pipeline import run

        run_dir = Path(tempfile.mkdtemp(prefix="bench-devset-"))
        run(Config(corpus=SHARED / "devset" / "corpus", out=run_dir, write_clean=False))
    gold = scorer.load(SHARED / "devset" / "gold.csv")
    pred = scorer.load(run_dir / "claims.csv")
    table = score_by_set(scorer, gold, pred)
    print(f"{'set':5} {'lang':4} {'strict F1':>9} {'strict P':>8} {'linked F1':>9}")
    for name, langs in table.items():
        for lang in ("all", "en", "ko", "zh"):
            if lang in langs:
                f = langs[lang]
                print(f"{name:5} {lang:4} {f['strict_f1']:9.3f} {f['strict_precision']:8.3f} {f['linked_f1']:9.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
