import pandas as pd
import pyarrow.parquet as pq
import pytest

from extractor.outputs import OutputError, RunWriter, csv_to_parquet, read_table, write_table


def test_tables_round_trip_through_csv_and_parquet(tmp_path):
    df = pd.DataFrame({"doc_id": ["a.txt", "b/c.txt"], "value": [28.3, 300000.0],
                       "unit": ["min", ""], "lossy": [True, False], "start": [3, 10],
                       "sentence": ['He said "1,750", then left', "line\nbreak"]})
    write_table(df, tmp_path / "t.csv")
    back = read_table(tmp_path / "t.csv")
    assert back["value"].tolist() == [28.3, 300000.0]
    assert back["unit"].tolist() == ["min", ""]
    assert back["lossy"].tolist() == [True, False]
    assert back["sentence"].tolist() == df["sentence"].tolist()
    assert (tmp_path / "t.csv").read_text().splitlines()[2].startswith("b/c.txt,300000,,false,10")
    csv_to_parquet(tmp_path / "t.csv", tmp_path / "t.parquet")
    table = pq.read_table(tmp_path / "t.parquet")
    assert str(table.schema.field("value").type) == "double"
    assert str(table.schema.field("lossy").type) == "bool"
    assert table.column("unit").to_pylist() == ["min", ""]


def test_parquet_of_a_header_only_table(tmp_path):
    (tmp_path / "t.csv").write_text("group_id,system,n_docs\n")
    csv_to_parquet(tmp_path / "t.csv", tmp_path / "t.parquet")
    assert pq.read_table(tmp_path / "t.parquet").num_rows == 0


def test_a_failed_run_leaves_the_previous_outputs_untouched(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "claims.csv").write_text("previous run\n")
    with pytest.raises(RuntimeError):
        with RunWriter(out) as writer:
            writer.add({"doc_id": "a.txt", "status": "ok"}, [{"doc_id": "a.txt", "value": 1}],
                       "text")
            raise RuntimeError("crash in the middle of a run")
    assert (out / "claims.csv").read_text() == "previous run\n"
    assert sorted(p.name for p in out.iterdir()) == ["claims.csv"]  # no partial folder left


def test_an_unwritable_output_folder_is_an_output_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(OutputError, match="cannot write"):
        RunWriter(blocker / "out")
