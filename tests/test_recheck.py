"""`extractor check` (`extractor.recheck`) on a finished run's folder."""
import json

from extractor.config import Config
from extractor.pipeline import run
from extractor.recheck import recheck

from conftest import CORPUS


def test_check_redoes_groups_and_report_and_keeps_the_runs_figures(tmp_path):
    out = tmp_path / "out"
    run(Config(corpus=CORPUS, out=out))
    before = json.loads((out / "run.json").read_text())
    (out / "report.html").unlink()  # as after a run killed between tables and report
    summary = recheck(out)
    after = json.loads((out / "run.json").read_text())
    assert after["pages"] == before["pages"] and after["claims"] == before["claims"]
    assert after["groups"] == summary.n_groups == before["groups"]
    assert after["report"] == "written" and (out / "report.html").is_file()
