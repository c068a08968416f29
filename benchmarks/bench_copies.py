"""Do the development set's damaged copies give the claims of their originals?

For every damaged copy in `../shared/devset/damage.csv` (doc_id, source page, transforms)
the claims of the copy are compared with the claims of its source page in a run's
`claims.csv`, on the key an analyst reads: (value to four significant figures, unit,
system, workload, metric). Printed per damage kind (the `transforms` column):

- `orig`: claims of the originals (distinct keys);
- `whole`: of those, how many the copies give with the same key;
- `value`: how many the copies give with the same value at least (a `qmark` copy lost its
  units, so this is what it can keep);
- `extra`: copy keys that no claim of the original has (spam kept, a letter changed);
- strict F1 of the originals and of the copies against the devset gold (the scorer's
  `--docs`), each over the pages of that kind.

A repair that changes a letter, a spam line left in, pinyin not removed all show as lost
`whole` claims and `extra` ones. No pass/fail: figures only.

    .venv/bin/python benchmarks/bench_copies.py RUN_DIR [--sets set2,set3] [--show]

RUN_DIR is the output of `python -m extractor run ../shared/devset/corpus --out RUN_DIR`.
"""
from __future__ import annotations

import argparse
import csv
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEVSET = ROOT.parent / "shared" / "devset"
SCORER = ROOT.parent / "shared" / "tools" / "score_claims.py"


def _value(text: str) -> str:
    try:
        return f"{float(text):.4g}"
    except ValueError:
        return text


def _keys(rows: list[dict]) -> set[tuple]:
    return {(_value(r["value"]), r["unit"], r["system"], r["workload"], r["metric"]) for r in rows}


def _strict_f1(run: Path, docs: list[str]) -> float:
    out = subprocess.run([sys.executable, str(SCORER), str(DEVSET / "gold.csv"), str(run / "claims.csv"),
                          "--docs", ",".join(docs)], capture_output=True, text=True, check=True).stdout
    found = re.search(r"strict_f1=([0-9.]+)", out.strip().splitlines()[-1])
    return float(found.group(1)) if found else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("--sets", default="set1,set2,set3")
    parser.add_argument("--show", action="store_true", help="list every lost and extra key")
    args = parser.parse_args()
    sets = tuple(s + "/" for s in args.sets.split(","))
    claims: dict[str, list[dict]] = defaultdict(list)
    with (args.run / "claims.csv").open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            claims[row["doc_id"]].append(row)
    damage = [r for r in csv.DictReader((DEVSET / "damage.csv").open(encoding="utf-8"))
              if r["transforms"] and r["doc_id"].startswith(sets)]

    by_kind: dict[str, list[dict]] = defaultdict(list)
    for r in damage:
        by_kind[r["transforms"]].append(r)
    print(f"{'damage':14s} {'pages':>5s} {'orig':>5s} {'whole':>5s} {'value':>5s} {'extra':>5s}"
          f"  {'F1 orig':>7s} {'F1 copy':>7s}")
    totals = [0, 0, 0, 0, 0]
    for kind in sorted(by_kind):
        orig = whole = value = extra = 0
        for r in by_kind[kind]:
            src, cp = _keys(claims[r["source"]]), _keys(claims[r["doc_id"]])
            cp_values = {k[0] for k in cp}
            orig += len(src)
            whole += len(src & cp)
            value += sum(1 for k in src if k[0] in cp_values)
            extra += len(cp - src)
            if args.show:
                for k in sorted(src - cp):
                    print(f"    {r['doc_id']}  lost  {k}")
                for k in sorted(cp - src):
                    print(f"    {r['doc_id']}  extra {k}")
        pages = by_kind[kind]
        f1_orig = _strict_f1(args.run, [r["source"] for r in pages])
        f1_copy = _strict_f1(args.run, [r["doc_id"] for r in pages])
        print(f"{kind:14s} {len(pages):5d} {orig:5d} {whole:5d} {value:5d} {extra:5d}"
              f"  {f1_orig:7.3f} {f1_copy:7.3f}")
        for i, n in enumerate((len(pages), orig, whole, value, extra)):
            totals[i] += n
    print(f"{'all':14s} {totals[0]:5d} {totals[1]:5d} {totals[2]:5d} {totals[3]:5d} {totals[4]:5d}"
          f"  {_strict_f1(args.run, [r['source'] for r in damage]):7.3f}"
          f" {_strict_f1(args.run, [r['doc_id'] for r in damage]):7.3f}")


if __name__ == "__main__":
    main()
