"""The one configuration object of a run, with documented defaults.

Each stage owns the options it reads (`CleanConfig` in `extractor.clean`, ...); `Config`
gathers them with the options of the run itself, so a run is described by one value.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from extractor.clean import CleanConfig
from extractor.consistency import ConsistencyConfig
from extractor.extract.claims import ClaimConfig
from extractor.langid import LangIdConfig


@dataclass
class Config:
    #: folder of scraped pages, searched recursively
    corpus: Path = Path("corpus")
    #: folder that receives the tables, clean/ and report.html
    out: Path = Path("outputs")
    #: reference table of official results; None = the shipped MLPerf Training v1.0-v2.0
    reference: Path | None = None
    #: worker processes; 1 runs in this process, 0 uses one per core
    jobs: int = 1
    #: pages larger than this are not read and get an error row
    max_page_bytes: int = 50_000_000
    #: write clean/<doc_id>.txt for every page
    write_clean: bool = True
    clean: CleanConfig = field(default_factory=CleanConfig)
    langid: LangIdConfig = field(default_factory=LangIdConfig)
    #: claim extraction, with the quantity layer's options in `claims.quantities`
    claims: ClaimConfig = field(default_factory=ClaimConfig)
    consistency: ConsistencyConfig = field(default_factory=ConsistencyConfig)
