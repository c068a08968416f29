"""Throughput and memory of the whole pipeline (`extractor run`) on a generated corpus.

The corpus repeats the sample pages (corpus/) with a varying suffix so no two pages are
byte-identical. Prints pages/minute and MB/s for 1 and N worker processes, and the peak
resident memory of runs over a small and a 4x larger corpus (constant memory means the
two peaks are close).

    python benchmarks/bench_pipeline.py [--pages 1000] [--jobs 2]
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def make_corpus(folder: Path, n_pages: int) -> int:
    seeds = sorted((ROOT / "corpus").iterdir())
    total = 0
    for i in range(n_pages):
        seed = seeds[i % len(seeds)]
        data = seed.read_bytes() + f"\n\n(page {i})\n".encode()
        sub = folder / f"part{i // 500:03d}"
        sub.mkdir(parents=True, exist_ok=True)
        (sub / f"{i:06d}_{seed.name}").write_bytes(data)
        total += len(data)
    return total


def timed_run(corpus: Path, out: Path, jobs: int) -> tuple[float, float]:
    """Seconds and peak RSS (MB) of one `extractor run` in a child process."""
    code = ("import resource,sys;from extractor.cli import main;rc=main(sys.argv[1:]);"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr);sys.exit(rc)")
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code, "run", str(corpus), "--out", str(out),
                           "--quiet", "--jobs", str(jobs)], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(proc.stderr)
    peak_kb = int(proc.stderr.strip().splitlines()[-1])
    return elapsed, peak_kb / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        small, large = max(args.pages // 4, 1), args.pages
        size_small = make_corpus(tmp / "small", small)
        size_large = make_corpus(tmp / "large", large)
        print(f"corpus: {large} pages, {size_large / 1e6:.1f} MB")
        for jobs in sorted({1, args.jobs}):
            secs, peak = timed_run(tmp / "large", tmp / f"out{jobs}", jobs)
            print(f"jobs={jobs}: {secs:.1f} s, {large / secs * 60:,.0f} pages/min, "
                  f"{size_large / 1e6 / secs:.2f} MB/s, peak RSS {peak:.0f} MB (main process)")
        secs, peak_small = timed_run(tmp / "small", tmp / "out_small", 1)
        _, peak_large = timed_run(tmp / "large", tmp / "out_large", 1)
        print(f"memory: peak RSS {peak_small:.0f} MB for {small} pages "
              f"({size_small / 1e6:.1f} MB), {peak_large:.0f} MB for {large} pages")


if __name__ == "__main__":
    main()
