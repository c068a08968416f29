"""A value a damaged page states right after a lost letter, where a qualifier may have
stood, is compared as approximate (extractor.verdicts.lost_qualifier, members,
judgement), on rows of the development set's claims (/tmp/base13/dev, session 13)."""
import pandas as pd
import pytest

from extractor.verdicts import ConsistencyConfig, check_consistency, load_reference
from extractor.verdicts.columns import ClaimColumns
from extractor.verdicts.members import MemberFactory, tolerance_interval

COLUMNS = ["doc_id", "lang", "sentence", "start", "end", "surface", "value", "unit",
           "quantity", "value_norm", "metric", "system", "workload", "vendor", "qualifier",
           "context", "confidence", "flags", "baseline"]
#: set1/zh_04: the H200's bandwidth 1.4x the H100's (the official 4.8 against 3.35 TB/s)
ZH_04_SET1 = ("set1/zh_04.txt", "zh-Hans", "H200采用了业界最快的AI内存技术——HBM3e,与H100相比,"
              "容量提高了1.8倍,带宽提高了1.4倍。", 669, 673, "1.4倍", 1.4, "x", "factor", 1.4,
              "bandwidth", "H200", "", "NVIDIA", "exact", "suite=inference;part=hbm", 0.9, "",
              "H100")
#: set2/zh_04, a page that lost letters to '?' (lossy_ratio 0.019): "about 1.8x", the
#: '?' between 约 and the number (the claim stage read no qualifier)
ZH_04_SET2 = ("set2/zh_04.txt", "zh-Hans", "显存升级:首次使用?141GB HBM3e?显存,带宽高达?4.8 TB/s,"
              "比上一代 H100 快约?1.8 倍", 200, 205, "1.8 倍", 1.8, "x", "factor", 1.8,
              "bandwidth", "H200", "", "NVIDIA", "exact", "part=hbm", 0.6, "lossy_source",
              "H100")


@pytest.fixture(scope="module")
def reference():
    return load_reference()


def members(*rows):
    config = ConsistencyConfig()
    factory = MemberFactory(ClaimColumns.from_frame(pd.DataFrame(list(rows), columns=COLUMNS)),
                            config)
    return [m for part in factory.partitions() for m in factory.members(part)]


def test_a_value_after_a_lost_letter_is_compared_as_approximate():
    (m,) = members(ZH_04_SET2)
    assert m.qualifier_lost and m.qualifier == "exact"  # the claim's own qualifier kept
    assert (m.lo, m.hi) == tolerance_interval(1.8, "1.8 倍", "approx")
    assert m.lo < 1.8 * 0.95 + 0.01 and m.hi > 1.8 * 1.05 - 0.01
    # the stated number alone is unchanged (unit recovery reads it)
    assert (m.exact_lo, m.exact_hi) == tolerance_interval(1.8, "1.8 倍", "exact")


def test_without_a_reported_loss_or_after_a_sound_letter_the_value_is_exact():
    unflagged = ZH_04_SET2[:17] + ("",) + ZH_04_SET2[18:]
    sound = ZH_04_SET1[:17] + ("lossy_source",) + ZH_04_SET1[18:]
    for row in (unflagged, sound):
        (m,) = members(row)
        assert not m.qualifier_lost
        assert (m.lo, m.hi) == tolerance_interval(m.value, m.surface, "exact")


def test_the_verdict_note_says_the_exactness_is_unknown(reference):
    """1.4x against "about 1.8x" stays a conflict (1.8 +-5% does not reach 1.4), and the
    note says why 1.8 was read as approximate."""
    groups, _ = check_consistency(pd.DataFrame([ZH_04_SET1, ZH_04_SET2], columns=COLUMNS),
                                  reference)
    g = groups.iloc[0]
    assert len(groups) == 1 and g["verdict"] == "conflict"
    assert g["verdict_note"] == (
        "each page states one value, and they differ; 1.8 x (set2/zh_04.txt) stands right "
        "after '?', a letter the damaged page lost where a qualifier may have stood: its "
        "exactness is unknown, compared as about 1.8 x (±5%)")
