"""The one configuration object of a run, with documented defaults.

Each stage owns the options it reads (`CleanConfig` in `extractor.clean`, ...); `Config`
gathers them with the options of the run itself, so a run is described by one value.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from extractor.clean import CleanConfig
from extractor.langid import LangIdConfig
from extractor.verdicts.config import ConsistencyConfig

if TYPE_CHECKING:
    from extractor.extract.claims import ClaimConfig


def _claim_config() -> ClaimConfig:
    """The claim stage's defaults, imported when a run is configured: a command that
    only re-checks a claims table (`extractor check`) never loads the claim stage."""
    from extractor.extract.claims import ClaimConfig  # noqa: PLC0415
    return ClaimConfig()


@dataclass
class Config:
    #: folder of scraped pages and WARC crawls, searched recursively; or one such file
    corpus: Path = Path("corpus")
    #: folder that receives the tables, clean/ and report.html
    out: Path = Path("outputs")
    #: reference table of official results; None = the shipped MLPerf Training results of
    #: every round (extractor/data/mlperf_training_all.csv)
    reference: Path | None = None
    #: worker processes, 1 or more; 1 runs in this process (`-j auto` on the command line
    #: gives one per core); with the Dask engine and no scheduler, the local cluster's size
    jobs: int = 1
    #: pages larger than this are not read and get an error row (their size is reported);
    #: news pages are well under 1 MB, and extraction takes seconds per MB
    max_page_bytes: int = 5_000_000
    #: seconds one page may take through clean, langid and extract before it is given up
    #: with an error row (0: no limit); a bound on the run's time whatever the page holds
    page_time_budget: float = 120.0
    #: follow symbolic links that lead out of the corpus folder (off: they get an error row)
    follow_links: bool = False
    #: reuse the pages an earlier (killed, interrupted or finished) run on the same output
    #: folder finished, when their bytes have not changed
    resume: bool = False
    #: write clean/<doc_id>.txt for every page
    write_clean: bool = True
    clean: CleanConfig = field(default_factory=CleanConfig)
    langid: LangIdConfig = field(default_factory=LangIdConfig)
    #: claim extraction, with the quantity layer's options in `claims.quantities`
    claims: ClaimConfig = field(default_factory=_claim_config)
    consistency: ConsistencyConfig = field(default_factory=ConsistencyConfig)
