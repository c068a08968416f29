"""The review notebook runs, cell by cell, on a real run's outputs."""
import contextlib
import io
import json

from conftest import ROOT


def test_review_notebook_runs_on_a_run(seed_run, monkeypatch):
    nb = json.loads((ROOT / "notebooks" / "review.ipynb").read_text(encoding="utf-8"))
    monkeypatch.setenv("EXTRACTOR_OUT", str(seed_run))
    namespace: dict = {}
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown):
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                exec(compile("".join(cell["source"]), "review.ipynb", "exec"), namespace)
    assert "5 pages" in shown.getvalue()
    assert len(namespace["claims"]) > 0 and "show_claim" in namespace
