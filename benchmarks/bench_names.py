"""Name recall of the entity finder on the development set, and its speed.

    python -m extractor run ../shared/devset/corpus --out /tmp/names-dev -q
    python benchmarks/bench_names.py /tmp/names-dev [--gold ../shared/devset/gold.csv] [--show]
    python benchmarks/bench_names.py RUN_OUT --speed [--best-of 5]

For every distinct (page, system) and (page, workload) of the gold table, is that name
among the entities `find_entities` finds in the page's cleaned text (the run's
`clean/` folder)? Names agree by the scorer's rule (canonical containment,
`score_claims.py names_agree`). A claim can only be linked to a name the finder sees, so
this bounds what claims linking can do. Prints recall per language and, with --show, the
names missed and the systems found that no gold row of the page names (a rough view of
precision: gold rows name only the systems of claims).

With --speed, on any run's output (e.g. of the 600-page bench corpus): the CPU time of
`find_entities` over every cleaned page of the run, best of --best-of passes after one
warm pass, and the start-up it costs a process (importing the module and building the
finder, in a fresh interpreter), best of --best-of. CPU time, not wall clock: the
machine may be shared.
"""
from __future__ import annotations

import argparse
import csv
import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from extractor.extract.names.entities import SYSTEM, WORKLOAD, find_entities  # noqa: E402
from extractor.score import names_agree  # noqa: E402


def _lang(doc_id: str) -> str:
    m = re.search(r"(?:^|/)(ko|zh|en)_", doc_id)
    return m.group(1) if m else "seed"


def gold_names(gold_path: Path) -> dict[str, dict[str, set[str]]]:
    """doc_id -> {SYSTEM: names, WORKLOAD: names} named by the gold rows."""
    out: dict[str, dict[str, set[str]]] = defaultdict(lambda: {SYSTEM: set(), WORKLOAD: set()})
    with open(gold_path, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            if row["system"].strip():
                out[row["doc_id"]][SYSTEM].add(row["system"].strip())
            if row["workload"].strip():
                out[row["doc_id"]][WORKLOAD].add(row["workload"].strip())
    return out


def pages(run: Path) -> dict[str, tuple[str, Path]]:
    """doc_id -> (language, cleaned text path) of a run."""
    with open(run / "documents.csv", encoding="utf-8", newline="") as f:
        return {d["doc_id"]: (d["lang"], run / d["clean_path"]) for d in csv.DictReader(f)
                if d.get("clean_path")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run", type=Path, help="output folder of `extractor run` on the dev set")
    ap.add_argument("--gold", type=Path, default=REPO.parent / "shared/devset/gold.csv")
    ap.add_argument("--show", action="store_true", help="list missed and extra names")
    ap.add_argument("--speed", action="store_true", help="time find_entities and its start-up")
    ap.add_argument("--best-of", type=int, default=5)
    args = ap.parse_args(argv)
    if args.speed:
        return speed(args.run, args.best_of)

    golds, docs = gold_names(args.gold), pages(args.run)
    t0 = time.perf_counter()
    find_entities("H100", "en")  # the first call builds the finder
    build = time.perf_counter() - t0
    hits: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    missed, extra = [], []
    seconds = 0.0
    for doc_id in sorted(golds):
        if doc_id not in docs or not docs[doc_id][1].is_file():
            continue
        lang, path = docs[doc_id]
        text = path.read_text(encoding="utf-8")
        t0 = time.perf_counter()
        ents = find_entities(text, lang)
        seconds += time.perf_counter() - t0
        for label in (SYSTEM, WORKLOAD):
            found = {e.canonical for e in ents if e.label == label}
            for name in sorted(golds[doc_id][label]):
                ok = any(names_agree(name, f) for f in found)
                for bucket in (_lang(doc_id), "all"):
                    hits[(label, bucket)][0] += ok
                    hits[(label, bucket)][1] += 1
                if not ok:
                    missed.append((doc_id, label, name))
            if label == SYSTEM:
                extra += [(doc_id, f) for f in sorted(found)
                          if not any(names_agree(g, f) for g in golds[doc_id][label])]
    if args.show:
        for doc_id, label, name in missed:
            print(f"MISS\t{doc_id}\t{label}\t{name}")
        for doc_id, name in extra:
            print(f"EXTRA\t{doc_id}\tSYSTEM\t{name}")
    for label in (SYSTEM, WORKLOAD):
        for bucket in ("en", "ko", "zh", "all"):
            ok, n = hits[(label, bucket)]
            if n:
                print(f"{label.lower():8s} {bucket:3s} recall={ok / n:.3f} ({ok}/{n})")
    print(f"finder built in {build:.2f} s; find_entities: {1000 * seconds / max(1, len(golds)):.2f} ms/page; "
          f"systems found that no gold row names: {len(extra)}")
    return 0


_START_UP = ("import time; t = time.process_time(); "
             "from extractor.extract.names.entities import find_entities; find_entities('H100', 'en'); "
             "print(time.process_time() - t)")


def speed(run: Path, best_of: int) -> int:
    """Print the CPU time of find_entities over the run's cleaned pages, and its start-up."""
    texts = [(path.read_text(encoding="utf-8"), lang) for lang, path in pages(run).values()
             if path.is_file()]
    chars = sum(len(t) for t, _ in texts)
    for text, lang in texts:  # the first pass fills the caches
        find_entities(text, lang)
    best = float("inf")
    for _ in range(max(1, best_of)):
        c0 = time.process_time()
        for text, lang in texts:
            find_entities(text, lang)
        best = min(best, time.process_time() - c0)
    print(f"find_entities: {len(texts)} pages, {chars / 1e6:.1f} M characters: "
          f"{best:.3f} s CPU, {1000 * best / max(1, len(texts)):.2f} ms/page (best of {best_of})")
    start_up = min(float(subprocess.run([sys.executable, "-c", _START_UP], check=True,
                                        capture_output=True, text=True, cwd=REPO).stdout)
                   for _ in range(max(1, best_of)))
    print(f"start-up (import + finder + one call, fresh process): {start_up:.3f} s CPU "
          f"(best of {best_of})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
