"""One fresh process's first (cold) pass of the claim stage over a corpus, per page, for
`bench_extract.py --against`: run with a tree's root as the first argument, it imports that
tree's `extractor` (so it also runs in trees of an older layout), warms the stage on the tree's
sample pages (models, grammars, lexicons) and prints, as JSON, the CPU milliseconds of each
page's `extract_claims` and the number of claims.

    python benchmarks/first_pass_child.py TREE CORPUS
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path


def main(tree: Path, corpus: Path) -> None:
    sys.path.insert(0, str(tree))
    from extractor.clean import clean_page  # noqa: PLC0415
    from extractor.extract.claims import extract_claims  # noqa: PLC0415
    from extractor.ingest import iter_pages  # noqa: PLC0415
    from extractor.langid import tag_page  # noqa: PLC0415

    for page in [tag_page(clean_page(raw)) for raw in iter_pages(tree / "corpus")]:
        extract_claims(page)
    pages = [tag_page(clean_page(raw)) for raw in iter_pages(corpus)]
    cpu_ms, claims = {}, 0
    for page in pages:
        start = time.process_time()
        claims += len(extract_claims(page))
        cpu_ms[page.doc_id] = 1000 * (time.process_time() - start)
    print(json.dumps({"cpu_ms": cpu_ms, "claims": claims}))


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve())
