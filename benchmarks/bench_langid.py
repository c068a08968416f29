"""Throughput and accuracy of language identification, beside langdetect alone.

    .venv/bin/python benchmarks/bench_langid.py [--profile] [--repeat N]

Prints, on the same texts:
- page level: `identify(page)` vs langdetect's `detect_langs(page)` on the cleaned seed
  pages and on the 181 real article bodies of ../shared/testdata/aeb (MB/s, speed-up);
- sentence level: `identify(sentence)` vs langdetect on every sentence of those pages,
  and `tag_page` (segmentation included) on the pages;
- line level: `identify(line)` vs langdetect on every line of ../shared/testdata/langid
  (lines/s);
- accuracy on ../shared/testdata/langid (the issue's Done-when figures), for both.
`--profile` prints cProfile's top functions of the line-level run.
"""
from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from extractor.clean import CleanedPage, clean_page  # noqa: E402
from extractor.ingest import RawPage  # noqa: E402
from extractor.langid import identify, tag_page  # noqa: E402
from extractor.segment import split_sentences  # noqa: E402

TESTDATA = ROOT.parent / "shared" / "testdata" / "langid"
LANGDETECT_TAGS = {"zh-cn": "zh-Hans", "zh-tw": "zh-Hant"}


def langdetect_identify(text: str) -> str:
    """langdetect alone, seeded, its factory loaded once (the fairest baseline)."""
    from langdetect import DetectorFactory, detect_langs
    from langdetect.lang_detect_exception import LangDetectException

    DetectorFactory.seed = 0
    try:
        best = detect_langs(text)[0].lang
    except LangDetectException:
        return "und"
    return LANGDETECT_TAGS.get(best, best)


def seed_pages() -> list[str]:
    return [clean_page(RawPage(p.name, p.read_bytes())).text
            for p in sorted((ROOT / "corpus").iterdir()) if p.is_file()]


def timed(fn, texts, repeat: int) -> float:
    """Seconds for one pass of `fn` over `texts`: the best of `repeat` passes, as timeit
    does, since this machine is shared and a slow pass measures the neighbours."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for t in texts:
            fn(t)
        best = min(best, time.perf_counter() - start)
    return best


def test_sets() -> dict[str, list[tuple[str, str]]]:
    """{set name: [(line, expected tag or base)]}."""
    sets = {}
    for kind in ("sentences", "word-pairs", "single-words"):
        for lang in ("ko", "zh", "en", "ja"):
            path = TESTDATA / f"{kind}_{lang}.txt"
            if path.is_file():
                sets[f"{kind}_{lang}"] = [(l, lang) for l in path.read_text("utf-8").splitlines() if l.strip()]
    for name, tag in (("ud_GSD_test_text", "zh-Hant"), ("ud_GSDSimp_test_text", "zh-Hans")):
        path = TESTDATA / f"{name}.txt"
        if path.is_file():
            sets[name] = [(l, tag) for l in path.read_text("utf-8").splitlines() if l.strip()]
    return sets


def accuracy(pairs, tagger) -> float:
    ok = 0
    for line, want in pairs:
        got = tagger(line)
        ok += got == want if "-" in want else got.split("-")[0] == want
    return ok / len(pairs)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--no-langdetect-accuracy", action="store_true",
                    help="skip langdetect's accuracy (the slowest part, ~1 min)")
    args = ap.parse_args()

    identify("warm up the n-gram model")  # loads profiles once (~1 s), as a run would
    langdetect_identify("warm up langdetect")

    pages = seed_pages()
    for page in pages:  # warm caches (compiled patterns, per-word n-grams) as a long run has
        identify(page)
    size = sum(len(p.encode("utf-8")) for p in pages) / 1e6
    ours = timed(identify, pages, args.repeat)
    theirs = timed(langdetect_identify, pages, args.repeat)
    print(f"page level, {len(pages)} seed pages, {size:.3f} MB:")
    print(f"  identify     {ours * 1e3:8.2f} ms  {size / ours:8.2f} MB/s")
    print(f"  langdetect   {theirs * 1e3:8.2f} ms  {size / theirs:8.2f} MB/s")
    print(f"  speed-up     {theirs / ours:8.1f} x")

    articles_path = TESTDATA.parent / "aeb" / "ground-truth.json"
    if articles_path.is_file():
        articles = [a["articleBody"] for a in json.loads(articles_path.read_text("utf-8")).values()]
        for article in articles:
            identify(article)
        size = sum(len(a.encode("utf-8")) for a in articles) / 1e6
        ours = timed(identify, articles, max(1, args.repeat // 3))
        theirs = timed(langdetect_identify, articles, 1)
        print(f"page level, {len(articles)} real article bodies (aeb), {size:.2f} MB:")
        print(f"  identify     {ours * 1e3:8.2f} ms  {size / ours:8.2f} MB/s")
        print(f"  langdetect   {theirs * 1e3:8.2f} ms  {size / theirs:8.2f} MB/s")
        print(f"  speed-up     {theirs / ours:8.1f} x")

    sentences = [s.text for page in pages for s in split_sentences(page)]
    for sentence in sentences:
        identify(sentence)
    ours = timed(identify, sentences, args.repeat)
    theirs = timed(langdetect_identify, sentences, 1)
    print(f"sentence level, the {len(sentences)} sentences of the seed pages:")
    print(f"  identify     {ours * 1e3:8.2f} ms  {len(sentences) / ours:10.0f} sentences/s")
    print(f"  langdetect   {theirs * 1e3:8.2f} ms  {len(sentences) / theirs:10.0f} sentences/s")
    print(f"  speed-up     {theirs / ours:8.1f} x")
    whole = timed(lambda page: tag_page(CleanedPage(doc_id="p", text=page)), pages, args.repeat)
    print(f"  tag_page (segmentation + every sentence + page): {whole * 1e3:.2f} ms for the 5 pages")

    sets = test_sets()
    if not sets:
        print("no test data beside the repository (../shared/testdata/langid)")
        return
    lines = [l for pairs in sets.values() for l, _ in pairs]
    ours = timed(identify, lines, 3)
    theirs = timed(langdetect_identify, lines[:2000], 1) * len(lines) / min(len(lines), 2000)
    print(f"line level, {len(lines)} test lines:")
    print(f"  identify     {len(lines) / ours:10.0f} lines/s")
    print(f"  langdetect   {len(lines) / theirs:10.0f} lines/s (first 2000 lines)")
    print(f"  speed-up     {theirs / ours:8.1f} x")

    print("accuracy on ../shared/testdata/langid (identify / langdetect):")
    for name, pairs in sets.items():
        mine = accuracy(pairs, lambda t: identify(t).lang)
        other = "" if args.no_langdetect_accuracy else f"{accuracy(pairs, langdetect_identify):8.4f}"
        print(f"  {name:26s} {len(pairs):5d}  {mine:8.4f}  {other}")

    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        for line in lines:
            identify(line)
        for page in pages:
            identify(page)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(15)


if __name__ == "__main__":
    main()
