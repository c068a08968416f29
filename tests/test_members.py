"""The claims as the consistency stage sees them: partitions of the table and members."""
import numpy as np
import pandas as pd

from extractor.verdicts.columns import ClaimColumns
from extractor.verdicts import ConsistencyConfig
from extractor.verdicts.members import MemberFactory


def claims_table():
    return pd.DataFrame({
        "doc_id": ["a", "a", "b", "b", "c", "c"],
        "system": ["IPU-POD16", "", "IPU-POD 16", "DGX A100", "", "IPU-POD16"],
        "workload": ["ResNet-50", "", "ResNet50", "BERT", "BERT", "ResNet-50"],
        "value": [28.3, 5.0, "28.3", 20.0, "n/a", 29.1],
        "unit": ["min", "x", "min", "min", "min", "min"],
        "flags": ["", "", "unit_missing;lossy_source", "", "", ""],
        "context": ["suite=training;round=v1.1", "", "", "", "", "junk"],
    })


def test_partitions_hold_the_rows_of_one_system_and_benchmark_in_table_order():
    factory = MemberFactory(ClaimColumns.from_frame(claims_table()), ConsistencyConfig())
    parts = [p.tolist() for p in factory.partitions()]
    # two spellings of one system and benchmark are one partition; a row naming neither
    # (row 1) is in none; a row naming only a benchmark is its own
    assert parts == [[0, 2, 5], [3], [4]]


def test_members_read_cells_as_the_stage_always_did():
    factory = MemberFactory(ClaimColumns.from_frame(claims_table()), ConsistencyConfig())
    members = factory.members(np.arange(6))
    assert [m.row for m in members] == [0, 1, 2, 3, 5]  # 'n/a' is no value
    first, third = members[0], members[2]
    assert (first.value, first.unit, first.context.round) == (28.3, "min", "v1.1")
    assert third.value == 28.3 and third.flags == ["unit_missing", "lossy_source"]
    assert first.system_key == third.system_key and first.lo < 28.3 < first.hi
    third.flags.append("unit_inferred")  # each member owns its flags
    assert factory.members(np.array([2]))[0].flags == ["unit_missing", "lossy_source"]
