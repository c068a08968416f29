"""A run whose one claim group spans every page (issue 25's done-when case): `--pages`
pages (default 10,000) that state the same time-to-train, in folders `--depth` long names
deep, so the group's `doc_ids` cell in consistency.csv holds every page's doc_id (about
1.7 MB at the defaults, over Arrow's 512 KB two-block limit that once cost the run).

Runs `extractor run` as a user would (a subprocess, `-j --jobs`), then prints its exit
status, wall time, the size of the longest doc_ids cell, and whether every table (CSV and
Parquet), run.json and the report were written. It asserts nothing; the test of the same
shape at a test's size is tests/test_pipeline.py::
test_a_group_whose_doc_ids_cell_is_over_512_kb_writes_every_table.

    python benchmarks/bench_one_group.py [--pages 10000] [--depth 3] [--jobs 2]

2026-11-28, 2 cores shared with other jobs (nice 10), the defaults: exit 0 in 579 s, every
table, run.json and the report written, the doc_ids cell 1,739,999 characters. (Main
before issue 25's fix: 'straddling object', exit 1, no outputs.)
"""
from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SENTENCE = "The IPU-POD16 trained ResNet-50 in 28.3 minutes."


def make_corpus(corpus: Path, pages: int, depth: int) -> None:
    folder = corpus.joinpath(*[f"{i:02d}_" + "section" * 7 for i in range(depth)])
    folder.mkdir(parents=True)
    for i in range(pages):
        (folder / f"page_{i:05d}.txt").write_text(f"Page {i}. {SENTENCE}\n", encoding="utf-8")


def longest_doc_ids(path: Path) -> int:
    csv.field_size_limit(1 << 30)
    with open(path, encoding="utf-8", newline="") as f:
        return max((len(row["doc_ids"]) for row in csv.DictReader(f)), default=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=10_000)
    parser.add_argument("--depth", type=int, default=3, help="folders between corpus and pages")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-one-group-") as tmp:
        corpus, out = Path(tmp) / "corpus", Path(tmp) / "out"
        make_corpus(corpus, args.pages, args.depth)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "extractor", "run", str(corpus), "--out",
                               str(out), "-q", "--no-clean", "-j", str(args.jobs)],
                              cwd=ROOT, capture_output=True, text=True)
        wall = time.perf_counter() - start
        print(f"{args.pages} pages, one group: exit {done.returncode} in {wall:.1f} s")
        if done.stderr.strip():
            print("stderr:", done.stderr.strip()[-2000:])
        names = [f"{t}.{ext}" for t in ("documents", "claims", "consistency")
                 for ext in ("csv", "parquet")] + ["run.json", "report.html"]
        missing = [n for n in names if not (out / n).is_file()]
        print("all tables, run.json and report written" if not missing
              else f"missing: {', '.join(missing)}")
        if (out / "consistency.csv").is_file():
            print(f"longest doc_ids cell: {longest_doc_ids(out / 'consistency.csv'):,} characters")
        if (out / "run.json").is_file():
            facts = json.loads((out / "run.json").read_text(encoding="utf-8"))
            print("run.json:", json.dumps(facts["pages"]), "report:", facts["report"])


if __name__ == "__main__":
    main()
