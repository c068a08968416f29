"""Tables flattened to text, read whole (extractor.extract.tables.tables and table_cells): the
claims of every flattened form of a table, header units, row labels, captions above and
below, systems as columns or rows, benchmark scores, and prose that must not become a
table. The pure readers have their own tests: test_table_rows, test_table_blocks,
test_table_headers."""
from __future__ import annotations

import pytest

from extractor.clean import CleanedPage
from extractor.extract.claims import Claim, extract_claims
from extractor.extract.sentences.roles import SentenceInfo
from extractor.extract.tables.table_blocks import fixed_count_blocks
from extractor.extract.tables.table_headers import header_unit
from extractor.extract.tables.table_rows import splitter_of
from extractor.extract.tables.tables import TableTracker
from extractor.langid import tag_page


def claims_of(text: str) -> list[Claim]:
    return extract_claims(tag_page(CleanedPage("t.txt", text)))


def found(claims: list[Claim]) -> list[tuple]:
    return [(c.value, c.unit, c.system, c.workload) for c in claims]


def values(claims: list[Claim]) -> list[tuple]:
    return [(c.value, c.unit) for c in claims]


# --- the cells of a row ----------------------------------------------------------------


# --- which lines are rows ----------------------------------------------------------------


# --- header units ----------------------------------------------------------------------


# --- claims of tables ------------------------------------------------------------------

def test_pipe_table_header_units_and_caption_names():
    text = ("MI300X serving Llama 2 70B\n"
            "| Batch Size | Output throughput in token per second (TPS) | Average latency in seconds |\n"
            "| 1 | 36 | 3.530 |\n"
            "| 2 | 71 | 3.583 |\n")
    got = [(v, u, s) for v, u, s, _w in found(claims_of(text))]
    assert (36, "tokens/s", "MI300X") in got and (3.53, "s", "MI300X") in got
    assert (71, "tokens/s", "MI300X") in got and (3.583, "s", "MI300X") in got


def test_aligned_columns_name_the_system_of_each_cell():
    text = ("Training time on MLPerf (minutes)\n"
            "Model      H100     Gaudi2\n"
            "BERT-Large   5.2     9.1\n"
            "ResNet-50   12.1    16.4\n")
    got = found(claims_of(text))
    assert (5.2, "min", "H100", "BERT-Large") in got
    assert (9.1, "min", "Gaudi2", "BERT-Large") in got
    assert (16.4, "min", "Gaudi2", "ResNet-50") in got


def test_tab_table_in_chinese_takes_units_from_the_header():
    text = "推理卡对比\n型号\t价格(美元)\t显存(GB)\nH100\t30000\t80\nH200\t35000\t141\n"
    got = found(claims_of(text))
    assert (30000, "USD", "H100", "") in got and (80, "GB", "H100", "") in got
    assert (141, "GB", "H200", "") in got


def test_fixed_count_rows_in_korean_take_units_and_columns():
    text = ("H100 모델별 성능\n"
            "모델 처리량(토큰/초) 지연(초)\n"
            "Llama 2 70B 1,200 0.8\n"
            "GPT-J 2,400 0.3\n")
    got = found(claims_of(text))
    assert (1200, "tokens/s", "H100", "Llama 2 70B") in got
    assert (0.3, "s", "H100", "GPT-J") in got


def test_single_space_table_of_value_cells_names_each_column():
    # zh_04: values with units, a header whose cells are systems, the last row cut short
    text = ("四、性能与成本评估(对比表)\n"
            "指标 H100 (80GB HBM3) H200 (141GB HBM3e) 提升幅度\n"
            "显存容量 80GB 141GB +76%\n"
            "显存带宽 3.35 TB/s 4.8 TB/s +43%\n"
            "FP8 算力 989 TFLOPS 989\n")
    got = [(v, u, s) for v, u, s, _w in found(claims_of(text))]
    assert (3.35, "TB/s", "H100") in got and (4.8, "TB/s", "H200") in got
    assert (989, "TFLOPS", "H100") in got


def test_spec_table_rows_with_units_are_data_not_headers():
    text = ("| Metric | B200 | H100 |\n"
            "| Architecture | Blackwell (2024) | Hopper (2022) |\n"
            "| Memory | 192GB HBM3e | 80GB HBM3 |\n"
            "| Memory Bandwidth | 8.0 TB/s | 3.35 TB/s |\n")
    got = found(claims_of(text))
    assert (192, "GB", "B200", "") in got and (80, "GB", "H100", "") in got
    assert (3.35, "TB/s", "H100", "") in got


def test_number_of_a_row_label_is_part_of_the_name():
    text = ("Model | # HPU | Throughput (tokens/sec) |\n"
            "LLaMA V3.1 70B | 64 | 43,677 |\n"
            "LLaMA V3.1 8B | 8 | 36,309 |\n")
    got = values(claims_of(text))
    assert (43677, "tokens/s") in got and (36309, "tokens/s") in got
    assert not any(v in (70e9, 8e9, 70) for v, _u in got)


def test_stacked_cells_take_the_record_names_and_the_bracketed_unit():
    text = ("Benchmark v1.1 Max-Scale Records (min) (vs. v1.0) Per-Accelerator Records (min) (vs. v1.0)\n"
            "Recommendation (DLRM) 0.63 (DGX SuperPOD)\n"
            "(1.6×)\n"
            "13.68 (A100)\n"
            "(1.1×)\n")
    got = found(claims_of(text))
    assert (0.63, "min", "DGX SuperPOD", "DLRM") in got
    assert (1.6, "x", "DGX SuperPOD", "DLRM") in got
    assert (13.68, "min", "A100", "DLRM") in got
    assert (1.1, "x", "A100", "DLRM") in got


def test_an_unread_unit_after_a_number_is_not_the_headers():
    text = ("Records (min) (vs. v1.0)\n"
            "Recommendation (DLRM) 0.63 (DGX SuperPOD)\n"
            "(1.6脳)\n"
            "13.68 (A100)\n")
    assert (1.6, "min") not in values(claims_of(text))


def test_prose_around_tables_keeps_its_claims():
    text = ("The H100 trains BERT in 5.2 minutes, 2.5x faster than the A100.\n"
            "| Model | Time (min) |\n"
            "| BERT | 5.2 |\n"
            "Later, the H200 reached 4.8 TB/s of memory bandwidth.\n")
    got = values(claims_of(text))
    assert (2.5, "x") in got and (4.8, "TB/s") in got and (5.2, "min") in got


# --- the table tracker -----------------------------------------------------------------

def _infos(lines: list[str], lang: str = "en") -> list[SentenceInfo]:
    infos, pos = [], 0
    for i, line in enumerate(lines):
        infos.append(SentenceInfo(pos, pos + len(line), line, lang, i))
        pos += len(line) + 1
    return infos


def test_tracker_gives_caption_header_and_upper_header():
    infos = _infos(["Results on MLPerf", "| | Time to train (min) | |", "| Model | H100 | Gaudi2 |",
                    "| BERT | 5.2 | 9.1 |", "Prose ends the table.", "| BERT | 5.2 | 9.1 |"])
    tracker = TableTracker(infos)
    states = [tracker.table_of(info) for info in infos]
    assert [h for _t, h in states] == [False, True, True, False, False, False]
    table = states[3][0]
    assert table is not None and table.caption is infos[0]
    assert table.header == ["Model", "H100", "Gaudi2"] and table.upper_cell(2) == "Time to train (min)"
    assert states[5][0] is None  # a row after prose has no header


def test_second_table_right_under_another_has_no_caption():
    infos = _infos(["Caption of the first", "| Model | Time (min) |", "| BERT | 5.2 |",
                    "| System | Price (USD) |", "| H100 | 30000 |"])
    tracker = TableTracker(infos)
    states = [tracker.table_of(info) for info in infos]
    assert states[2][0].caption is infos[0]
    assert states[4][0] is not None and states[4][0].caption is None


def test_second_table_under_its_own_caption_takes_that_caption():
    infos = _infos(["First caption", "| Model | Time (min) |", "| BERT | 5.2 |",
                    "Second caption", "| System | Price (USD) |", "| H100 | 30000 |"])
    tracker = TableTracker(infos)
    states = [tracker.table_of(info) for info in infos]
    assert states[5][0].caption is infos[3]


def test_a_score_line_is_no_header():
    # a box score under a line naming the result: no header of values
    lines = ["Palm Bay d. Rockledge 70-44", "Rockledge 14 11 6 15 — 44", "Palm Bay 18 22 13 17 — 70"]
    assert fixed_count_blocks(lines) == {}


def test_aligned_header_without_a_label_cell_shifts_by_one():
    text = ("Output speed, Llama 3.1 70B (tokens/s)\n"
            "          H100      MI300X\n"
            "vLLM      1,200     1,100\n"
            "TGI       900       950\n")
    got = [(v, s) for v, _u, s, _w in found(claims_of(text))]
    assert (1100, "MI300X") in got and (900, "H100") in got


def test_short_sentences_with_two_spaces_are_no_aligned_row():
    assert splitter_of("It is fast.  The A100 is not.  Both ship now") is None
    assert splitter_of("H100 출시.  가격 3만 달러.  성능 2배") is None


def test_units_under_system_columns_are_a_second_header():
    text = ("| | H100 | Gaudi2 |\n"
            "| Model | Time (min) | Time (min) |\n"
            "| BERT | 5.2 | 9.1 |\n")
    got = found(claims_of(text))
    assert (5.2, "min", "H100", "BERT") in got and (9.1, "min", "Gaudi2", "BERT") in got


def test_a_row_label_ending_in_a_unit_gives_bare_cells_their_unit():
    # columns are systems, rows are metrics: "FP8 TFLOPS" names the unit of its row
    text = ("| | H100 | H200 |\n"
            "|---|---|---|\n"
            "| FP8 TFLOPS | 3,958 | 3,958 |\n"
            "| GPU memory | 80GB | 141GB |\n")
    got = found(claims_of(text))
    assert (3958, "TFLOPS", "H100", "") in got and (3958, "TFLOPS", "H200", "") in got
    assert (141, "GB", "H200", "") in got
    assert header_unit("Number of cores", "en").unit == "count"
    assert header_unit("FP8 H100", "en") is None  # a name's digits are no unit


def test_columns_aligned_under_a_header_of_providers_name_each_cell_s_system():
    # no lexicon lists the providers; the header names products over every value column
    text = ("Llama 3.1 70B output speed (tokens/s)\n"
            "             Groq     Cerebras     SambaNova     Together\n"
            "Speed        544      2,100        461           86\n"
            "Price ($/M)  0.79     0.60         0.75          0.88\n")
    got = found(claims_of(text))
    assert (544, "tokens/s", "Groq", "Llama 3.1 70B") in got
    assert (86, "tokens/s", "Together", "Llama 3.1 70B") in got
    assert (0.79, "USD", "Groq", "Llama 3.1 70B") in got  # the row label's unit, not the caption's


def test_unlisted_names_over_columns_in_chinese_and_korean():
    got = found(claims_of("项目        骁龙X Elite      M3\nNPU算力     45 TOPS        18 TOPS\n功耗     23W        15W\n"))
    assert (18, "TOPS", "M3", "") in got
    got = found(claims_of("| 구분 | Gaudi 3 | MTT S4000 |\n|---|---|---|\n| 메모리(GB) | 128 | 48 |\n"))
    assert (48, "GB", "MTT S4000", "") in got


def test_a_metric_column_is_no_product_column():
    # "Batch" over a column of "Latency": the columns are metrics, not products
    got = found(claims_of("Model   Batch   Latency (s)\nLlama 2 70B   8   0.9\nGPT-J   16   0.4\n"))
    assert all(s != "Batch" for _v, _u, s, _w in got)


def test_rows_under_a_provider_header_name_their_system():
    text = ("Provider     Output speed (tokens/s)    Price ($/1M tokens)    Latency (s)\n"
            "Groq         544                        0.79                   0.45\n"
            "Cerebras     2,100                      0.60                   0.24\n")
    got = found(claims_of(text))
    assert (544, "tokens/s", "Groq", "") in got and (0.24, "s", "Cerebras", "") in got
    assert header_unit("Output tokens/s", "en").unit == "tokens/s"  # not a count of tokens


@pytest.mark.parametrize("text", [
    # set3/en_04's Llama 3.1 70B figures as a one-column table, with '|' and with tabs
    "| Provider | Output speed (tokens/s) |\n|---|---|\n| Groq | 250 |\n| Cerebras | 445 |\n",
    "Provider\tOutput speed (tokens/s)\nGroq\t250\nCerebras\t445\n",
])
def test_one_column_with_a_bracketed_unit_under_a_provider_header_is_a_metric(text):
    # "Output speed" looks like a name, but its brackets hold a bare unit: the column is
    # what is measured, and the rows are the providers
    got = found(claims_of(text))
    assert (250, "tokens/s", "Groq", "") in got and (445, "tokens/s", "Cerebras", "") in got


@pytest.mark.parametrize("text,want", [
    ("Cerebras WSE-3 specifications\n\nSRAM\n44GB\nCores\n900,000\n",
     [(44, "GB", "WSE-3"), (900000, "count", "WSE-3")]),
    ("Groq LPU 사양\n\nSRAM\n\n230MB\n\n메모리 대역폭\n\n80 TB/s\n",
     [(230, "MB", "LPU"), (80, "TB/s", "LPU")]),
    ("Groq LPU 规格\nSRAM\n230MB\nINT8 算力\n750 TOPS\n", [(230, "MB", "LPU"), (750, "TOPS", "LPU")]),
])
def test_spec_sheet_label_then_value_lines(text, want):
    # the label line gives the value its unit (Cores: a count) and the sheet's heading
    # its product
    got = [(v, u, s) for v, u, s, _w in found(claims_of(text))]
    assert all(w in got for w in want), got


def test_single_space_header_of_products_without_a_label_cell():
    # flattened by cleaning: "Groq Cerebras SambaNova" over "Speed 544 2,100 461"
    text = ("Llama 3.1 70B output speed (tokens/s)\n"
            "Groq Cerebras SambaNova Together\n"
            "Speed 544 2,100 461 86\n"
            "Output 540 2,000 460 80\n")
    got = found(claims_of(text))
    assert (544, "tokens/s", "Groq", "Llama 3.1 70B") in got
    assert (86, "tokens/s", "Together", "Llama 3.1 70B") in got


# --- a header spread over lines, a numbered caption below, a year-like cell (session 10) --------

# set3/en_04: the header's cells one or two to a line with their notes ("(16-bit)", footnote
# marks), the rows a label and five values, the unit in the numbered caption below
_SCATTERED_EN = ("  Custom AI accelerators\nGPU providers\nModel SambaNova\n(16-bit)\nCerebras\n(16-bit)\n1\n"
                 "Groq\n(8-bit)2\nFireworks\n(8-bit)3\nOctoAI\n(8-bit)4\n"
                 "Llama 3.1 Instruct 405B 129 n/a n/a 72 30\n"
                 "Llama 3.1 Instruct 70B 457 445 250 71 49\n"
                 "Llama 3.1 Instruct 8B 1042 1837 751 288 164\n\n"
                 "Table 1. User throughput in output tokens/sec (higher is better). Performance numbers "
                 "for all platforms are obtained from benchmarking results.\n")


def test_header_spread_over_lines_names_each_column_and_the_caption_below_its_unit():
    got = found(claims_of(_SCATTERED_EN))
    assert (129, "tokens/s", "SambaNova", "Llama 3.1") in got
    assert (30, "tokens/s", "OctoAI", "Llama 3.1") in got
    assert (1837, "tokens/s", "Cerebras", "Llama 3.1") in got
    assert (751, "tokens/s", "Groq", "Llama 3.1") in got
    assert not any(v in (405, 70, 8, 16, 1, 2, 3, 4) for v, *_ in got)  # names, notes, footnotes


@pytest.mark.parametrize("text,want", [
    # the same shape in Korean and Chinese: the label column's header (구분, 型号) first
    ("구분 H100\n(SXM)\nMI300X\n(OAM)\n라마 2 70B 3,000 2,500\n라마 2 7B 9,000 8,000\n\n"
     "표 1. 추론 처리량 (단위: 토큰/초)\n",
     [(3000, "tokens/s", "H100"), (2500, "tokens/s", "MI300X")]),
    ("型号 MTT S4000\n(1)\n昇腾 910B\n(2)\nLlama 2 70B 1,200 1,500\nLlama 2 7B 3,000 3,600\n\n"
     "表1：推理吞吐量（tokens/s）\n",
     [(1200, "tokens/s", "MTT S4000"), (3600, "tokens/s", "Ascend 910B")]),
])
def test_header_spread_over_lines_in_korean_and_chinese(text, want):
    got = [(v, u, s) for v, u, s, _w in found(claims_of(text))]
    assert all(w in got for w in want), got


def test_a_four_digit_cell_under_a_unit_header_is_no_year():
    # set2/en_01: 1993 tokens/s, not the year 1993; a column of years stays years
    text = ("| Scenario | Input size in tokens | Output size in tokens | Output throughput in TPS |\n"
            "| Typical chatbot online scenario | 128 | 128 | 1993 |\n"
            "| Generation heavy use case | 128 | 2048 | 2794 |\n")
    assert (1993, "tokens/s") in values(claims_of(text))
    years = "| Product | Launch year | Memory (GB) |\n| H100 | 2022 | 80 |\n| H200 | 2024 | 141 |\n"
    assert not any(v in (2022, 2024) for v, _u in values(claims_of(years)))


@pytest.mark.parametrize("text,want", [
    # benchmark scores in table columns (CLAIMS.md: empty unit, the benchmark as workload),
    # in the shapes of set2/en_07 and set2/zh_03's laptop-chip comparisons
    ("| Device | Geekbench 6 single-core | Geekbench 6 multi-core |\n|---|---|---|\n"
     "| Snapdragon X Elite | 2,900 | 14,000 |\n| Apple M3 | 3,100 | 12,000 |\n",
     [(2900, "", "Snapdragon X Elite", "Geekbench 6"), (12000, "", "M3", "Geekbench 6")]),
    ("| 机型 | 安兔兔V10跑分 |\n|---|---|\n| 天玑9300 | 2,130,000 |\n| 骁龙8 Gen 3 | 2,050,000 |\n",
     [(2130000, "", "天玑9300", "AnTuTu V10"), (2050000, "", "Snapdragon 8 Gen 3", "AnTuTu V10")]),
    ("| 제품 | 긱벤치 6 싱글코어 점수 |\n|---|---|\n| 갤럭시 S24 | 2,200 |\n| 아이폰 15 | 2,900 |\n",
     [(2200, "", "S24", "Geekbench 6"), (2900, "", "아이폰 15", "Geekbench 6")]),
])
def test_a_column_of_benchmark_scores_gives_empty_units_and_the_benchmark(text, want):
    got = found(claims_of(text))
    assert all(w in got for w in want), got
    assert all(c.metric == "other" for c in claims_of(text))


def test_a_numbered_caption_below_a_pipe_table_gives_its_unit():
    # the line above is prose naming nothing; "Table 3. ..." below the rows names the unit
    text = ("We ran the models on both accelerators.\n| Model | Gaudi 3 | H100 |\n|---|---|---|\n"
            "| Llama 2 70B | 2,500 | 2,000 |\n| Llama 2 7B | 9,500 | 8,000 |\n\n"
            "Table 3. Inference throughput in tokens per second\n")
    got = found(claims_of(text))
    assert (2500, "tokens/s", "Gaudi3", "Llama 2 70B") in got and (8000, "tokens/s", "H100", "Llama 2 7B") in got


def test_a_scattered_header_whose_axis_stands_alone_on_its_line():
    text = ("구분\nH100\n(SXM5)\nMI300X\n라마 2 70B 3,000 2,500\n라마 2 7B 9,000 8,000\n\n"
            "표 1. 추론 처리량 (단위: 토큰/초)\n")
    got = found(claims_of(text))
    assert (3000, "tokens/s", "H100", "Llama 2 70B") in got and (8000, "tokens/s", "MI300X", "Llama 2 7B") in got


def test_a_year_like_value_in_a_row_labelled_with_its_unit_is_kept():
    # A100 80GB's 2039 GB/s is no year, nor is the launch row's year a bandwidth
    text = ("| | A100 40GB | A100 80GB |\n|---|---|---|\n| Memory bandwidth (GB/s) | 1555 | 2039 |\n"
            "| Launch | 2020 | 2021 |\n")
    got = values(claims_of(text))
    assert (2039, "GB/s") in got and (1555, "GB/s") in got
    assert not any(v in (2020, 2021) for v, _u in got)


def test_columns_named_in_chinese_letters_with_a_model_number_are_products():
    # "智铠100" is in no lexicon: its column still names it, not the other column's product;
    # "FP16算力" over a column is a metric, not a product
    text = "| 项目 | 智铠100 | 曦思N100 |\n|---|---|---|\n| 显存 (GB) | 32 | 16 |\n| INT8算力 (TOPS) | 384 | 160 |\n"
    got = [(v, u, s) for v, u, s, _w in found(claims_of(text))]
    assert (32, "GB", "智铠100") in got and (160, "TOPS", "N100") in got
    text = "| 模型 | FP16算力 | INT8算力 |\n|---|---|---|\n| 昇腾910B | 320 TFLOPS | 640 TOPS |\n"
    assert {s for _v, _u, s, _w in found(claims_of(text))} == {"Ascend 910B"}


def test_a_numbered_caption_above_a_scattered_header_outranks_the_next_table_s_below():
    # "Table 5." below the rows is the next table's caption: the rows keep "Table 4"'s unit
    text = ("Table 4: Output speed (tokens/s)\nModel Groq\n(8-bit)\nCerebras\n"
            "Llama 3.1 70B 250 445\nLlama 3.1 8B 751 1837\n\nTable 5. Prices in USD\n")
    got = found(claims_of(text))
    assert (250, "tokens/s", "Groq", "Llama 3.1 70B") in got and (1837, "tokens/s", "Cerebras", "Llama 3.1 8B") in got


def test_a_numbered_caption_over_the_next_table_is_not_the_one_above_s():
    text = ("We ran the models on both accelerators.\n| Model | Gaudi 3 | H100 |\n|---|---|---|\n"
            "| Llama 2 70B | 2,500 | 2,000 |\n\nTable 5. Rental prices in USD\n"
            "| Provider | Price |\n|---|---|\n| Lambda | 2.99 |\n")
    got = values(claims_of(text))
    assert (2500, "USD") not in got and (2.99, "USD") in got


def test_a_line_break_inside_an_html_header_cell_keeps_the_cell_on_its_row():
    # clean.markup: "<th>SambaNova<br>(16-bit)</th>" is one cell of the header row (the row
    # was split over lines before, and no row under it took a column's name)
    from extractor.clean import clean_text
    from extractor.clean.markup import strip_markup
    from extractor.clean.tracking import RepairLog
    html = ("<table><tr><th>Model</th><th>SambaNova<br>(16-bit)</th><th>Cerebras<br>(16-bit)<sup>1</sup></th></tr>"
            "<tr><td>Llama 3.1 Instruct 70B</td><td>457</td><td>445</td></tr></table>")
    assert "Model\tSambaNova (16-bit)\tCerebras (16-bit)1" in strip_markup(html, RepairLog())
    # a paragraph or block inside a cell (CMS tables) too; a row still ends its line
    flat = strip_markup("<table><tr><td><p>H100</p></td><td><div>80</div></td></tr>"
                        "<tr><td><p>H200</p></td><td>141</td></tr></table>", RepairLog())
    assert [line.split() for line in flat.split("\n") if line.strip()] == [["H100", "80"], ["H200", "141"]]
    page = ("<!DOCTYPE html><html><head><title>Provider speed</title></head><body><article>"
            "<h1>Which provider serves Llama 3.1 fastest?</h1><p>We measured the output speed of several "
            "inference providers on the Llama 3.1 models over one week of testing with the same prompts.</p>"
            + html.replace("</table>", "<tr><td>Llama 3.1 Instruct 8B</td><td>1042</td><td>1837</td></tr></table>")
            + "<p>Table 1. User throughput in output tokens/sec (higher is better). Numbers from public "
              "benchmark results.</p></article></body></html>")
    got = found(extract_claims(tag_page(clean_text(page, doc_id="t.html"))))
    assert (457, "tokens/s", "SambaNova", "Llama 3.1") in got and (1837, "tokens/s", "Cerebras", "Llama 3.1") in got
