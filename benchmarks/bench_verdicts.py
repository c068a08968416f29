"""How right the verdicts of a development-set run are (issue 24).

    python benchmarks/bench_verdicts.py RUN_DIR [--devset ../shared/devset]

Prints the number of conflict groups, each pair of `verdicts_expected.csv` (an `apart`
pair is right when no conflict group holds both values, a `conflict` pair when one
does) and each verdict of `reference_expected.csv` (the group of that page, system,
workload and value has that reference verdict). `figures(run_dir)` returns the same
as a dict (tests/test_devset.py reads it).
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extractor.verdicts.names import canonical_benchmark, name_key  # noqa: E402

DEVSET = ROOT.parent / "shared" / "devset"


def _values(cell) -> list[tuple[float, str]]:
    out = []
    for label in str(cell if isinstance(cell, str) else "").split(";"):
        number, _, unit = label.strip().partition(" ")
        try:
            out.append((float(number), unit.strip()))
        except ValueError:
            continue
    return out


def _has(values, value: float, unit: str) -> bool:
    return any(math.isclose(v, value, rel_tol=1e-6) and (u == unit or not unit)
               for v, u in values)


def _same_system(a, b) -> bool:
    return bool(name_key(a)) and name_key(a) == name_key(b)


def pair_results(groups: pd.DataFrame, expected: pd.DataFrame) -> list[tuple[bool, str]]:
    conflicts = groups[groups["verdict"] == "conflict"]
    out = []
    for e in expected.itertuples(index=False):
        together = [g for g in conflicts.itertuples(index=False)
                    if _same_system(g.system, e.system)
                    and _has(_values(g.values), float(e.value_a), e.unit_a)
                    and _has(_values(g.values), float(e.value_b), e.unit_b)]
        right = bool(together) == (e.expect == "conflict")
        out.append((right, f"{e.expect:8} {e.system} {e.value_a} {e.unit_a} / "
                           f"{e.value_b} {e.unit_b}: "
                           + (f"together in {together[0].group_id}" if together else "apart")))
    return out


def reference_results(groups: pd.DataFrame, expected: pd.DataFrame) -> list[tuple[bool, str]]:
    out = []
    for e in expected.itertuples(index=False):
        found = [g for g in groups.itertuples(index=False)
                 if e.doc_id in str(g.doc_ids).split(";") and _same_system(g.system, e.system)
                 and name_key(canonical_benchmark(g.workload)) == name_key(canonical_benchmark(e.workload))
                 and _has(_values(g.values), float(e.value), "")]
        if not found:
            out.append((e.verdict == "none", f"{e.doc_id} {e.system} {e.workload} {e.value}: "
                        f"no group (expected {e.verdict})"))
            continue
        verdicts = sorted({g.reference_verdict for g in found})
        g = found[0]
        right = verdicts == [e.verdict]
        out.append((right, f"{e.doc_id} {e.system} {e.workload} {e.value}: {'/'.join(verdicts)} "
                           f"(expected {e.verdict}) ref={g.reference_value} "
                           f"{g.reference_round} {g.reference_note}"))
    return out


def read_expected(path: Path) -> pd.DataFrame:
    """An expected-verdicts file; a `why` with an unquoted comma is kept whole."""
    import csv  # noqa: PLC0415
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    header, n = rows[0], len(rows[0])
    return pd.DataFrame([r[:n - 1] + [",".join(r[n - 1:])] for r in rows[1:] if r],
                        columns=header)


def figures(run_dir: Path, devset: Path = DEVSET) -> dict:
    groups = pd.read_csv(Path(run_dir) / "consistency.csv", dtype=str, keep_default_na=False)
    pairs = pair_results(groups, read_expected(devset / "verdicts_expected.csv"))
    refs = reference_results(groups, read_expected(devset / "reference_expected.csv"))
    return {"conflict_groups": int((groups["verdict"] == "conflict").sum()),
            "groups": len(groups),
            "pairs_right": sum(r for r, _ in pairs), "pairs": len(pairs),
            "reference_right": sum(r for r, _ in refs), "references": len(refs),
            "pair_lines": pairs, "reference_lines": refs}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run_dir", type=Path)
    ap.add_argument("--devset", type=Path, default=DEVSET)
    args = ap.parse_args(argv)
    f = figures(args.run_dir, args.devset)
    print(f"groups {f['groups']}, conflict groups {f['conflict_groups']}")
    print(f"pairs right {f['pairs_right']}/{f['pairs']}")
    for right, line in f["pair_lines"]:
        print(f"  {'ok ' if right else 'BAD'} {line}")
    print(f"reference verdicts right {f['reference_right']}/{f['references']}")
    for right, line in f["reference_lines"]:
        print(f"  {'ok ' if right else 'BAD'} {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
