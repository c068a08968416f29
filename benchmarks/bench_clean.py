"""Cleaning throughput (MB/s) on a generated corpus, beside ftfy.fix_text alone.

The corpus mixes sound and damaged pages the way scraped news arrives: ko/zh/en
sentences (shared/testdata/langid) in paragraphs, some wrapped in HTML with scripts and
tracking pixels, some with GBK or Latin-1 mojibake, pinyin annotations, spam lines,
?-lost letters, plus the seed pages. Both cleaners see exactly the same texts.

    .venv/bin/python benchmarks/bench_clean.py [--pages 600] [--profile]
    .venv/bin/python benchmarks/bench_clean.py --corpus DIR [--repeat 3]

`--corpus DIR` measures instead the two stages of this package as `extractor run` calls
them, on the pages of DIR (read as `extractor run` reads them): `clean_page` and
`tag_page` (segmentation and language ID), in CPU ms/page, best of `--repeat` passes;
and, apart, what the lazily loaded models cost the first page that needs them (Kiwi,
the character model: CPU seconds and resident MB). The generated bench corpus of
`bench_pipeline.make_corpus` and `../shared/devset/corpus` are the usual folders.

    .venv/bin/python benchmarks/bench_clean.py --startup 5

`--startup N` times what cleaning and language ID build once per process (Kiwi, the
character model, the n-gram model, the codec tables of CJK mojibake), each in N fresh
processes taken in turn, and prints the best CPU seconds of each (every worker process
that meets a page needing one pays it, unless it was built before the fork).
"""
from __future__ import annotations

import argparse
import cProfile
import html
import pstats
import random
import resource
import time
from pathlib import Path

import ftfy

from extractor.clean import clean_text

ROOT = Path(__file__).resolve().parents[1]
LANGID = ROOT.parent / "shared" / "testdata" / "langid"


def _sentences(lang: str) -> list[str]:
    path = LANGID / f"sentences_{lang}.txt"
    if not path.exists():
        return [f"Sentence {i} in {lang} about MLPerf results of 28.3 minutes." for i in range(50)]
    return [s.strip() for s in path.read_text("utf-8").splitlines() if s.strip()]


def _damage(text: str, kind: str, rng: random.Random) -> str:
    if kind == "html":
        body = "".join(f"<p>{html.escape(p)}</p>\n" for p in text.split("\n\n"))
        return ("<html><head><script>var a = 1; function f() { return a; }</script><style>p{}</style>"
                "</head><body><img src='https://www.facebook.com/tr?id=1' width='1' height='1' "
                f"style='display:none'><div>{body}</div></body></html>")
    if kind == "gbk":
        return text.encode("utf-8").decode("gbk", errors="ignore")
    if kind == "latin1":
        return text.encode("utf-8").decode("cp1252", errors="ignore")
    if kind == "pinyin":
        return "".join(c + "(jì)" if "\u4e00" <= c <= "\u9fff" and rng.random() < 0.3 else c for c in text)
    if kind == "spam":
        return text + "\n\n看屁屁www成人影院,亚洲人妻成人图片 (function(){ var bp = document.createElement('script'); })();"
    if kind == "question":
        return "".join("?" if not c.isascii() else c for c in text)
    return text


def build_corpus(n_pages: int, seed: int = 7) -> list[tuple[str, str]]:
    """(label, text) pages: the seeds, then generated pages of every language and kind
    of damage in equal shares (sound pages twice as often)."""
    rng = random.Random(seed)
    pools = {lang: _sentences(lang) for lang in ("ko", "zh", "en")}
    kinds = ["sound", "sound", "html", "gbk", "latin1", "pinyin", "spam", "question"]
    pages = []
    seeds = sorted((ROOT / "corpus").glob("*.txt"))
    for path in seeds:
        pages.append(("seed", path.read_text("utf-8", errors="replace")))
    while len(pages) < n_pages:
        lang = rng.choice(list(pools))
        paragraphs = ["".join(rng.sample(pools[lang], 3)) if lang == "zh" else
                      " ".join(rng.sample(pools[lang], 3)) for _ in range(rng.randint(3, 12))]
        text = "\n\n".join(paragraphs)
        kind = rng.choice(kinds)
        pages.append((f"{lang}-{kind}", _damage(text, kind, rng)))
    return pages


def _time_both(pages: list[str], repeat: int = 3) -> tuple[float, float]:
    """CPU seconds of ftfy.fix_text and of clean_text over the pages.

    The machine is shared, so each page is timed with both cleaners back to back, in
    process CPU time, and the best of `repeat` tries counts for each (load from other
    processes only ever adds time)."""
    ftfy_total = clean_total = 0.0
    for page in pages:
        best_ftfy = best_clean = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            ftfy.fix_text(page)
            mid = time.process_time()
            clean_text(page)
            end = time.process_time()
            best_ftfy, best_clean = min(best_ftfy, mid - start), min(best_clean, end - mid)
        ftfy_total += best_ftfy
        clean_total += best_clean
    return ftfy_total, clean_total


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _load_models() -> None:
    """Load the models the first Korean or dropped-byte page would load, and say what
    each cost (CPU seconds, growth of the peak resident memory)."""
    from extractor.clean.char_model import char_model
    from extractor.clean.korean_loss import kiwi

    for name, load in (("Kiwi", kiwi), ("character model", char_model)):
        rss, start = _rss_mb(), time.process_time()
        load()
        print(f"{name:16s}: {time.process_time() - start:5.2f} s CPU, +{_rss_mb() - rss:4.0f} MB peak RSS")


#: what each process builds once: (name, statement run after the imports are done)
_STARTUP_STEPS = (
    ("Kiwi", "from extractor.clean.korean_loss import kiwi as build"),
    ("character model", "from extractor.clean.char_model import char_model as build"),
    ("n-gram model", "from extractor.langid.ngrams import _model as build"),
    ("CJK codec tables", "from extractor.clean.cjk_mojibake import _run_res\n"
                         "from extractor.clean.lexicon import load_lexicon\n"
                         "build = lambda: [_run_res(c['codec']) for c in load_lexicon('clean_mojibake')['codecs']]"),
)


def bench_startup(n: int) -> None:
    """Best CPU seconds of each of `_STARTUP_STEPS` over `n` fresh processes each,
    the steps taken in turn so that load from other processes spreads over all."""
    import subprocess
    import sys

    best = {name: float("inf") for name, _ in _STARTUP_STEPS}
    for _ in range(n):
        for name, statement in _STARTUP_STEPS:
            code = (f"{statement}\nimport time\nstart = time.process_time()\nbuild()\n"
                    "print(time.process_time() - start)")
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
            best[name] = min(best[name], float(out.stdout.split()[-1]))
    print(f"start-up, best of {n} fresh processes (CPU seconds, imports excluded):")
    for name, seconds in best.items():
        print(f"  {name:18s} {seconds:5.3f} s")


def bench_stages(corpus: Path, repeat: int) -> None:
    """CPU ms/page of clean_page and of tag_page on the pages of `corpus`."""
    from extractor.clean import clean_page
    from extractor.config import Config
    from extractor.ingest import iter_pages
    from extractor.langid import tag_page
    from extractor.pipeline import warm_up

    config = Config()
    warm_up(config)  # what `extractor run` builds before its first page
    _load_models()
    pages = [page for page in iter_pages(corpus) if not page.error]
    best_clean = best_tag = float("inf")
    for _ in range(repeat):
        clean_s = tag_s = 0.0
        for raw in pages:
            start = time.process_time()
            cleaned = clean_page(raw, config.clean)
            mid = time.process_time()
            tag_page(cleaned, config.langid)
            clean_s, tag_s = clean_s + mid - start, tag_s + time.process_time() - mid
        best_clean, best_tag = min(best_clean, clean_s), min(best_tag, tag_s)
    n = len(pages)
    print(f"{corpus}: {n} pages, best of {repeat} passes (CPU)")
    print(f"clean_page : {1000 * best_clean / n:6.2f} ms/page")
    print(f"tag_page   : {1000 * best_tag / n:6.2f} ms/page (segmentation and language ID)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=600)
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile of clean_text")
    parser.add_argument("--corpus", type=Path, help="time clean_page and tag_page on this folder's pages")
    parser.add_argument("--repeat", type=int, default=3, help="passes over --corpus; the fastest counts")
    parser.add_argument("--startup", type=int, metavar="N",
                        help="time what each process builds once, in N fresh processes each")
    args = parser.parse_args()
    if args.startup:
        bench_startup(args.startup)
        return
    if args.corpus:
        bench_stages(args.corpus, args.repeat)
        return
    labelled = build_corpus(args.pages)
    pages = [text for _, text in labelled]
    mb = sum(len(p.encode("utf-8")) for p in pages) / 1e6
    clean_text(pages[0])  # build the codec tables once, outside the timing
    by_label: dict[str, list[str]] = {}
    for label, text in labelled:
        by_label.setdefault(label.split("-")[-1], []).append(text)
    ftfy_s = clean_s = 0.0
    rows = []
    for label, group in sorted(by_label.items()):
        f, c = _time_both(group)
        ftfy_s, clean_s = ftfy_s + f, clean_s + c
        rows.append((label, len(group), f, c))
    print(f"corpus: {len(pages)} pages, {mb:.2f} MB (UTF-8)")
    print(f"ftfy.fix_text alone : {mb / ftfy_s:7.2f} MB/s  ({len(pages) / ftfy_s * 60:8.0f} pages/min)")
    print(f"clean_text (all)    : {mb / clean_s:7.2f} MB/s  ({len(pages) / clean_s * 60:8.0f} pages/min)")
    print(f"clean_text / ftfy   : {ftfy_s / clean_s:7.2f} x the speed")
    print("by kind of page (ko/zh/en mixed): pages, ftfy ms/page, clean_text ms/page")
    for label, n, f, c in rows:
        print(f"  {label:9s} {n:4d}  {1000 * f / n:6.2f}  {1000 * c / n:6.2f}")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for page in pages:
            clean_text(page)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
