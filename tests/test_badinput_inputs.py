"""Hostile inputs (issue 25, items 3, 4, 6, 9): each gets a row, a count or a one-line
error, never a traceback, a hang or a page read from outside the corpus."""
import pytest

from extractor.cli import main

from conftest import GOLDEN


def _one_line(capsys) -> str:
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    return err


@pytest.mark.parametrize("content", ["name,score\nx,1\n", "", "\x00\x01\x02garbage\n\"unclosed"])
def test_score_given_a_wrong_csv_is_a_one_line_error(tmp_path, capsys, content):
    wrong = tmp_path / "wrong.csv"
    wrong.write_text(content)
    assert main(["score", str(GOLDEN / "seeds_claims.csv"), str(wrong)]) == 2
    assert "wrong.csv" in _one_line(capsys)
    assert main(["score", str(wrong), str(GOLDEN / "seeds_claims.csv")]) == 2
    assert "wrong.csv" in _one_line(capsys)


def test_score_given_a_claims_table_beside_a_wrong_documents_table(tmp_path, capsys):
    claims = tmp_path / "claims.csv"
    claims.write_bytes((GOLDEN / "seeds_claims.csv").read_bytes())
    (tmp_path / "documents.csv").write_text("doc,language\nx,en\n")
    assert main(["score", str(GOLDEN / "seeds_claims.csv"), str(claims)]) == 2
    assert "documents.csv" in _one_line(capsys)
