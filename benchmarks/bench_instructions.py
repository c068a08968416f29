"""Instructions and cache misses of the claim stage, counted by valgrind: a steadier figure
than time on a shared machine (wall clock and CPU time here vary 30-40% between rounds).

    .venv/bin/python benchmarks/bench_instructions.py [--corpus DIR] [--cache-sim] [--first-pass]

Runs itself under `valgrind --tool=callgrind --instr-atstart=no`: cleans and tags the
corpus's pages and makes one warm pass of `extract_claims` uninstrumented (models, caches),
then switches instrumentation on (`callgrind_control -i on`) for one more pass only, and
prints the instructions of that pass per page and per claim; with `--cache-sim`, also the
simulated L1 and last-level misses and branch mispredictions (slower), and callgrind's
cycle estimate from them (Ir + 10 x (L1 misses + mispredicted branches) + 100 x last-level
misses): deterministic like the count, and closer to time, since Python-level work misses
the caches and mispredicts more per instruction than the regex engine. With `--first-pass`, the warm pass runs over
the sample pages (`corpus/`) instead, so the measured pass meets the corpus's sentences for
the first time, as a real run does: the text-keyed caches cannot serve it. Needs valgrind on the PATH. To compare two
trees, run it from each (`cd TREE && python benchmarks/bench_instructions.py`); the count
is the same from run to run of one tree, whatever the machine's load.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: callgrind's cycle estimate: the cost of a first-level miss and a mispredicted branch, and
#: of a last-level miss, in instructions (the weights callgrind's documentation gives)
L1_COST, LL_COST = 10, 100


def cycle_estimate(values: dict[str, int]) -> int:
    """Ir plus the weighted misses: callgrind's "CEst".

    >>> cycle_estimate({"Ir": 100, "I1mr": 1, "D1mr": 2, "D1mw": 0, "ILmr": 0, "DLmr": 1,
    ...                 "DLmw": 0, "Bcm": 3, "Bim": 0})
    260
    """
    l1 = values["I1mr"] + values["D1mr"] + values["D1mw"] + values.get("Bcm", 0) + values.get("Bim", 0)
    return values["Ir"] + L1_COST * l1 + LL_COST * (values["ILmr"] + values["DLmr"] + values["DLmw"])


def one_pass(corpus: Path, first_pass: bool = False) -> int:
    """(under valgrind) the measured pass; returns the number of claims it found."""
    from extractor.clean import clean_page  # noqa: PLC0415
    from extractor.extract.claims import extract_claims  # noqa: PLC0415
    from extractor.ingest import iter_pages  # noqa: PLC0415
    from extractor.langid import tag_page  # noqa: PLC0415

    pages = [tag_page(clean_page(raw)) for raw in iter_pages(corpus)]
    warm = [tag_page(clean_page(raw)) for raw in iter_pages(ROOT / "corpus")] if first_pass else pages
    for page in warm:  # warm: lexicons, grammars, models (and, unless first_pass, the text caches)
        extract_claims(page)
    pid = str(os.getpid())
    subprocess.run(["callgrind_control", "-i", "on", pid], capture_output=True, check=False)
    n = sum(len(extract_claims(page)) for page in pages)
    subprocess.run(["callgrind_control", "-i", "off", pid], capture_output=True, check=False)
    print(f"pages={len(pages)} claims={n}")
    return n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", type=Path, default=ROOT / "corpus")
    ap.add_argument("--cache-sim", action="store_true", help="simulate the caches (slower)")
    ap.add_argument("--first-pass", action="store_true",
                    help="warm on the sample pages, so the measured pass meets its text for the first time")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.inner:
        one_pass(args.corpus, args.first_pass)
        return
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        sys.exit("bench_instructions: valgrind (with callgrind_control) is not on the PATH")
    with tempfile.TemporaryDirectory() as tmp:
        cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no",
               f"--cache-sim={'yes' if args.cache_sim else 'no'}",
               f"--branch-sim={'yes' if args.cache_sim else 'no'}",
               f"--callgrind-out-file={tmp}/callgrind.out",
               sys.executable, __file__, "--inner", "--corpus", str(args.corpus)]
        cmd += ["--first-pass"] if args.first_pass else []
        run = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, check=False)
        out = Path(tmp, "callgrind.out")
        events = re.search(r"^events: (.+)$", out.read_text(), re.M) if out.exists() else None
    counted = re.search(r"pages=(\d+) claims=(\d+)", run.stdout)
    collected = re.search(r"Collected : ([\d ]+)", run.stderr)
    if run.returncode != 0 or counted is None or collected is None or events is None:
        sys.exit(f"bench_instructions: the run under valgrind failed:\n{run.stderr[-2000:]}")
    pages, claims = map(int, counted.groups())
    values = dict(zip(events.group(1).split(), map(int, collected.group(1).split())))
    which = "first (cold) pass" if args.first_pass else "measured (warm) pass"
    print(f"corpus {args.corpus}: {pages} pages, {claims} claims in the {which}")
    print(f"instructions: {values['Ir'] / 1e9:.3f} G per pass, {values['Ir'] / pages / 1e6:.2f} M per page,"
          f" {values['Ir'] / max(claims, 1) / 1e6:.2f} M per claim")
    if args.cache_sim:
        misses = ", ".join(f"{k} {values[k] / 1e6:.1f} M" for k in values if k not in ("Ir", "Dr", "Dw", "Bc", "Bi"))
        print(f"cache misses and mispredicted branches per pass: {misses}")
        print(f"estimated cycles: {cycle_estimate(values) / 1e9:.3f} G per pass"
              f" ({cycle_estimate(values) / values['Ir']:.2f} per instruction)")


if __name__ == "__main__":
    main()
