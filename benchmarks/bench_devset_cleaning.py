"""Cleaning quality on the development set's damaged copies, and the cost of the Korean check.

For every damaged copy in `../shared/devset/damage.csv` (doc_id, source page, transforms,
repairable, lossy) both the copy and its source page are cleaned as `extractor run` cleans
them (`clean_page` on the file's bytes), and the similarity of the two cleaned texts is
printed: difflib's `SequenceMatcher(None, source, copy, autojunk=False).ratio()`, i.e.
2 * matching characters / (characters of both). A repairable copy should clean to its
source's text (target: at least 0.98).

Then the dropped-syllable flag (a `dropped_syllables` lossy span) on every sound Korean
page and every copy, and the time the Kiwi-based check adds per Korean page (best of N
runs per page, after Kiwi has loaded; the load itself is printed apart).

    .venv/bin/python benchmarks/bench_devset_cleaning.py [--devset ../shared/devset] [--best-of 5]
"""
from __future__ import annotations

import argparse
import csv
import difflib
import time
from pathlib import Path

from extractor.clean import CleanConfig, clean_page
from extractor.clean import korean_loss
from extractor.ingest import RawPage

ROOT = Path(__file__).resolve().parents[1]
TARGET = 0.98


def _cleaned(corpus: Path, doc_id: str, cache: dict):
    if doc_id not in cache:
        cache[doc_id] = clean_page(RawPage(doc_id, (corpus / doc_id).read_bytes()))
    return cache[doc_id]


def _dropped(page) -> int:
    return sum(1 for s in page.lossy_spans if s.kind == "dropped_syllables")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--devset", type=Path, default=ROOT.parent / "shared" / "devset")
    parser.add_argument("--best-of", type=int, default=5)
    args = parser.parse_args()
    corpus = args.devset / "corpus"
    rows = list(csv.DictReader((args.devset / "damage.csv").open(encoding="utf-8")))
    cache: dict = {}

    t0 = time.perf_counter()
    korean_loss.kiwi()
    load_s = time.perf_counter() - t0

    print("similarity = difflib.SequenceMatcher(source cleaned, copy cleaned, autojunk=False).ratio()")
    print(f"{'copy':34s} {'transforms':12s} {'repairable':>10s} {'similarity':>10s}  lossy  kinds")
    repairable = []
    for r in rows:
        if not r["transforms"]:
            continue
        copy, source = _cleaned(corpus, r["doc_id"], cache), _cleaned(corpus, r["source"], cache)
        ratio = difflib.SequenceMatcher(None, source.text, copy.text, autojunk=False).ratio()
        kinds = ",".join(sorted({s.kind for s in copy.lossy_spans})) or "-"
        print(f"{r['doc_id']:34s} {r['transforms']:12s} {r['repairable']:>10s} {ratio:10.4f}  "
              f"{str(copy.lossy):5s}  {kinds}")
        if r["repairable"] == "1":
            repairable.append((ratio, r["doc_id"]))
    below = [d for ratio, d in repairable if ratio < TARGET]
    print(f"repairable copies: {len(repairable)}, min similarity {min(repairable)[0]:.4f} ({min(repairable)[1]}), "
          f"mean {sum(r for r, _ in repairable) / len(repairable):.4f}, below {TARGET}: {len(below)} {below}")

    print("\ndropped-syllable flag (dropped_syllables spans) on Korean pages")
    sound_ko = [r["doc_id"] for r in rows if not r["transforms"] and "/ko_" in r["doc_id"]]
    copies_ko = [r for r in rows if r["transforms"] and "/ko_" in r["doc_id"]]
    flagged_sound = [d for d in sound_ko if _dropped(_cleaned(corpus, d, cache))]
    for d in sound_ko:
        print(f"  sound {d:30s} signals {_dropped(_cleaned(corpus, d, cache))}")
    for r in copies_ko:
        print(f"  copy  {r['doc_id']:30s} {r['transforms']:12s} signals {_dropped(_cleaned(corpus, r['doc_id'], cache))}")
    dropsyl = [r["doc_id"] for r in rows if "dropsyl" in r["transforms"].split("+")]
    missed = [d for d in dropsyl if not _dropped(_cleaned(corpus, d, cache))]
    print(f"sound Korean pages flagged: {len(flagged_sound)}/{len(sound_ko)} {flagged_sound}; "
          f"dropsyl copies flagged: {len(dropsyl) - len(missed)}/{len(dropsyl)} {missed or ''}")

    config = CleanConfig()
    times = []
    for d in sound_ko + [r["doc_id"] for r in copies_ko]:
        text = _cleaned(corpus, d, cache).text
        best = min(_timed(lambda: korean_loss.find_dropped_syllables(
            text, config.ko_min_drop_signals, config.ko_min_drop_density)) for _ in range(args.best_of))
        times.append(best)
    print(f"\nKiwi load (once per process): {load_s:.2f} s")
    print(f"dropped-syllable check on {len(times)} Korean pages (best of {args.best_of}): "
          f"mean {1000 * sum(times) / len(times):.2f} ms/page, max {1000 * max(times):.2f} ms/page")


def _timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


if __name__ == "__main__":
    main()
