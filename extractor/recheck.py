"""`extractor check`: the consistency stage (and the report) run again on the tables of a
finished run, without running the pages again: no page is read, cleaned or extracted."""
from __future__ import annotations

from extractor.config import Config
from extractor.outputs import RunWriter
from extractor.runsummary import RunSummary
from extractor.verdicts import check_claims_file, load_reference


def recheck(out_dir, reference_path=None, config: Config | None = None) -> RunSummary:
    """Re-run only the consistency stage (and the report) on an existing output folder;
    returns the run's summary, its page figures those of the run that wrote the folder."""
    config = config or Config()
    reference = load_reference(reference_path)
    with RunWriter.reopen(out_dir) as writer:
        summary = RunSummary.read(writer.final_path(""))
        claims_csv = writer.final_path("claims.csv")
        groups, updates = check_claims_file(claims_csv, reference, config.consistency)
        summary.n_groups = len(groups)
        writer.finish_updated(claims_csv, updates, groups, summary)
    return summary
