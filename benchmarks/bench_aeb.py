"""Junk removal quality on real HTML: shingle precision/recall/F1 against human-marked
article text (shared/testdata/aeb, 181 pages, see its README for the scoring).

`clean_page` must keep every article sentence (recall) while dropping markup, scripts,
navigation, footers and spam (precision). Printed beside it: the same cleaner with
boilerplate removal switched off (`remove_boilerplate = False`), and BeautifulSoup's
get_text (the skeleton's cleaner); cpu seconds say what each costs. --worst N lists the
pages of lowest precision and recall (to read, not to tune single pages on).

    .venv/bin/python benchmarks/bench_aeb.py [--limit N] [--worst N]
"""
from __future__ import annotations

import argparse
import gzip
import json
import re
import time
from collections import Counter
from pathlib import Path

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--worst", type=int, default=0, help="list the N pages of lowest precision and recall")
    args = parser.parse_args()
    if not AEB.exists():
        print(f"no benchmark data at {AEB}")
        return
    truth = json.loads((AEB / "ground-truth.json").read_text("utf-8"))
    ids = sorted(truth)[: args.limit or None]
    scores: dict[str, list[tuple[float, float]]] = {"clean_page": [], "no boilerplate": [], "bs4 get_text": []}
    no_boilerplate = CleanConfig(remove_boilerplate=False)
    seconds = Counter()
    for doc_id in ids:
        path = AEB / "html" / f"{doc_id}.html.gz"
        if not path.exists():
            continue
        data = gzip.decompress(path.read_bytes())
        body = truth[doc_id]["articleBody"]
        start = time.process_time()
        text = clean_page(RawPage(doc_id, data)).text
        seconds["clean_page"] += time.process_time() - start
        scores["clean_page"].append(precision_recall(text, body))
        start = time.process_time()
        text = clean_page(RawPage(doc_id, data), no_boilerplate).text
        seconds["no boilerplate"] += time.process_time() - start
        scores["no boilerplate"].append(precision_recall(text, body))
        start = time.process_time()
        text = bs4_text(data)
        seconds["bs4 get_text"] += time.process_time() - start
        scores["bs4 get_text"].append(precision_recall(text, body))
    print(f"{len(scores['clean_page'])} pages")
    for name, pairs in scores.items():
        p = sum(x for x, _ in pairs) / len(pairs)
        r = sum(y for _, y in pairs) / len(pairs)
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        full = sum(1 for _, y in pairs if y >= 0.99) / len(pairs)
        print(f"{name:14s} precision {p:.3f}  recall {r:.3f}  F1 {f1:.3f}  "
              f"pages with recall>=0.99 {full:.1%}  cpu {seconds[name]:.1f}s")
    if args.worst:
        ranked = list(zip(ids, scores["clean_page"]))
        for label, key in (("precision", 0), ("recall", 1)):
            print(f"lowest {label}:")
            for doc_id, pr in sorted(ranked, key=lambda x: x[1][key])[: args.worst]:
                print(f"  {doc_id}  precision {pr[0]:.3f}  recall {pr[1]:.3f}")


if __name__ == "__main__":
    main()
