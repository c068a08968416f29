"""extractor: damaged scraped news pages in, a table of numeric benchmark claims out.

Stages (one module each, each a function from one typed record to the next):

    ingest.iter_pages      corpus folder  -> RawPage
    clean.clean_page       RawPage        -> CleanedPage   (repairs, loss)
    langid.tag_page        CleanedPage    -> TaggedPage    (page and sentence languages)
    extract.extract_claims TaggedPage     -> list[Claim]
    verdicts.check_claims_file claims table -> groups table (across pages, against reference)
    outputs                tables         -> CSV, Parquet, clean/, report.html
                           (runfolder: lock, staging, journal, one-unit commit, --resume)

`pipeline` composes them and streams pages through; `cli` is a thin argparse front.
"""

__version__ = "0.1.0"
