"""Throughput and memory of the whole pipeline (`extractor run`) against the chain a user
would write by hand, on the same generated pages, in one run.

The corpus is made from the sample pages (corpus/): each page is the samples laid end to
end from a different starting one, cut to about `--page-kb` KB at a line end, with a
varying last line so no two pages are byte-identical.

Prints, for `--pages` pages (default 600):
- the hand-written chain (`ftfy.fix_text`, BeautifulSoup `get_text`, `langdetect.detect`
  on the page, a number regex), run as a program over the corpus folder;
- `extractor run` with 1 and with `--jobs` (default 2) worker processes;
each as wall-clock pages/s and MB/s including the program's start-up, and the ratios.
Then the peak resident memory of `extractor run` at each size of `--memory-pages`
(default 1,000 and 10,000 pages, run with `--jobs` workers): the main process and the
largest worker. Constant memory means the peaks are close. The workers' peak is the page
path's; the main process's includes the consistency stage, which reads the whole claims
table, and on these pages (the samples over and over: every figure stated by thousands of
pages) spends time that grows with the square of the corpus, so the 10,000-page run takes
long; `--memory-pages 1000 4000` (or `0`, to skip) keeps the run short.

    python benchmarks/bench_pipeline.py [--pages 600] [--jobs 2] [--memory-pages 1000 10000]
    python benchmarks/bench_pipeline.py --corpus ../shared/devset/corpus --memory-pages 0
    python benchmarks/bench_pipeline.py --real-pages --memory-pages 0 [--copies 4]

`--corpus DIR` measures the throughput on the pages of DIR as they are instead (every
file below it, each read by both programs): the generated pages repeat the same five
samples, real corpora mostly do not (and the extractor's small caches keyed on a
sentence's text, meant for the numbers of one sentence, hit across pages there).
`--real-pages` does so on real pages nobody generated: the development set's 75 pages and
the 181 saved web pages of the AEB benchmark (../shared/testdata/aeb, decompressed), 32 MB.
256 pages is a short run, in which the start-up (imports, the Korean analyser, compiling
the grammars: about 2 s) weighs a quarter; `--copies K` lays those pages down K times (in
K folders) to see the rate a longer run settles at. A copy is processed as a new page (no
run skips a page it has seen), and it does not find the copy before it in the caches keyed
by a sentence (256-512 entries; one copy holds about 9,500 sentences); caches of names
and number words hit across copies as they do across any pages of one language.

`--phases` adds where the main process spends its time in `extractor run -j 1` and
`-j N`: importing, building what the stages need before forking (`warm_up`), writing the
results it receives, and the gathered stage (consistency, final tables, report). All but
the writing is serial: it bounds what more worker processes can gain.

Timings on a shared machine are noisy: `--repeat N` runs each throughput measurement N
times, interleaved, and keeps the fastest. The script prints figures; it asserts nothing.
"""
from __future__ import annotations

import argparse
import gzip
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]

# what a user would take as "a number" in a quick script
NUMBER_PATTERN = r"\d+(?:[.,]\d+)*\s*(?:%|x|×|배|倍)?"


def make_corpus(folder: Path, n_pages: int, page_bytes: int = 10_000) -> int:
    """Write `n_pages` pages of about `page_bytes` bytes made from the samples; returns
    the total size in bytes."""
    seeds = [p.read_bytes() for p in sorted((ROOT / "corpus").iterdir()) if p.is_file()]
    total = 0
    for i in range(n_pages):
        parts, size, j = [], 0, i
        while size < page_bytes:
            seed = seeds[j % len(seeds)]
            parts.append(seed)
            size += len(seed) + 2
            j += 1
        data = b"\n\n".join(parts)
        cut = data.find(b"\n", page_bytes)
        data = (data if cut < 0 else data[:cut]) + f"\n\n(page {i})\n".encode()
        sub = folder / f"part{i // 500:03d}"
        sub.mkdir(parents=True, exist_ok=True)
        (sub / f"{i:06d}.txt").write_bytes(data)
        total += len(data)
    return total


def real_pages(folder: Path, copies: int = 1) -> Path:
    """The development set's pages and the AEB benchmark's saved web pages (gzipped
    there: written out decompressed, as a crawler saves them) in `folder`; with
    `copies` > 1, that many times, each copy in a folder of its own."""
    shared = ROOT.parent / "shared"
    for copy in range(copies):
        into = folder / f"copy{copy + 1}" if copies > 1 else folder
        shutil.copytree(shared / "devset" / "corpus", into / "devset")
        (into / "aeb").mkdir(parents=True)
        for page in sorted((shared / "testdata" / "aeb" / "html").glob("*.html.gz")):
            (into / "aeb" / page.name.removesuffix(".gz")).write_bytes(gzip.decompress(page.read_bytes()))
    return folder


def hand_chain(corpus: Path) -> None:
    """The chain a user would write by hand: repair, strip markup, detect the language,
    find the numbers. Run in its own process by `timed_chain`."""
    import re

    import ftfy
    import langdetect
    from bs4 import BeautifulSoup

    langdetect.DetectorFactory.seed = 0
    number = re.compile(NUMBER_PATTERN)
    n_numbers = 0
    for path in sorted(p for p in corpus.rglob("*") if p.is_file()):
        text = ftfy.fix_text(path.read_bytes().decode("utf-8", errors="replace"))
        text = BeautifulSoup(text, "html.parser").get_text()
        try:
            langdetect.detect(text)
        except langdetect.LangDetectException:
            pass
        n_numbers += len(number.findall(text))
    print(n_numbers)


def run_phases(corpus: Path, out: Path, jobs: int) -> None:
    """Time the main process's phases of one `extractor run` (see `--phases`); run in
    its own process by `timed_phases`, so that the imports are timed too."""
    import functools
    import resource

    def times():
        return time.perf_counter(), time.process_time()

    start = times()
    from extractor import outputs, pipeline
    from extractor.config import Config

    imported = times()
    spent = {"imports": [imported[0] - start[0], imported[1] - start[1]]}

    def timed(owner, name, label):
        function = getattr(owner, name)

        @functools.wraps(function)
        def wrapper(*args, **kwargs):
            before = times()
            try:
                return function(*args, **kwargs)
            finally:
                after = times()
                total = spent.setdefault(label, [0.0, 0.0])
                total[0] += after[0] - before[0]
                total[1] += after[1] - before[1]
        setattr(owner, name, wrapper)

    timed(pipeline, "warm_up", "warm-up before forking (lexicons, models)")
    timed(outputs.RunWriter, "add", "writing the results received")
    timed(pipeline, "check_claims_file", "gathered: consistency")
    timed(outputs.RunWriter, "finish_updated", "gathered: final tables and report")
    pipeline.run(Config(corpus=corpus, out=out, jobs=jobs))
    end = times()
    whole = [end[0] - start[0], end[1] - start[1]]
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    for label, (wall, cpu) in [*spent.items(), ("whole run", whole)]:
        print(f"  {label:44s} wall {wall:6.2f} s   main-process CPU {cpu:6.2f} s")
    print(f"  {'worker processes':44s}                 CPU {children.ru_utime + children.ru_stime:6.2f} s")


def timed_phases(corpus: Path, out: Path, jobs: int) -> str:
    code = (f"import sys;sys.path.insert(0,{str(ROOT / 'benchmarks')!r});"
            f"from bench_pipeline import run_phases;from pathlib import Path;"
            f"run_phases(Path({str(corpus)!r}), Path({str(out)!r}), {jobs})")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tempfile.gettempdir())
    if proc.returncode != 0:
        raise SystemExit(proc.stderr)
    return proc.stdout


class Measured(NamedTuple):
    seconds: float  # wall clock
    cpu: float  # CPU seconds of the program and its worker processes
    peak_mb: float  # peak RSS of the program
    worker_peak_mb: float  # peak RSS of its largest worker process (0: none)


def _child(args: list[str]) -> Measured:
    """Run a Python program in a child process (from a neutral folder, so that it imports
    the installed package), and measure it."""
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, *args], capture_output=True, text=True,
                          cwd=tempfile.gettempdir())
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(proc.stderr)
    self_kb, children_kb, cpu = proc.stderr.strip().splitlines()[-1].split()
    return Measured(elapsed, float(cpu), int(self_kb) / 1024, int(children_kb) / 1024)


_PEAKS = ("import resource,sys;"
          "u=[resource.getrusage(w) for w in (resource.RUSAGE_SELF,resource.RUSAGE_CHILDREN)];"
          "print(u[0].ru_maxrss, u[1].ru_maxrss,"
          "sum(r.ru_utime+r.ru_stime for r in u), file=sys.stderr)")


def timed_chain(corpus: Path) -> Measured:
    code = (f"import sys;sys.path.insert(0,{str(ROOT / 'benchmarks')!r});"
            f"from bench_pipeline import hand_chain;from pathlib import Path;"
            f"hand_chain(Path({str(corpus)!r}));{_PEAKS}")
    return _child(["-c", code])


def timed_run(corpus: Path, out: Path, jobs: int) -> Measured:
    code = ("import sys;from extractor.cli import main;"
            f"rc=main(sys.argv[1:]);{_PEAKS};sys.exit(rc)")
    return _child(["-c", code, "run", str(corpus), "--out", str(out), "--quiet",
                   "--jobs", str(jobs)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=600, help="pages for the throughput runs")
    parser.add_argument("--page-kb", type=float, default=10.0, help="size of a page in KB")
    parser.add_argument("--corpus", type=Path,
                        help="measure the throughput on the pages of this folder instead")
    parser.add_argument("--real-pages", action="store_true",
                        help="measure the throughput on the dev set's and AEB's real pages")
    parser.add_argument("--copies", type=int, default=1,
                        help="with --real-pages: lay the real pages down this many times")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes of the second run")
    parser.add_argument("--repeat", type=int, default=1,
                        help="interleaved rounds of the throughput runs; the fastest is kept")
    parser.add_argument("--phases", action="store_true",
                        help="also time the main process's phases of -j 1 and -j N")
    parser.add_argument("--memory-pages", type=int, nargs="*", default=[1000, 10000],
                        help="corpus sizes of the peak-memory runs (0: none)")
    args = parser.parse_args()
    page_bytes = int(args.page_kb * 1000)
    with tempfile.TemporaryDirectory(prefix="bench_pipeline_") as tmp:
        tmp = Path(tmp)
        if args.corpus or args.real_pages:
            corpus = args.corpus.resolve() if args.corpus else real_pages(tmp / "real", args.copies)
            files = [p for p in corpus.rglob("*") if p.is_file()]
            n_pages, mb = len(files), sum(p.stat().st_size for p in files) / 1e6
            print(f"corpus: the {n_pages} files of {corpus}, {mb:.1f} MB")
        else:
            corpus = tmp / "pages"
            n_pages = args.pages
            mb = make_corpus(corpus, n_pages, page_bytes) / 1e6
            print(f"corpus: {args.pages} pages of ~{args.page_kb:g} KB made from corpus/, {mb:.1f} MB")
        runs = {"hand-written chain (ftfy, bs4, langdetect, regex)": lambda: timed_chain(corpus),
                "extractor run -j 1": lambda: timed_run(corpus, tmp / "out1", 1),
                f"extractor run -j {args.jobs}": lambda: timed_run(corpus, tmp / "outN", args.jobs)}
        best = {name: float("inf") for name in runs}
        cpu = {name: float("inf") for name in runs}
        for _ in range(max(1, args.repeat)):
            for name, run in runs.items():
                measured = run()
                best[name] = min(best[name], measured.seconds)
                cpu[name] = min(cpu[name], measured.cpu)
        for name, secs in best.items():
            print(f"{name:52s} {secs:6.1f} s  {n_pages / secs:6.1f} pages/s  {mb / secs:5.2f} MB/s"
                  f"   (CPU {cpu[name]:.1f} s, {n_pages / cpu[name]:.1f} pages per CPU-second)")
        chain, one, many = best.values()
        print(f"extractor -j 1 / chain: {chain / one:.2f}x   "
              f"-j {args.jobs} / -j 1: {one / many:.2f}x   (wall clock, start-up included)")
        chain_cpu, one_cpu, _ = cpu.values()
        print(f"CPU time per page: chain {1000 * chain_cpu / n_pages:.1f} ms, "
              f"extractor -j 1 {1000 * one_cpu / n_pages:.1f} ms ({chain_cpu / one_cpu:.2f}x); "
              f"on a loaded machine the wall clock understates both, CPU time much less")

        if args.phases:
            for jobs in (1, args.jobs):
                print(f"phases of extractor run -j {jobs} (one run):", flush=True)
                print(timed_phases(corpus, tmp / f"phases{jobs}", jobs), end="", flush=True)

        sizes = sorted(n for n in args.memory_pages if n > 0)
        for n in sizes:
            folder = tmp / f"mem{n}"
            size = make_corpus(folder, n, page_bytes)
            m = timed_run(folder, tmp / f"outmem{n}", args.jobs)
            print(f"peak RSS at N={n:,} ({size / 1e6:.0f} MB, -j {args.jobs}, {m.seconds:.0f} s): "
                  f"main process {m.peak_mb:.0f} MB, largest worker {m.worker_peak_mb:.0f} MB", flush=True)
            shutil.rmtree(folder)
            shutil.rmtree(tmp / f"outmem{n}")


if __name__ == "__main__":
    main()
