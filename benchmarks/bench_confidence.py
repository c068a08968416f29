"""Does confidence mean something? Precision per confidence band on the development set.

    .venv/bin/python benchmarks/bench_confidence.py [--out DIR] [--reuse]

Runs `extractor run` over ../shared/devset/corpus (or reuses DIR with --reuse) and scores
each claim with the reference scorer's rules (../shared/tools/score_claims.py): a claim is
*right* when its value and unit match a gold row of its page (the scorer's precision), and
*right and linked* when that row's system and workload agree too. Prints, per confidence
band, how many claims fall in it and the share of each; a confidence that means something
rises from band to band (issue 9: claims at 0.9 are right more often than claims at 0.6).
"""
from __future__ import annotations

import argparse
import importlib.util
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT))

from extractor.config import Config  # noqa: E402
from extractor.pipeline import run  # noqa: E402

BANDS = (0.0, 0.3, 0.45, 0.6, 0.75, 0.9, 1.0)


def _scorer():
    spec = importlib.util.spec_from_file_location("score_claims", SHARED / "tools" / "score_claims.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="/tmp/bench-confidence")
    parser.add_argument("--reuse", action="store_true", help="score DIR's claims.csv without a run")
    args = parser.parse_args(argv)
    out = Path(args.out)
    if not args.reuse:
        run(Config(corpus=SHARED / "devset" / "corpus", out=out, write_clean=False))
    sc = _scorer()
    gold = defaultdict(list)
    for g in sc.load(SHARED / "devset" / "gold.csv"):
        gold[g["doc_id"]].append(g)
    # per corpus folder too (set1, set2): a band that rises in both halves was not fitted
    # to one of them
    bands = defaultdict(lambda: [0, 0, 0])  # (folder, band) -> claims, right, right and linked
    for p in sc.load(out / "claims.csv"):
        conf = float(p["confidence"])
        band = max(b for b in BANDS[:-1] if conf >= b)
        hits = [g for g in gold[p["doc_id"]] if sc.same_value(g["value"], p["value"])
                and sc.same_unit(g["unit"], p["unit"])]
        linked = any(sc.names_agree(g["system"], p["system"]) and sc.names_agree(g["workload"], p["workload"])
                     for g in hits)
        for folder in ("all", p["doc_id"].split("/")[0]):
            counts = bands[folder, band]
            counts[0] += 1
            counts[1] += bool(hits)
            counts[2] += linked
    for folder in sorted({f for f, _ in bands}, key=lambda f: (f != "all", f)):
        print(f"{folder}:")
        print(f"{'confidence':>12} {'claims':>7} {'right':>7} {'right+linked':>13}")
        for lo, hi in zip(BANDS, BANDS[1:]):
            n, right, linked = bands.get((folder, lo), [0, 0, 0])
            if n:
                print(f"{lo:5.2f}-{hi:<5.2f} {n:7d} {right / n:7.3f} {linked / n:13.3f}")


if __name__ == "__main__":
    main()
