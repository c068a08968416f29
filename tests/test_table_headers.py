"""What a table's header cells say (extractor.extract.tables.table_headers): header rows, the unit
a header cell or a caption gives its cells, numbered captions."""
from __future__ import annotations

from extractor.extract.tables.table_headers import caption_unit, header_unit, is_header, is_marked_caption


def test_header_rows_hold_no_values():
    assert is_header(["Model", "Time (min)", "Throughput (tokens/s)"])
    assert is_header(["Metric", "SN40L node", "8x H100"])  # "8x H100" names a column
    assert not is_header(["Memory", "192GB HBM3e", "80GB HBM3"])
    assert not is_header(["Cost", "$5.98/hr", "$1.99/hr"])
    assert not is_header(["1", "36", "3.530"])


def test_header_units_in_three_languages():
    expect = {("Time (min)", "en"): "min", ("Throughput (tokens/s)", "en"): "tokens/s",
              ("Latency (s)", "en"): "s", ("价格(美元)", "zh"): "USD", ("메모리(GB)", "ko"): "GB",
              ("Average latency in seconds", "en"): "s",
              ("Output throughput in token per second (TPS)", "en"): "tokens/s",
              ("처리량(토큰/초)", "ko"): "tokens/s"}
    for (cell, lang), unit in expect.items():
        q = header_unit(cell, lang)
        assert q is not None and q.unit == unit, cell
    for cell in ("Batch Size", "Frameworks Version", "Precision"):
        assert header_unit(cell, "en") is None, cell


def test_numbered_captions_and_their_units():
    assert is_marked_caption("Table 1.") and is_marked_caption("表2：推理性能") and is_marked_caption("<표 3>")
    assert not is_marked_caption("Tablets 3 ways") and not is_marked_caption("The table below")
    assert caption_unit("Table 2. Training time in minutes (lower is better)", "en").unit == "min"
    assert caption_unit("표 1. 추론 처리량 (단위: 토큰/초)", "ko").unit == "tokens/s"
    assert caption_unit("H100 trained GPT-3 in 311 minutes", "en") is None
