"""The command line as a user runs it: `python -m extractor ...` in a subprocess."""
import json
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
