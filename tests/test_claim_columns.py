"""The claims table as the consistency stage reads it: codes and numbers, from a table
in memory or streamed from its CSV file."""
import numpy as np

import extractor.verdicts.columns as claim_columns
from extractor.verdicts.columns import ClaimColumns
from extractor.table_files import write_table

from test_members import claims_table


def test_codes_take_the_smallest_integer_type():
    columns = ClaimColumns.from_frame(claims_table())
    assert columns.codes["unit"].dtype == np.int8
    assert columns.texts("unit", np.array([1, 0])) == ["x", "min"]
    assert columns.floats("value", np.arange(6)) == [28.3, 5.0, 28.3, 20.0, None, 29.1]


def test_the_csv_file_gives_the_columns_of_the_table(tmp_path, monkeypatch):
    table = claims_table()
    table.loc[2, "value"] = 28.3
    table["value"] = table["value"].replace("n/a", None).astype(float)
    write_table(table, tmp_path / "claims.csv")
    monkeypatch.setattr(claim_columns, "CHUNK_ROWS", 4)
    on_disk = ClaimColumns.from_csv(tmp_path / "claims.csv")
    in_memory = ClaimColumns.from_frame(table)
    assert on_disk.n_rows == 6 and on_disk.present == in_memory.present
    for name in ("doc_id", "system", "flags", "context"):
        assert on_disk.texts(name, np.arange(6)) == in_memory.texts(name, np.arange(6))
    for name in ("value", "value_norm"):
        assert on_disk.floats(name, np.arange(6)) == in_memory.floats(name, np.arange(6))
