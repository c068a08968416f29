"""Time and memory of the gathered stage of a scaled-out run, on synthetic claims tables.

    .venv/bin/python benchmarks/bench_gathered.py [--sizes 100000 1000000]

Whatever engine runs the per-page stages, the end of a run happens in one process: the
consistency stage reads the columns it needs of the claims table (as codes, a chunk at
a time) and groups and checks it one (system, benchmark) partition at a time; the final
tables, Parquet and report are written, the claims copied through chunk by chunk
(`pipeline.run`, `extractor check`). This is what bounds the size of one run. For each size, an output folder is made with that
many synthetic claims (`bench_consistency.synthetic_claims`: pages quoting reference
results, improvements and other figures, about 16 claims a page), then `extractor
check` is run on it in a fresh process; printed are the CPU seconds of each phase (check,
reading included, and write: the wall clock of a shared machine says more about the
neighbours),
the wall seconds of the whole process and its peak memory (max RSS).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def make_output_folder(out: Path, n_claims: int) -> int:
    """An output folder as `extractor run` leaves it, holding `n_claims` synthetic claims;
    returns its number of pages."""
    from bench_consistency import synthetic_claims  # noqa: PLC0415

    from extractor.config import Config  # noqa: PLC0415
    from extractor.extract.claims import CLAIM_COLUMNS  # noqa: PLC0415
    from extractor.outputs import write_table  # noqa: PLC0415
    from extractor.pipeline import DOCUMENT_COLUMNS, run  # noqa: PLC0415

    empty = out.parent / "empty_corpus"
    empty.mkdir(exist_ok=True)
    run(Config(corpus=empty, out=out))
    claims = synthetic_claims(n_claims)
    for column in CLAIM_COLUMNS:
        if column not in claims:
            claims[column] = ""
    claims = claims[list(CLAIM_COLUMNS)]
    counts = claims.groupby("doc_id", sort=True).size()
    import pandas as pd  # noqa: PLC0415

    documents = pd.DataFrame({"doc_id": counts.index, "status": "ok", "n_claims": counts.values,
                              "lang": "en", "bytes": 10_000})
    for column in DOCUMENT_COLUMNS:
        if column not in documents:
            documents[column] = ""
    write_table(documents[DOCUMENT_COLUMNS], out / "documents.csv")
    write_table(claims, out / "claims.csv")
    return len(documents)


def child(out: Path) -> None:
    """The gathered stage of `pipeline.recheck`, timed phase by phase."""
    from extractor.config import Config  # noqa: PLC0415
    from extractor.verdicts import check_claims_file, load_reference  # noqa: PLC0415
    from extractor.outputs import RunWriter  # noqa: PLC0415

    config = Config()
    reference = load_reference(None)
    with RunWriter.reopen(out) as writer:
        claims_csv = writer.final_path("claims.csv")
        t0 = time.process_time()
        groups, updates = check_claims_file(claims_csv, reference, config.consistency)
        t1 = time.process_time()
        writer.finish_updated(claims_csv, updates, groups)
        t2 = time.process_time()
    print(f"{t1 - t0:.1f} {t2 - t1:.1f} {len(groups)}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--make", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child)
        return 0
    if args.make:
        print(make_output_folder(Path(args.make[0]), int(args.make[1])))
        return 0
    print(f"{'claims':>9} {'pages':>7} {'check cpu':>10} {'write cpu':>10} "
          f"{'wall s':>7} {'peak MB':>8} {'groups':>8}")
    for n in args.sizes:
        with tempfile.TemporaryDirectory(prefix="bench_gathered_") as tmp:
            out = Path(tmp) / "out"
            # made in a process of its own: a child's max RSS counts what it was forked
            # from, and the synthetic table would be counted as the stage's
            n_pages = int(subprocess.run([sys.executable, __file__, "--make", str(out), str(n)],
                                         check=True, capture_output=True, text=True
                                         ).stdout.split()[-1])
            t0 = time.perf_counter()
            proc = subprocess.Popen([sys.executable, __file__, "--child", str(out)],
                                    stdout=subprocess.PIPE, text=True)
            stdout = proc.stdout.read()
            _, status, usage = os.wait4(proc.pid, 0)
            total = time.perf_counter() - t0
            if status != 0:
                print(f"{n:>9} failed (status {status})")
                continue
            check, write, groups = stdout.split()
            peak_mb = usage.ru_maxrss / 1024  # kB on Linux
            print(f"{n:>9} {n_pages:>7} {check:>10} {write:>10} {total:7.1f} "
                  f"{peak_mb:8.0f} {groups:>8}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
