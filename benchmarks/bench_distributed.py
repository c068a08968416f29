"""Throughput and memory of `extractor run` on the local engine and on Dask.

    .venv/bin/python benchmarks/bench_distributed.py [--pages 1000] [--jobs 2] [--best-of 2]

On the generated corpus of bench_pipeline.py (the sample pages repeated, no two alike),
runs, interleaved and best of N: the local engine with --jobs N; --engine dask with no
scheduler (a local cluster of N processes started and stopped by the run: its start-up
is in the figure); and --engine dask --scheduler on a cluster of N processes started
beforehand (workers warm after the first round), by paths and with --send-pages. Prints
seconds, pages/minute and the peak memory of the `extractor run` process (the driver:
with Dask it holds only a window of results, so it must not grow with the corpus; the
last line compares a corpus 4x smaller).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_pipeline import make_corpus  # noqa: E402

PEAK = ("import resource,sys;from extractor.cli import main;rc=main(sys.argv[1:]);"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr);"
        "sys.exit(rc)")


def timed_run(corpus: Path, out: Path, *options: str) -> tuple[float, float]:
    """Seconds and peak RSS (MB) of the driver of one `extractor run`."""
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", PEAK, "run", str(corpus), "--out", str(out),
                           "--quiet", *options], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(proc.stderr)
    return elapsed, int(proc.stderr.strip().splitlines()[-1]) / 1024


def main(argv=None) -> int:
    from distributed import LocalCluster  # noqa: PLC0415

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--best-of", type=int, default=2)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench_distributed_") as tmp:
        tmp = Path(tmp)
        size = make_corpus(tmp / "large", args.pages)
        make_corpus(tmp / "small", max(args.pages // 4, 1))
        print(f"corpus: {args.pages} pages, {size / 1e6:.1f} MB; {args.jobs} processes")
        cluster = LocalCluster(n_workers=args.jobs, threads_per_worker=1, processes=True,
                               dashboard_address=":0", scheduler_kwargs={"dashboard": False})
        try:
            address = cluster.scheduler_address
            ways = {"local -j": ["--jobs", str(args.jobs)],
                    "dask, own cluster": ["--engine", "dask", "--jobs", str(args.jobs)],
                    "dask --scheduler": ["--engine", "dask", "--scheduler", address],
                    "dask --scheduler --send-pages": ["--engine", "dask", "--scheduler",
                                                      address, "--send-pages"]}
            best: dict[str, tuple[float, float]] = {}
            for round_ in range(args.best_of):
                for name, options in ways.items():
                    secs, peak = timed_run(tmp / "large", tmp / f"out{round_}", *options)
                    if name not in best or secs < best[name][0]:
                        best[name] = (secs, peak)
            for name, (secs, peak) in best.items():
                print(f"{name:31} {secs:6.1f} s  {args.pages / secs * 60:7,.0f} pages/min  "
                      f"driver peak RSS {peak:4.0f} MB")
            _, peak_small = timed_run(tmp / "small", tmp / "out_small", *ways["dask --scheduler"])
            print(f"dask --scheduler driver peak RSS: {peak_small:.0f} MB for "
                  f"{max(args.pages // 4, 1)} pages, {best['dask --scheduler'][1]:.0f} MB for "
                  f"{args.pages}")
        finally:
            cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
