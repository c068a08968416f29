"""Benchmark of the quantity layer: speed on real pages and the Recognizers-Text pass rates.

    .venv/bin/python benchmarks/bench_quantities.py [--mb 4] [--profile]

Prints throughput (MB/s of text, quantities/s) of `find_quantities` over the seed corpus
repeated to about --mb megabytes, per language setting, the one-off cost of compiling the
lexicons, and the pass rate of every Recognizers-Text spec file the tests select from
(selection rules in tests/test_numbers.py and tests/test_quantities.py). With --profile,
the top functions of a cProfile run.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from extractor.extract.numbers.numbers import lexicon_langs  # noqa: E402
from extractor.extract.quantities.quantities import find_quantities, grammar  # noqa: E402


def corpus_lines(mb: float) -> list[str]:
    texts = []
    for path in sorted((REPO / "corpus").glob("*")):
        if path.is_file():
            texts.append(path.read_bytes().decode("utf-8", "replace"))
    base = "\n".join(texts)
    text = base * max(1, int(mb * 1e6 / max(1, len(base.encode()))))
    return text.splitlines()


def bench_speed(lines: list[str], lang: str) -> tuple[float, float, int]:
    size = sum(len(line.encode()) for line in lines) / 1e6
    t0 = time.perf_counter()
    n = sum(len(find_quantities(line, lang)) for line in lines)
    dt = time.perf_counter() - t0
    return size / dt, n / dt, n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=4.0)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()

    grammar.cache_clear()
    t0 = time.perf_counter()
    for lang in ("en", "ko", "zh", "und"):
        grammar(lexicon_langs(lang))
    print(f"compile lexicons (4 language sets): {time.perf_counter() - t0:.3f} s")

    lines = corpus_lines(args.mb)
    size = sum(len(line.encode()) for line in lines) / 1e6
    print(f"text: {size:.1f} MB in {len(lines)} lines (seed corpus repeated)")
    for lang in ("en", "ko", "zh", "und"):
        mbps, qps, n = bench_speed(lines, lang)
        print(f"  lang={lang:<3}  {mbps:6.2f} MB/s  {qps:9.0f} quantities/s  ({n} quantities)")
    one_line = "\n".join(lines)
    t0 = time.perf_counter()
    find_quantities(one_line, "und")
    print(f"  one {size:.1f} MB string, lang=und: {size / (time.perf_counter() - t0):.2f} MB/s")

    print("pathological inputs (dense numbers, long tokens; must stay linear):")
    for name, text in [("'1-' x 20000", "1-" * 20000), ("'5% ' x 20000", "5% " * 20000),
                       ("'1억 ' x 20000", "1억 " * 20000), ("'12345 ' x 20000", "12345 " * 20000),
                       ("'一' x 100000", "一" * 100000), ("'a' x 200000", "a" * 200000),
                       ("'?' x 100000", "?" * 100000 + "5??")]:
        t0 = time.perf_counter()
        n = len(find_quantities(text, "und"))
        print(f"  {name:<18} {len(text):>7} chars  {time.perf_counter() - t0:6.2f} s  {n} quantities")

    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        for line in lines[: len(lines) // 4]:
            find_quantities(line, "und")
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(18)
        print(out.getvalue())

    try:
        import test_numbers
        import test_quantities
    except ImportError as exc:  # the tests folder is the home of the selection rules
        print("spec rates unavailable:", exc)
        return
    if not test_numbers.SPECS.is_dir():
        print("spec rates unavailable: shared/testdata/numbers missing")
        return
    print("Recognizers-Text specs (selected cases passing):")
    for lang in test_numbers.LANGS:
        rate, n = test_numbers.number_spec_pass_rate(lang)
        print(f"  {lang:<8} NumberModel (parse_number of each result text)  {rate:6.1%} of {n}")
    for lang, model in sorted(test_quantities.SPEC_MIN_RATE):
        rate, n = test_quantities.spec_pass_rate(lang, model)
        floor = test_quantities.SPEC_MIN_RATE[(lang, model)]
        print(f"  {lang:<8} {model:<18} (find_quantities)  {rate:6.1%} of {n:<4} test floor {floor:.0%}")


if __name__ == "__main__":
    main()
