"""Main text of real HTML documents: shingle precision/recall/F1 against human-marked
article text (shared/testdata/aeb, 181 pages, see its README for the scoring), and the
cost of each engine, all in one run.

`clean_page` must keep every article sentence (recall) while dropping markup, scripts,
navigation, cookie banners, bylines, footers and spam (precision). Engines, each as the
whole cleaning stage (`clean_page`) unless said:

- `agree` (the default, `CleanConfig.html_engine`): lines trafilatura and ours both keep;
- `trafilatura` / `ours`: one engine alone (`html_engine`);
- `no boilerplate`: markup stripped, nothing judged;
- `trafilatura.extract`: the library alone, its defaults plus tables
  (`extract(include_tables=True)`), not through our cleaning;
- `bs4 get_text`: the skeleton's cleaner.

ms/page is cpu time per page. `--run` also runs `extractor run` over the pages (written
as `.html` files) and scores its `clean/` texts the same way: the figure the issue asks
for. `--worst N` lists the pages of lowest precision and recall of the default engine
(to read, not to tune single pages on).

    .venv/bin/python benchmarks/bench_aeb.py [--limit N] [--worst N] [--run]
"""
from __future__ import annotations

import argparse
import gzip
import json
import re
import tempfile
import time
from collections import Counter
from pathlib import Path

import trafilatura
from bs4 import BeautifulSoup

from extractor.clean import CleanConfig, clean_page
from extractor.ingest import RawPage

AEB = Path(__file__).resolve().parents[2] / "shared" / "testdata" / "aeb"
_TOKEN_RE = re.compile(r"\w+")


def shingles(text: str, n: int = 4) -> Counter:
    tokens = _TOKEN_RE.findall(text)
    return Counter(tuple(tokens[i:i + n]) for i in range(max(0, len(tokens) - n + 1)))


def precision_recall(extracted: str, truth: str) -> tuple[float, float]:
    got, want = shingles(extracted), shingles(truth)
    tp = sum((got & want).values())
    fp = sum(got.values()) - tp
    fn = sum(want.values()) - tp
    precision = tp / (tp + fp) if tp + fp else (1.0 if not want else 0.0)
    recall = tp / (tp + fn) if tp + fn else 1.0
    return precision, recall


def bs4_text(data: bytes) -> str:
    soup = BeautifulSoup(data, "lxml")
    for tag in soup(["script", "style", "noscript"]):
        tag.decompose()
    return soup.get_text("\n")


def engines() -> dict:
    """name -> function from page bytes to text."""
    def cleaner(**options):
        config = CleanConfig(**options)
        return lambda doc_id, data: clean_page(RawPage(doc_id, data), config).text
    return {
        "agree": cleaner(),
        "trafilatura": cleaner(html_engine="trafilatura"),
        "ours": cleaner(html_engine="ours"),
        "no boilerplate": cleaner(remove_boilerplate=False),
        "trafilatura.extract": lambda doc_id, data: trafilatura.extract(data, include_tables=True) or "",
        "bs4 get_text": lambda doc_id, data: bs4_text(data),
    }


def summary(pairs: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    p = sum(x for x, _ in pairs) / len(pairs)
    r = sum(y for _, y in pairs) / len(pairs)
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    full = sum(1 for _, y in pairs if y >= 0.99) / len(pairs)
    return p, r, f1, full


def through_run(pages: dict[str, bytes], truth: dict) -> list[tuple[float, float]]:
    """Scores of the clean/ texts `extractor run` writes for the pages."""
    from extractor.config import Config
    from extractor.outputs import read_table
    from extractor.pipeline import run

    with tempfile.TemporaryDirectory() as tmp:
        corpus, out = Path(tmp) / "aeb", Path(tmp) / "out"
        corpus.mkdir()
        for doc_id, data in pages.items():
            (corpus / f"{doc_id}.html").write_bytes(data)
        start = time.perf_counter()
        run(Config(corpus=corpus, out=out))
        seconds = time.perf_counter() - start
        docs = read_table(out / "documents.csv")
        scores = []
        for row in docs.itertuples():
            text = (out / row.clean_path).read_text("utf-8") if row.clean_path else ""
            scores.append(precision_recall(text, truth[row.doc_id[:-len(".html")]]["articleBody"]))
        dated = (docs["date"] != "").sum() if "date" in docs else 0
    print(f"extractor run: {len(pages)} pages in {seconds:.1f} s wall "
          f"({1000 * seconds / len(pages):.0f} ms/page, the whole pipeline), {dated} with a date")
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--worst", type=int, default=0, help="list the N pages of lowest precision and recall")
    parser.add_argument("--run", action="store_true", help="also score `extractor run`'s clean/ texts")
    args = parser.parse_args()
    if not AEB.exists():
        print(f"no benchmark data at {AEB}")
        return
    truth = json.loads((AEB / "ground-truth.json").read_text("utf-8"))
    ids = [i for i in sorted(truth)[: args.limit or None] if (AEB / "html" / f"{i}.html.gz").exists()]
    pages = {i: gzip.decompress((AEB / "html" / f"{i}.html.gz").read_bytes()) for i in ids}
    todo = engines()
    for f in todo.values():  # imports and lexicons loaded before the clock starts
        f(ids[0], pages[ids[0]])
    scores: dict[str, list[tuple[float, float]]] = {name: [] for name in todo}
    seconds = Counter()
    for doc_id in ids:
        body = truth[doc_id]["articleBody"]
        for name, extract in todo.items():  # interleaved: the machine's load hits all alike
            start = time.process_time()
            text = extract(doc_id, pages[doc_id])
            seconds[name] += time.process_time() - start
            scores[name].append(precision_recall(text, body))
    print(f"{len(ids)} pages")
    print(f"{'engine':20s} {'precision':>9s} {'recall':>7s} {'F1':>6s} {'recall>=0.99':>12s} {'ms/page':>8s}")
    for name, pairs in scores.items():
        p, r, f1, full = summary(pairs)
        print(f"{name:20s} {p:9.3f} {r:7.3f} {f1:6.3f} {full:12.1%} {1000 * seconds[name] / len(ids):8.1f}")
    if args.run:
        p, r, f1, full = summary(through_run(pages, truth))
        print(f"{'extractor run':20s} {p:9.3f} {r:7.3f} {f1:6.3f} {full:12.1%}")
    if args.worst:
        ranked = list(zip(ids, scores["agree"]))
        for label, key in (("precision", 0), ("recall", 1)):
            print(f"lowest {label}:")
            for doc_id, pr in sorted(ranked, key=lambda x: x[1][key])[: args.worst]:
                print(f"  {doc_id}  precision {pr[0]:.3f}  recall {pr[1]:.3f}")


if __name__ == "__main__":
    main()
