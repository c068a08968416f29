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

`--cjk` scores the same engines on Korean and Chinese documents: AEB has none, so the
32 undamaged ko/zh pages of ../shared/devset are set, paragraph by paragraph, into an
article page with the furniture of a news site in their language (navigation, a cookie
banner, a byline, an advertisement, teasers of the other pages, a footer), and the
page's own text is the truth. Han characters and kana count as one token each (a
Chinese sentence has no spaces to split its words at). A built page, not a saved one: it
says whether an engine loses CJK text or keeps furniture, not how it fares on a real
site's layout.

    .venv/bin/python benchmarks/bench_aeb.py [--limit N] [--worst N] [--run] [--cjk]
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
_CJK_TOKEN_RE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]|\w+")
DEVSET = AEB.parents[1] / "devset" / "corpus"
FURNITURE = {
    "ko": {"nav": ["홈", "정치", "경제", "IT·과학", "국제", "오피니언"],
           "cookie": "이 웹사이트는 이용자 경험을 개선하기 위해 쿠키를 사용합니다. 계속 이용하시면 쿠키 사용에 동의하는 것으로 간주됩니다.",
           "accept": "모두 동의", "byline": "김민수 기자 입력 2024.03.12 14:05 수정 2024.03.12 15:20",
           "ad": "광고", "related": "관련 기사", "footer": "Copyright © 2024 전자신문. 무단전재 및 재배포 금지."},
    "zh": {"nav": ["首页", "新闻", "科技", "财经", "评测", "论坛"],
           "cookie": "本网站使用Cookie来改善您的浏览体验。继续浏览即表示您同意我们使用Cookie。",
           "accept": "接受全部", "byline": "作者:张伟 来源:快科技 2024-03-12 14:05",
           "ad": "广告", "related": "相关阅读", "footer": "Copyright © 2024 快科技 版权所有 京ICP备12345678号"},
}


def shingles(text: str, n: int = 4, token_re: re.Pattern = _TOKEN_RE) -> Counter:
    tokens = token_re.findall(text)
    return Counter(tuple(tokens[i:i + n]) for i in range(max(0, len(tokens) - n + 1)))


def precision_recall(extracted: str, truth: str, token_re: re.Pattern = _TOKEN_RE) -> tuple[float, float]:
    got, want = shingles(extracted, token_re=token_re), shingles(truth, token_re=token_re)
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


def cjk_pages() -> dict[str, tuple[bytes, str]]:
    """{name: (HTML bytes, truth)} of the built Korean and Chinese pages (see --cjk)."""
    import html as html_lib

    sources = sorted(p for p in DEVSET.glob("set*/*.txt")
                     if p.name[:2] in FURNITURE and "__" not in p.name)
    texts = {f"{p.parent.name}/{p.name}": p.read_text("utf-8").strip() for p in sources}
    firsts = {name: text.splitlines()[0][:60] for name, text in texts.items()}
    pages = {}
    for name, text in texts.items():
        f = FURNITURE[name.split("/")[1][:2]]
        lines = [line for line in text.splitlines() if line.strip()]
        teasers = [t for other, t in firsts.items() if other != name and other[5:7] == name[5:7]][:5]
        esc = html_lib.escape
        body = "".join(f"<p>{esc(line)}</p>\n" for line in lines[1:])
        page = (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{esc(lines[0])}</title></head><body>"
                f"<div class='cookie-notice'><p>{f['cookie']}</p><button>{f['accept']}</button></div>"
                "<header><nav><ul>" + "".join(f"<li><a href='/{i}'>{n}</a></li>" for i, n in enumerate(f["nav"]))
                + f"</ul></nav></header><main><article><h1>{esc(lines[0])}</h1>"
                f"<div class='byline'>{f['byline']}</div>{body}"
                f"<div class='ad'><span>{f['ad']}</span></div></article>"
                f"<aside class='related'><h3>{f['related']}</h3><ul>"
                + "".join(f"<li><a href='/r{i}'>{esc(t)}</a></li>" for i, t in enumerate(teasers))
                + f"</ul></aside></main><footer><p>{f['footer']}</p></footer></body></html>")
        pages[name] = (page.encode("utf-8"), "\n".join(lines))
    return pages


def score_engines(todo: dict, pages: dict[str, tuple[bytes, str]],
                  token_re: re.Pattern = _TOKEN_RE) -> tuple[dict, Counter]:
    """Scores and cpu seconds of each engine on {name: (bytes, truth)}, interleaved (the
    machine's load hits all alike)."""
    scores: dict[str, list[tuple[float, float]]] = {name: [] for name in todo}
    seconds = Counter()
    for doc_id, (data, body) in pages.items():
        for name, extract in todo.items():
            start = time.process_time()
            text = extract(doc_id, data)
            seconds[name] += time.process_time() - start
            scores[name].append(precision_recall(text, body, token_re))
    return scores, seconds


def print_table(scores: dict, seconds: Counter, n: int) -> None:
    print(f"{'engine':20s} {'precision':>9s} {'recall':>7s} {'F1':>6s} {'recall>=0.99':>12s} {'ms/page':>8s}")
    for name, pairs in scores.items():
        p, r, f1, full = summary(pairs)
        print(f"{name:20s} {p:9.3f} {r:7.3f} {f1:6.3f} {full:12.1%} {1000 * seconds[name] / n:8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--worst", type=int, default=0, help="list the N pages of lowest precision and recall")
    parser.add_argument("--run", action="store_true", help="also score `extractor run`'s clean/ texts")
    parser.add_argument("--cjk", action="store_true", help="also score Korean and Chinese pages")
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
    scores, seconds = score_engines(todo, {i: (pages[i], truth[i]["articleBody"]) for i in ids})
    print(f"{len(ids)} pages")
    print_table(scores, seconds, len(ids))
    if args.run:
        p, r, f1, full = summary(through_run(pages, truth))
        print(f"{'extractor run':20s} {p:9.3f} {r:7.3f} {f1:6.3f} {full:12.1%}")
    if args.worst:
        ranked = list(zip(ids, scores["agree"]))
        for label, key in (("precision", 0), ("recall", 1)):
            print(f"lowest {label}:")
            for doc_id, pr in sorted(ranked, key=lambda x: x[1][key])[: args.worst]:
                print(f"  {doc_id}  precision {pr[0]:.3f}  recall {pr[1]:.3f}")
    if args.cjk:
        built = cjk_pages()
        cjk_scores, cjk_seconds = score_engines(todo, built, _CJK_TOKEN_RE)
        print(f"{len(built)} Korean and Chinese pages (dev-set text in a built news page)")
        print_table(cjk_scores, cjk_seconds, len(built))


if __name__ == "__main__":
    main()
