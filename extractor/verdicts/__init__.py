"""The verdicts stage: which claims speak of the same thing across pages and languages,
whether their values agree, and what the official results say (consistency.csv).

It reads the claims table (`columns.ClaimColumns`) and never re-runs extraction. The
modules depend one way, each only on those before it:

    config, columns, reference_names, lost_qualifier -> names -> reference_table -> keys
    -> members
    -> grouping, recovery, judgement -> reference_check -> reference_relative -> reference -> stage

- `check_claims_file(path, reference, config)`, `check_consistency(claims, reference,
  config)`: the stage (`stage`).
- `load_reference(path=None)`: the reference table (`reference_table`).
- `GroupKey`: what a group is about (`keys`).
"""
from extractor.verdicts.config import ConsistencyConfig
from extractor.verdicts.keys import GroupKey
from extractor.verdicts.members import half_unit, tolerance_interval
from extractor.verdicts.reference_table import (DEFAULT_REFERENCE, ReferenceTableError,
                                                load_reference, prepare_reference)
from extractor.verdicts.stage import (CLAIM_EXTRA_COLUMNS, EXTRA_GROUP_COLUMNS,
                                      GROUP_COLUMNS, ClaimUpdates, Group,
                                      check_claims_file, check_consistency)

__all__ = ["CLAIM_EXTRA_COLUMNS", "DEFAULT_REFERENCE", "EXTRA_GROUP_COLUMNS", "GROUP_COLUMNS",
           "ClaimUpdates", "ConsistencyConfig", "Group", "GroupKey", "ReferenceTableError",
           "check_claims_file", "check_consistency", "half_unit", "load_reference",
           "prepare_reference", "tolerance_interval"]
