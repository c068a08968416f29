"""Time the consistency stage on synthetic claims tables of growing size, and profile it.

    .venv/bin/python benchmarks/bench_consistency.py [--sizes 1000 10000 100000] [--profile]
        [--context] [--claims-from REFERENCE.csv] [--best-of N]

The tables look like a large corpus's claims: pages of random rounds quoting reference
times (rounded as pages round them, in min, h or s, some with the unit lost), relative
improvements, and many claims of other metrics about the same systems. Prints seconds
and claims per second per size; with --profile, the top functions of the largest run;
with --context, the time of page_context on the seed pages and on pages 10x-100x longer.
`--claims-from` draws the claims from another table of results (the old 38-row v1.0-v2.0
extract, say, to time the same claims against the shipped 2,211-row reference and against
an earlier version); `--best-of N` reports the least CPU time of N runs per size.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pandas as pd  # noqa: E402

from extractor.verdicts import check_consistency, load_reference  # noqa: E402
from extractor.extract.context.page_context import page_context  # noqa: E402
from extractor.extract.context.sentence_context import sentence_context  # noqa: E402
from extractor.verdicts import prepare_reference  # noqa: E402

COLUMNS = ["doc_id", "lang", "sentence", "start", "end", "surface", "value", "unit",
           "quantity", "value_norm", "metric", "system", "workload", "vendor", "qualifier",
           "context", "confidence", "flags"]
UNITS = {"min": 60.0, "h": 3600.0, "s": 1.0}


def synthetic_claims(n: int, seed: int = 0, source=None) -> pd.DataFrame:
    rng = random.Random(seed)
    ref = prepare_reference(load_reference(source))
    rows = list(ref.itertuples())
    systems = sorted(set(ref["system"])) + [f"Chip-{i}" for i in range(200)]
    workloads = ["BERT", "ResNet-50", "GPT-3", "DLRM", "EfficientNet-B4", ""]
    out = []
    doc = 0
    while len(out) < n:
        doc += 1
        doc_id = f"page_{doc:06d}.txt"
        rnd = rng.choice(["v1.0", "v1.1", "v2.0", ""])
        context = f"suite=training;round={rnd}" if rnd else ""
        lossy = rng.random() < 0.1
        for _ in range(rng.randint(3, 30)):
            kind = rng.random()
            if kind < 0.3:
                r = rng.choice(rows)
                unit = rng.choice(list(UNITS))
                value = round(r.time_to_train_minutes * 60 / UNITS[unit], rng.choice([1, 2, 3]))
                if rng.random() < 0.1:
                    value *= 1.05  # a page that got it wrong
                system, workload, metric = r.system, r.benchmark, "time_to_train"
                quantity, norm = "duration", value * UNITS[unit]
            elif kind < 0.4:
                value, unit, quantity = float(rng.randint(2, 60)), "%", "percent"
                norm, metric = value / 100, "improvement"
                system, workload = rng.choice(systems[:20]), rng.choice(workloads[:2])
            else:
                value, unit, quantity = float(rng.randint(1, 5000)), "count", "count"
                norm, metric = value, rng.choice(["count", "memory", "other", "throughput"])
                system, workload = rng.choice(systems), rng.choice(workloads)
            flags = "lossy_source" if lossy else ""
            if lossy and rng.random() < 0.5:
                unit, quantity, norm, flags = "", "unknown", None, "lossy_source;unit_missing"
            out.append([doc_id, "en", "since our first submission", 0, 1, f"{value:g} {unit}",
                        value, unit, quantity, norm, metric, system, workload, "", "exact",
                        context, 0.8, flags])
    return pd.DataFrame(out[:n], columns=COLUMNS)


def bench_context() -> None:
    corpus = Path(__file__).resolve().parents[1] / "corpus"
    pages = [p.read_text(encoding="utf-8", errors="replace") for p in sorted(corpus.iterdir())]
    text = "\n".join(pages)
    for mult in (1, 10, 100):
        page = text * mult
        t0 = time.perf_counter()
        page_context(page)
        dt = time.perf_counter() - t0
        print(f"page_context {len(page) / 1e6:7.2f} MB  {dt:7.3f} s  {len(page) / dt / 1e6:6.2f} MB/s")
    sentences = [s for s in text.splitlines() if s.strip()]
    ctx = page_context(text)
    t0 = time.perf_counter()
    for s in sentences:
        sentence_context(s, ctx, at=len(s) // 2)
    dt = time.perf_counter() - t0
    print(f"sentence_context {len(sentences)} sentences  {dt / len(sentences) * 1e3:.3f} ms each")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--context", action="store_true")
    parser.add_argument("--claims-from", type=Path, default=None)
    parser.add_argument("--best-of", type=int, default=1)
    args = parser.parse_args(argv)
    reference = load_reference()
    check_consistency(synthetic_claims(100, source=args.claims_from), reference)  # warm up
    for n in args.sizes:
        claims = synthetic_claims(n, source=args.claims_from)
        best = None
        for _ in range(max(1, args.best_of)):
            t0, c0 = time.perf_counter(), time.process_time()
            groups, _ = check_consistency(claims, reference)
            run = (time.process_time() - c0, time.perf_counter() - t0)
            best = min(best, run) if best else run
        cpu, dt = best
        # CPU time too: on a shared machine the wall clock says more about the neighbours
        print(f"{n:>8} claims  {len(groups):>7} groups  {dt:8.2f} s wall  {cpu:8.2f} s cpu"
              f"  {n / cpu:10.0f} claims/cpu-s")
    if args.context:
        bench_context()
    if args.profile:
        claims = synthetic_claims(max(args.sizes), source=args.claims_from)
        profiler = cProfile.Profile()
        profiler.enable()
        check_consistency(claims, reference)
        profiler.disable()
        stream = io.StringIO()
        pstats.Stats(profiler, stream=stream).sort_stats("cumulative").print_stats(25)
        print(stream.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
