"""Time per MB of one page through clean -> langid -> extract, as the page grows.

Linear time means seconds per MB stays flat from 100 KB to 2 MB; a quadratic path shows
as seconds per MB growing with the size (issue 14: a 1.4 MB page of `Ab\\ufffd. ` took
over 300 s, `'1' * 100000` 47 s). Each shape is a kind of page that once hit such a
path, or a real one (the sample pages repeated). Prints one row per shape and size, and
the ratio of the largest size's s/MB to the smallest's (about 1 when linear).

    python benchmarks/bench_linear.py [--sizes 0.1,0.5,1,2] [--shapes prose,lossy,...]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extractor.config import Config  # noqa: E402
from extractor.ingest import RawPage  # noqa: E402
from extractor.pipeline import process_page  # noqa: E402


def _sample_pages() -> bytes:
    return b"\n\n".join(p.read_bytes() for p in sorted((ROOT / "corpus").iterdir()))


SHAPES = {
    "prose": _sample_pages,                                   # the real sample pages, repeated
    "lossy": lambda: "Ab\ufffd. ".encode(),                   # a lossy span in every sentence
    "qmarks": lambda: "IPU-POD16? ?? ???. ".encode(),         # letters lost to '?'
    "digits": lambda: b"1",                                   # one long digit run
    "nested": lambda: b"<div><p>IPU-POD16 took 28.3 minutes</p>",  # deep unclosed markup
    "oneline": lambda: b"word 28.3 min, ",                    # megabytes without a sentence end
}


def page_of(shape: str, n_bytes: int) -> bytes:
    unit = SHAPES[shape]()
    return (unit * (n_bytes // len(unit) + 1))[:n_bytes]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="0.1,0.5,1,2", help="page sizes in MB")
    parser.add_argument("--shapes", default=",".join(SHAPES), help="page shapes to time")
    args = parser.parse_args(argv)
    sizes = [float(s) for s in args.sizes.split(",")]
    config = Config(page_time_budget=0)  # time the work itself, not the budget
    process_page(RawPage("warm.txt", _sample_pages()), config)  # load models and lexicons
    # CPU seconds of this process: on a shared machine wall time measures the neighbours
    print(f"{'shape':8} {'MB':>5} {'cpu s':>8} {'s/MB':>7} {'wall s':>8} {'status':>7} sentences")
    for shape in args.shapes.split(","):
        per_mb = []
        for mb in sizes:
            data = page_of(shape, int(mb * 1_000_000))
            start, wall = time.process_time(), time.perf_counter()
            result = process_page(RawPage(f"{shape}.txt", data), config)
            seconds, wall = time.process_time() - start, time.perf_counter() - wall
            per_mb.append(seconds / mb)
            print(f"{shape:8} {mb:5.1f} {seconds:8.2f} {seconds / mb:7.2f} {wall:8.2f} "
                  f"{result.document.status:>7} {result.document.n_sentences}", flush=True)
        print(f"{shape:8} s/MB at {sizes[-1]:g} MB / at {sizes[0]:g} MB: {per_mb[-1] / per_mb[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
