"""The command line as a user runs it: `python -m extractor ...` in a subprocess."""
import json
import os
import subprocess
import sys

import pytest

from conftest import CORPUS, GOLDEN, ROOT


def extractor(*args, stdin: str | None = None):
    return subprocess.run([sys.executable, "-m", "extractor", *map(str, args)], cwd=ROOT,
                          input=stdin.encode("utf-8") if stdin is not None else None,
                          capture_output=True, timeout=300)


def one_line_error(proc):
    err = proc.stderr.decode("utf-8").strip()
    assert proc.returncode == 2, err
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    return err


def test_missing_corpus_folder_is_a_one_line_error(tmp_path):
    err = one_line_error(extractor("run", tmp_path / "nope", "--out", tmp_path / "out"))
    assert "corpus not found" in err
    assert not (tmp_path / "out").exists()


def test_unwritable_output_folder_is_a_one_line_error(tmp_path):
    (tmp_path / "file").write_text("x")
    err = one_line_error(extractor("run", CORPUS, "--out", tmp_path / "file" / "out"))
    assert "cannot write to output folder" in err


def test_unknown_command_and_option_are_one_line_errors(tmp_path):
    one_line_error(extractor("frobnicate"))
    one_line_error(extractor("run", CORPUS, "--bogus"))
    one_line_error(extractor("clean", tmp_path / "missing.txt"))


def test_jobs_below_one_is_a_one_line_error(tmp_path):
    err = one_line_error(extractor("run", CORPUS, "--out", tmp_path / "out", "-j", "0"))
    assert err == "extractor: error: argument --jobs/-j: must be 1 or more (or auto, one per " \
                  "core): '0'"
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("jobs", ["-1", "two", "1.5", ""])
def test_jobs_that_are_not_a_count_are_one_line_errors(tmp_path, capsys, jobs):
    from extractor.cli import main  # in this process: the same parser, without a start-up

    assert main(["run", str(CORPUS), "--out", str(tmp_path / "out"), "-j", jobs]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("extractor: error: argument --jobs/-j: ") and "\n" not in err
    assert not (tmp_path / "out").exists()


def test_jobs_auto_is_one_per_core():
    from extractor.cli import build_parser

    args = build_parser().parse_args(["run", "-j", "auto"])
    assert args.jobs == (os.cpu_count() or 1) and args.jobs >= 1


def test_dask_options_without_the_dask_engine_are_one_line_errors(tmp_path, capsys):
    from extractor.cli import main

    err = one_line_error(extractor("run", CORPUS, "--out", tmp_path / "out",
                                   "--scheduler", "tcp://127.0.0.1:8786"))
    assert err.endswith("--scheduler needs --engine dask")
    assert main(["run", str(CORPUS), "--out", str(tmp_path / "out"), "--send-pages"]) == 2
    assert capsys.readouterr().err.strip().endswith("--send-pages needs --engine dask")


def test_run_then_score_then_check(tmp_path):
    out = tmp_path / "out"
    proc = extractor("run", CORPUS, "--out", out, "--quiet")
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stderr == b"" and proc.stdout == b""  # quiet, and no progress bar off a terminal
    assert (out / "claims.csv").is_file()
    score = extractor("score", GOLDEN / "seeds_claims.csv", out / "claims.csv")
    assert score.returncode == 0
    last = score.stdout.decode().strip().splitlines()[-1]
    assert last.startswith("all ") and "linked_f1=" in last
    before = (out / "consistency.csv").read_bytes()
    check = extractor("check", out)
    assert check.returncode == 0, check.stderr.decode()
    assert (out / "consistency.csv").read_bytes() == before  # same claims, same groups


def test_clean_prints_the_cleaned_page_and_explains_it():
    page = CORPUS / "001_18539dd1a7cf14d9.txt"
    proc = extractor("clean", page)
    assert proc.returncode == 0
    text = proc.stdout.decode("utf-8")
    assert "5.67分鐘" in text and "<meter" not in text
    explained = extractor("clean", "--explain", page).stdout.decode("utf-8")
    assert "html" in explained


def test_langid_tags_each_line():
    lines = ["IPU-POD16에서 ResNet-50 학습에 28.3분이 걸렸습니다.",
             "在IPU-POD128上訓練ResNet-50的時間為5.67分鐘",
             "The results are outstanding, with a BERT time-to-train of just over 9 minutes.",
             "???? ?? ??"]
    proc = extractor("langid", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0
    rows = [line.split("\t") for line in proc.stdout.decode("utf-8").splitlines()]
    assert [r[0] for r in rows] == ["ko", "zh-Hant", "en", "und"]
    assert all(0.0 <= float(r[1]) <= 1.0 for r in rows)


def test_quantities_gives_one_json_object_per_line():
    proc = extractor("quantities", stdin="It took 28.3 minutes.\nno numbers here\n")
    assert proc.returncode == 0
    rows = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    assert len(rows) == 2 and rows[1] == {"quantities": []}
    (q,) = rows[0]["quantities"]
    assert set(q) == {"surface", "start", "end", "value", "unit", "quantity", "value_norm",
                      "qualifier"}
    assert (q["value"], q["unit"], q["value_norm"]) == (28.3, "min", pytest.approx(1698))


def test_a_reference_table_without_the_needed_columns_is_a_one_line_error(tmp_path):
    bad = tmp_path / "ref.csv"
    bad.write_text("name,score\nx,1\n")
    err = one_line_error(extractor("run", CORPUS, "--out", tmp_path / "out", "--reference", bad))
    assert "ref.csv" in err or "reference" in err
    assert not (tmp_path / "out" / "claims.csv").exists()


def test_a_sigterm_swallowed_by_a_finaliser_still_stops_the_run():
    """SIGTERM arriving while a finaliser runs (a Dask future being collected): Python
    swallows the KeyboardInterrupt raised there; the run must stop before the next page."""
    import signal

    from extractor.cli import _Termination

    termination = _Termination()
    previous = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGXFSZ)}
    termination.install()
    try:
        class Finalised:
            def __del__(self):
                os.kill(os.getpid(), signal.SIGTERM)  # its handler raises in here

        swallowed = []
        hook, sys.unraisablehook = sys.unraisablehook, swallowed.append
        try:
            Finalised()  # collected at once
        finally:
            sys.unraisablehook = hook
        assert [type(u.exc_value) for u in swallowed] == [KeyboardInterrupt]
        with pytest.raises(KeyboardInterrupt):
            list(termination.checked(iter(["page 1", "page 2"])))
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def test_a_page_whose_times_round_to_zero_gets_all_tables_and_a_report(tmp_path):
    """Issue 25's done-when case (item 1 as found): 0.0009 seconds is 1.5e-05 minutes,
    which the chart once took the log of. Whatever the chart does, the run writes every
    table and a report; when a view fails it says so in one line and exits 3."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text("The IPU-POD16 trained ResNet-50 in 28.3 minutes.\n")
    (corpus / "b.txt").write_text("The IPU-POD16 trained ResNet-50 in 0.0009 seconds.\n")
    out = tmp_path / "out"
    done = extractor("run", corpus, "--out", out, "-q")
    err = done.stderr.decode("utf-8")
    assert done.returncode in (0, 3), err
    assert "Traceback" not in err
    for name in ("documents", "claims", "consistency"):
        assert (out / f"{name}.csv").is_file() and (out / f"{name}.parquet").is_file()
    assert (out / "report.html").is_file()
    facts = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert facts["pages"]["read"] == 2
    if done.returncode == 3:
        assert len(err.strip().splitlines()) == 1 and "report could not be built" in err
        assert facts["status"] == "finished with warnings"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus", "out"]  # no lock left
