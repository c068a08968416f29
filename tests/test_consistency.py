"""Consistency: grouping across pages, verdicts with tolerances, reference checks, unit
recovery. Mostly small hand-built claims tables, plus the seed corpus."""
import math

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.verdicts import (EXTRA_GROUP_COLUMNS, GROUP_COLUMNS, ConsistencyConfig,
                                   check_consistency, half_unit, load_reference,
                                   tolerance_interval)
from extractor.extract.context.context import PageContext
from extractor.extract.context.page_context import page_context
from extractor.verdicts.names import benchmark_key, system_key
from extractor.verdicts.reference_table import (ReferenceTableError,
                                                prepare_reference)

from conftest import CORPUS

CLAIM_COLUMNS = ["doc_id", "lang", "sentence", "start", "end", "surface", "value", "unit",
                 "quantity", "value_norm", "metric", "system", "workload", "vendor",
                 "qualifier", "context", "confidence", "flags", "baseline"]
SCALE = {"min": ("duration", 60.0), "h": ("duration", 3600.0), "s": ("duration", 1.0),
         "%": ("percent", 0.01), "x": ("factor", 1.0), "count": ("count", 1.0),
         "GB": ("data_size", 1e9), "TFLOPS": ("compute", 1e12), "USD": ("money", 1.0),
         "KRW": ("money", 1.0), "TB/s": ("bandwidth", 1e12), "": ("unknown", None)}
V11 = "suite=training;round=v1.1"
V10 = "suite=training;round=v1.0"


def claim(doc, value, unit="min", system="", workload="", metric="time_to_train",
          context=V11, qualifier="exact", surface=None, sentence="", lang="en", flags="",
          confidence=0.8, baseline=""):
    quantity, scale = SCALE[unit]
    return {"doc_id": doc, "lang": lang, "sentence": sentence, "start": 0, "end": 1,
            "surface": surface if surface is not None else f"{value:g} {unit}".strip(),
            "value": float(value), "unit": unit, "quantity": quantity,
            "value_norm": value * scale if scale else math.nan, "metric": metric,
            "system": system, "workload": workload, "vendor": "", "qualifier": qualifier,
            "context": context, "confidence": confidence, "flags": flags,
            "baseline": baseline}


def table(*claims):
    """A claims table as extractor.outputs.read_table gives it."""
    return pd.DataFrame(list(claims), columns=CLAIM_COLUMNS)


@pytest.fixture(scope="module")
def reference():
    return load_reference()


def run(reference, *claims, config=None):
    groups, out = check_consistency(table(*claims), reference,
                                    config or ConsistencyConfig())
    return groups, out


def only(groups):
    assert len(groups) == 1, groups.to_string()
    return groups.iloc[0]


# --- tolerance -----------------------------------------------------------------------

def test_half_unit_from_the_stated_digits():
    assert half_unit(28.3, "28.3分鐘") == pytest.approx(0.05, rel=1e-3)
    assert half_unit(14.5, "14.50 minutes") == pytest.approx(0.005, rel=1e-3)
    assert half_unit(4.0, "four PetaFLOPS") == pytest.approx(0.5, rel=1e-3)
    assert half_unit(30000.0, "3만") == pytest.approx(5000, rel=1e-3)


@settings(deadline=None)  # first examples compile lexicon patterns
@given(st.floats(min_value=-1e9, max_value=1e9, allow_nan=False),
       st.sampled_from(["exact", "approx", "at_least", "at_most", "range", ""]))
def test_a_value_lies_within_its_own_tolerance(value, qualifier):
    lo, hi = tolerance_interval(value, f"{value}", qualifier)
    assert lo <= value <= hi


@settings(deadline=None)  # first examples compile lexicon patterns
@given(st.floats(min_value=0.001, max_value=1e6, allow_nan=False))
def test_qualifiers_widen_the_interval_the_way_they_say(value):
    exact = tolerance_interval(value, "", "exact")
    approx = tolerance_interval(value, "", "approx")
    at_least = tolerance_interval(value, "", "at_least")
    at_most = tolerance_interval(value, "", "at_most")
    assert approx[0] <= exact[0] and approx[1] >= exact[1]
    assert at_least[1] >= value * 1.1 - 1e-9 and at_least[0] >= exact[0]
    assert at_most[0] <= 0 and at_most[1] == pytest.approx(exact[1], rel=1e-3)


# --- verdicts ------------------------------------------------------------------------

@pytest.mark.parametrize("a, b, verdict", [
    (claim("a", 28.3, system="IPU-POD16", workload="ResNet-50"),
     claim("b", 28.335, system="IPU-POD16", workload="ResNet-50"), "agree"),
    (claim("a", 9, system="IPU-POD64", workload="BERT", qualifier="at_least",
           surface="just over 9 minutes", context=V10),
     claim("b", 9.392, system="IPU-POD64", workload="BERT-Large", context=V10), "agree"),
    (claim("a", 5.78, system="IPU-POD128", workload="BERT"),
     claim("b", 5.879, system="IPU-POD128", workload="BERT"), "conflict"),
    (claim("a", 0.5, "h", system="IPU-POD16", workload="BERT"),
     claim("b", 30, "min", system="IPU-POD16", workload="BERT"), "agree"),
    (claim("a", 0.5, "h", system="IPU-POD16", workload="BERT"),
     claim("b", 0.5, "min", system="IPU-POD16", workload="BERT"), "conflict"),
    # two values on one page: flagged, and not a conflict of pages
    (claim("a", 28.3, system="IPU-POD16", workload="ResNet-50"),
     claim("a", 31.0, system="IPU-POD16", workload="ResNet-50"), "within_page"),
    (claim("a", 28.3, system="IPU-POD16", workload="ResNet-50"),
     claim("a", 28.3, system="IPU-POD16", workload="ResNet-50"), "single"),
])
def test_group_verdicts(reference, a, b, verdict):
    g = only(run(reference, a, b)[0])
    assert g["verdict"] == verdict
    assert g["n_docs"] == len({a["doc_id"], b["doc_id"]})


def test_values_and_doc_ids_are_listed_in_the_same_order(reference):
    g = only(run(reference,
                 claim("b.txt", 28.3, system="IPU-POD16", workload="ResNet-50", lang="zh-Hant"),
                 claim("a.txt", 28.3, system="IPU-POD16", workload="ResNet-50", lang="ko"),
                 claim("a.txt", 28.3, system="IPU-POD16", workload="ResNet-50", lang="ko"))[0])
    assert g["values"] == "28.3 min;28.3 min"  # a page repeating itself counts once
    assert g["doc_ids"] == "a.txt;b.txt"
    assert g["langs"] == "ko;zh-Hant"


# --- grouping ------------------------------------------------------------------------

def test_bert_and_bert_large_and_name_spellings_are_one_group(reference):
    groups = run(reference, claim("a", 20.7, system="Bow Pod16", workload="BERT",
                                  context="round=v2.0"),
                 claim("b", 20.7, system="Bow-Pod16", workload="BERT-Large",
                       context="round=v2.0"))[0]
    g = only(groups)
    assert g["workload"] == "BERT-Large" and g["verdict"] == "agree"


def test_different_rounds_divisions_or_metrics_are_different_groups(reference):
    groups = run(reference,
                 claim("a", 28.3, system="IPU-POD16", workload="ResNet-50", context=V11),
                 claim("b", 37.1, system="IPU-POD16", workload="ResNet-50", context=V10),
                 claim("c", 26.05, system="IPU-POD16", workload="BERT",
                       context=V11 + ";division=open"),
                 claim("d", 32.7, system="IPU-POD16", workload="BERT",
                       context=V11 + ";division=closed"),
                 claim("e", 24, "%", system="IPU-POD16", workload="ResNet-50",
                       metric="improvement"))[0]
    assert len(groups) == 5
    assert set(groups["verdict"]) == {"single"}


def test_unknown_context_joins_the_only_known_one_but_not_one_of_several(reference):
    one = run(reference, claim("a", 28.3, system="IPU-POD16", workload="ResNet-50", context=""),
              claim("b", 28.3, system="IPU-POD16", workload="ResNet-50", context=V11))[0]
    assert only(one)["context"] == V11 and only(one)["n_docs"] == 2
    several = run(reference,
                  claim("a", 28.3, system="IPU-POD16", workload="ResNet-50", context=""),
                  claim("b", 28.3, system="IPU-POD16", workload="ResNet-50", context=V11),
                  claim("c", 37.1, system="IPU-POD16", workload="ResNet-50", context=V10))[0]
    assert len(several) == 3


def test_compute_figures_of_different_number_formats_are_no_conflict(reference):
    # the H100's datasheet: 989 TFLOPS at TF32 (sparse), 1,979 at FP8 dense, 3,958 at FP8
    # sparse; pages quoting these are all right
    def tflops(doc, value, context):
        return claim(doc, value, "TFLOPS", system="H100", metric="compute", context=context)
    groups = run(reference, tflops("a", 989, "precision=TF32"),
                 tflops("b", 1979, "precision=FP8;sparsity=dense"),
                 tflops("c", 3958, "precision=FP8;sparsity=sparse"),
                 tflops("d", 3958, "precision=FP8;sparsity=sparse"),
                 tflops("e", 989, "precision=FP8;sparsity=sparse"))[0]
    by_context = groups.groupby("context")["verdict"].apply(list).to_dict()
    assert by_context == {"precision=TF32": ["single"],
                          "precision=FP8;sparsity=dense": ["single"],
                          "precision=FP8;sparsity=sparse": ["conflict"]}  # 989 at FP8: no
    # without formats, the same figures are one group, as before: a conflict
    plain = run(reference, tflops("a", 989, ""), tflops("c", 3958, ""))[0]
    assert only(plain)["verdict"] == "conflict"


def test_a_figure_without_a_format_does_not_join_one_with_a_format(reference):
    # unlike a round, a format is not filled in from the other pages: 989 and 3,958
    # TFLOPS are both the H100's, so a bare figure says nothing of its format
    groups = run(reference,
                 claim("a", 3958, "TFLOPS", system="H100", metric="compute", context=""),
                 claim("b", 3958, "TFLOPS", system="H100", metric="compute",
                       context="precision=FP8"))[0]
    assert sorted(groups["context"]) == ["", "precision=FP8"]


def test_prices_of_different_bases_are_no_conflict_but_hourly_prices_still_are(reference):
    # an H100 rents for $2.69 an hour (RunPod) and sells for $25,000: both are right
    def price(doc, value, context):
        return claim(doc, value, "USD", system="H100", metric="price", context=context)
    groups = run(reference, price("a", 2.69, "per=hour"), price("b", 25000, ""),
                 price("c", 25000, ""), price("d", 70000, "per=year"))[0]
    by_context = groups.groupby("context")["verdict"].apply(list).to_dict()
    assert by_context == {"per=hour": ["single"], "": ["agree"],
                          "per=year": ["single"]}
    # two hourly prices that disagree still do; a purchase price joins neither
    groups = run(reference, price("a", 2.69, "per=hour"), price("e", 6.98, "per=hour"),
                 price("b", 25000, ""))[0]
    by_context = groups.groupby("context")["verdict"].apply(list).to_dict()
    assert by_context == {"per=hour": ["conflict"], "": ["single"]}
    # a basis stated but not attributable ('?') joins no group of one basis
    groups = run(reference, price("a", 2.69, "per=?"), price("e", 2.69, "per=hour"))[0]
    assert sorted(groups["context"]) == ["per=?", "per=hour"]


def test_amounts_in_two_currencies_are_compared_each_in_its_own(reference):
    # a Korean page gives an H200 module's price in won, an English one in dollars: no
    # exchange rate is assumed, so neither conflicts with the other
    def price(doc, value, unit):
        return claim(doc, value, unit, system="H200", metric="price", context="")
    groups = run(reference, price("ko", 39_000_000, "KRW"), price("en", 27_000, "USD"),
                 price("en2", 27_000, "USD"))[0]
    assert sorted(groups["verdict"]) == ["agree", "single"]
    # two pages in one currency that disagree still conflict
    groups = run(reference, price("en", 27_000, "USD"), price("en2", 40_000, "USD"))[0]
    assert list(groups["verdict"]) == ["conflict"]


def test_money_invested_in_a_system_is_no_price_of_it(reference):
    # set1/zh_07: "if you invest $5M building a GB200 NVL72" (NVIDIA's scenario, a whole
    # deployment) beside set2/zh_08's estimated sale price of up to $3M: an outlay is no
    # price a seller asks; two sale prices that differ still conflict
    invest = ("NVIDIA以示範情境強調，若投入500萬美元建置GB200 NVL72，可望創造7,500萬美元的"
              "詞元收入，折算投報率約15倍。")
    sale = ("業界對這兩款服務器機柜的售價也給出了預估,GB200 NVL36的平均售價可能達到180萬美元,"
            "而更為高端的GB200 NVL72的售價則可能高達300萬美元。")

    def price(doc, value, surface, sentence, qualifier="exact"):
        return claim(doc, value, "USD", system="GB200 NVL72", metric="price", context="",
                     surface=surface, sentence=sentence, lang="zh-Hant", qualifier=qualifier)
    groups = run(reference, price("set1/zh_07.txt", 5_000_000, "500萬美元", invest),
                 price("set2/zh_08.txt", 3_000_000, "300萬美元", sale, "at_most"))[0]
    assert sorted(zip(groups["values"], groups["verdict"], groups["shared"])) == [
        ("3000000 USD", "single", "currency=USD;scale=?;dimension=money"),
        ("5000000 USD", "single", "kind=outlay;currency=USD;dimension=money")]
    groups = run(reference, price("set1/zh_07.txt", 5_000_000, "500萬美元", sale),
                 price("set2/zh_08.txt", 3_000_000, "300萬美元", sale))[0]
    assert list(groups["verdict"]) == ["conflict"]


def test_a_per_cent_of_a_metric_with_a_unit_is_a_change_not_a_value(reference):
    # "prices cut by 44%" is no price to compare with "$25,000", and "43% more bandwidth"
    # none to compare with "4.8 TB/s"; an accuracy of 75.9 % is a value as before
    groups = run(reference,
                 claim("a", 25_000, "USD", system="H100", metric="price", context=""),
                 claim("b", 25_000, "USD", system="H100", metric="price", context=""),
                 claim("c", 44, "%", system="H100", metric="price", context=""),
                 claim("d", 4.8, "TB/s", system="H200", metric="bandwidth", context=""),
                 claim("e", 4.8, "TB/s", system="H200", metric="bandwidth", context=""),
                 claim("f", 43, "%", system="H200", metric="bandwidth", context=""),
                 claim("g", 43, "%", system="H200", metric="bandwidth", context=""))[0]
    assert sorted(zip(groups["metric"], groups["values"], groups["verdict"])) == [
        ("bandwidth", "4.8 TB/s;4.8 TB/s", "agree"), ("bandwidth", "43 %;43 %", "agree"),
        ("price", "25000 USD;25000 USD", "agree"), ("price", "44 %", "single")]


def test_claims_naming_neither_system_nor_workload_are_not_grouped(reference):
    groups, out = run(reference, claim("a", 50, "count", metric="count"),
                      claim("b", 50, "count", metric="count"))
    assert groups.empty and list(out["group_id"]) == ["", ""]


def test_group_ids_are_stable_and_independent_of_other_claims(reference):
    a = claim("a", 28.3, system="IPU-POD16", workload="ResNet-50")
    b = claim("b", 29.1, system="DGX A100", workload="ResNet-50")
    c = claim("c", 5.67, system="IPU-POD128", workload="ResNet-50")
    first = run(reference, a, b)[0].set_index("system")["group_id"]
    second = run(reference, c, b, a)[0].set_index("system")["group_id"]
    assert first["IPU-POD16"] == second["IPU-POD16"]
    assert first["DGX A100"] == second["DGX A100"]
    assert second["group_id"].is_unique if hasattr(second, "group_id") else second.is_unique


# --- reference: times ----------------------------------------------------------------

def test_time_to_train_matches_the_reference(reference):
    g = only(run(reference, claim("a", 28.3, system="IPU-POD16", workload="ResNet-50"))[0])
    assert (g["reference_verdict"], g["verdict"]) == ("match", "single")
    assert g["reference_value"] == pytest.approx(28.335, rel=1e-3)
    assert (g["reference_round"], g["reference_division"]) == ("v1.1", "closed")


def test_time_to_train_that_fits_no_row_is_a_mismatch_with_the_closest(reference):
    g = only(run(reference, claim("a", 5.78, system="IPU-POD128", workload="BERT"))[0])
    assert g["reference_verdict"] == "mismatch"
    assert g["reference_value"] == pytest.approx(5.879, rel=1e-3)
    assert g["reference_division"] == "open"


def test_unknown_division_tries_both_and_says_which_matched(reference):
    g = only(run(reference, claim("a", 9, system="IPU-POD64", workload="BERT", context=V10,
                                  qualifier="at_least", surface="just over 9 minutes"))[0])
    assert (g["reference_verdict"], g["reference_division"]) == ("match", "open")
    assert g["reference_value"] == pytest.approx(9.392, rel=1e-3)
    closed = only(run(reference, claim("a", 9.392, system="IPU-POD64", workload="BERT",
                                       context=V10 + ";division=closed"))[0])
    assert closed["reference_verdict"] == "mismatch"
    assert closed["reference_value"] == pytest.approx(11.076, rel=1e-3)


def test_unknown_round_tries_every_round(reference):
    g = only(run(reference, claim("a", 14.485, system="IPU-POD64", workload="ResNet-50",
                                  context=""))[0])
    assert (g["reference_verdict"], g["reference_round"]) == ("match", "v1.0")


def test_reference_value_is_in_minutes_whatever_the_claims_unit(reference):
    """docs/columns.md: `reference_value` is in minutes for a time (issue 24: "claimed
    55 h · official 19.944 min" showed a value in the claim's unit as minutes)."""
    g = only(run(reference, claim("a", 0.575, "h", system="IPU-POD16", workload="BERT",
                                  context=V10 + ";division=closed", surface="0.575 hours"))[0])
    assert g["reference_verdict"] == "match"
    assert g["reference_value"] == pytest.approx(34.489, rel=1e-3)


def test_dgx_a100_on_one_node_and_on_eight_nodes_are_two_groups_each_matched(reference):
    """The page states the scale of each time: two groups, each matched to its own row
    (v2.0 BERT: 18.442 min on one DGX A100, 2.942 min on eight)."""
    v20 = "suite=training;round=v2.0"
    sentence = "DGX A100 trained BERT in 18.4 minutes on one node and 2.9 minutes on eight nodes"
    groups, _ = run(reference,
                    claim("a", 18.4, system="DGX A100", workload="BERT", context=v20 + ";nodes=1",
                          sentence=sentence),
                    claim("a", 2.9, system="DGX A100", workload="BERT", context=v20 + ";nodes=8",
                          sentence=sentence),
                    claim("b", 2.94, system="DGX A100", workload="BERT-Large",
                          context=v20 + ";nodes=8"))
    assert len(groups) == 2, groups.to_string()
    by_context = groups.set_index("context")
    one, eight = by_context.loc[v20 + ";nodes=1"], by_context.loc[v20 + ";nodes=8"]
    assert (one["verdict"], one["reference_verdict"]) == ("single", "match")
    assert one["reference_value"] == pytest.approx(18.442, rel=1e-3)
    assert (eight["verdict"], eight["reference_verdict"], eight["n_docs"]) == ("agree", "match", 2)
    assert eight["reference_value"] == pytest.approx(2.942, rel=1e-3)
    assert "scale 8 nodes" in eight["reference_note"]


def test_accelerator_count_picks_the_row_of_that_scale(reference):
    v30 = "suite=training;round=v3.0"
    h100 = only(run(reference, claim("a", 10.94, system="H100", workload="GPT-3",
                                     context=v30 + ";accelerators=3584"))[0])
    assert (h100["reference_verdict"], h100["reference_round"]) == ("match", "v3.0")
    assert "n448" in h100["reference_system"]
    # Gaudi2 GPT-3 on 384 accelerators: the 384 row (311.945 min), not the 256 one
    gaudi = only(run(reference, claim("a", 311.9, system="Gaudi2", workload="GPT-3",
                                      context=v30 + ";accelerators=384"))[0])
    assert gaudi["reference_verdict"] == "match"
    assert gaudi["reference_value"] == pytest.approx(311.945, rel=1e-3)
    wrong = only(run(reference, claim("a", 442.6, system="Gaudi2", workload="GPT-3",
                                      context=v30 + ";accelerators=384"))[0])
    assert wrong["reference_verdict"] == "mismatch"  # 442.6 is the 256-accelerator time
    absent = only(run(reference, claim("a", 100, system="Gaudi2", workload="GPT-3",
                                       context=v30 + ";accelerators=100"))[0])
    assert absent["reference_verdict"] == "none"
    assert "no result on 100 accelerators" in absent["reference_note"]


def test_without_a_stated_scale_the_candidates_are_named(reference):
    g = only(run(reference, claim("a", 4.534, system="DGX A100", workload="ResNet-50"))[0])
    assert g["reference_verdict"] == "match"  # the 8-node result of v1.1
    assert "scale not stated; candidates by accelerators" in g["reference_note"]
    assert "64" in g["reference_note"] and "8" in g["reference_note"]


def test_a_page_dated_after_a_round_may_speak_of_an_earlier_one(reference):
    # dated in the v1.1 period, round inferred from the date, quoting the v1.0 result
    dated = "suite=training;round=v1.1;date=2022-01-10"
    g = only(run(reference, claim("a", 37.1, system="IPU-POD16", workload="ResNet-50",
                                  context=dated))[0])
    assert (g["reference_verdict"], g["reference_round"]) == ("match", "v1.0")
    # a round the page names and no date: the round holds
    named = only(run(reference, claim("a", 37.1, system="IPU-POD16", workload="ResNet-50",
                                      context=V11))[0])
    assert named["reference_verdict"] == "mismatch"


@pytest.mark.parametrize("c", [
    claim("a", 1.8, "h", system="IPU-POD256", workload="EfficientNet-B4"),  # not in reference
    claim("a", 3.0, system="IPU-POD16", workload="ResNet-50", context="round=v0.7"),
    claim("a", 5000, "count", system="IPU-POD16", workload="ResNet-50", metric="throughput"),
    claim("a", 28.3, system="IPU-POD16", workload="ResNet-50",
          context="suite=inference;round=v1.1"),
])
def test_what_the_reference_does_not_cover_is_none(reference, c):
    g = only(run(reference, c)[0])
    assert g["reference_verdict"] == "none" and pd.isna(g["reference_value"])


def test_a_time_without_a_system_is_not_checked_but_hinted(reference):
    g = only(run(reference, claim("a", 10.6, workload="BERT"))[0])
    assert g["reference_verdict"] == "none"
    assert "IPU-POD64" in g["reference_note"]


def test_another_reference_table_of_the_same_columns(tmp_path):
    path = tmp_path / "ref.csv"
    path.write_text("round,division,submitter,system_name,accelerator,accelerator_count,"
                    "benchmark,time_to_train_minutes\n"
                    "v3.0,closed,NVIDIA,DGX H100 x1 (dgxh100_ngc23.04),H100,8,bert,5.5\n",
                    encoding="utf-8")
    ref = load_reference(path)
    g = only(check_consistency(table(claim("a", 5.5, system="DGX H100", workload="BERT",
                                           context="round=v3.0")), ref)[0])
    assert g["reference_verdict"] == "match"
    # the required columns alone: no accelerator columns, no scale, still matched
    bare = tmp_path / "bare.csv"
    bare.write_text("round,division,system_name,benchmark,time_to_train_minutes\n"
                    "v3.0,closed,Bow Pod64,BERT,6.7\n", encoding="utf-8")
    g = only(check_consistency(table(claim("a", 6.7, system="Bow Pod64", workload="BERT",
                                           context="round=v3.0")), load_reference(bare))[0])
    assert g["reference_verdict"] == "match"
    (tmp_path / "bad.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(ReferenceTableError):
        load_reference(tmp_path / "bad.csv")


def test_the_old_extract_with_node_decorations_as_reference(shared_dir):
    """The earlier 38-row table spells NVIDIA's systems "DGX A100 x8 (...)": the x8 is
    read as 8 nodes of the DGX A100."""
    old = load_reference(shared_dir / "reference" / "mlperf_training_v1.0-v2.0.csv")
    eight = only(check_consistency(table(claim("a", 4.5, system="DGX A100", workload="ResNet-50",
                                               context="round=v2.0;nodes=8")), old)[0])
    assert (eight["reference_verdict"], eight["reference_value"]) == ("match", 4.503)


def test_reference_names_map_to_claim_names(reference):
    ref = prepare_reference(reference)
    keys = set(zip(ref["system_key"], ref["benchmark_key"]))
    assert (system_key("Bow Pod16"), benchmark_key("BERT")) in keys
    assert (system_key("IPU-POD16"), benchmark_key("ResNet-50")) in keys
    assert (system_key("DGX A100"), benchmark_key("BERT-Large")) in keys


# --- reference: relative claims ------------------------------------------------------

SINCE_FIRST = "24% faster than our first submission"


@pytest.mark.parametrize("value, system, workload, reading, division", [
    (24, "IPU-POD16", "ResNet-50", "time_reduction", "closed"),   # 37.115 -> 28.335 min
    (31, "IPU-POD16", "ResNet-50", "speedup", "closed"),          # 37.115 / 28.335 = 1.31
    (41, "IPU-POD64", "ResNet-50", "time_reduction", "closed"),
    (12, "IPU-POD64", "BERT", "time_reduction", "open"),          # 9.392 -> 8.254 min
])
def test_improvement_between_rounds_read_both_ways(reference, value, system, workload,
                                                   reading, division):
    g = only(run(reference, claim("a", value, "%", system=system, workload=workload,
                                  metric="improvement", sentence=SINCE_FIRST))[0])
    assert g["reference_verdict"] == "match"
    assert g["reference_reading"] == reading
    assert (g["reference_round"], g["reference_division"]) == ("v1.0->v1.1", division)
    assert abs(g["reference_value"] - value) <= 0.6


def test_an_improvement_both_readings_fit_reports_both(reference):
    g = only(run(reference, claim("a", 5, "%", system="IPU-POD16", workload="BERT",
                                  metric="improvement", sentence=SINCE_FIRST))[0])
    assert g["reference_reading"] == "time_reduction;speedup"


def test_a_factor_is_read_as_a_speedup(reference):
    g = only(run(reference, claim("a", 1.31, "x", system="IPU-POD16", workload="ResNet-50",
                                  metric="speedup", sentence="1.31x since v1.0"))[0])
    assert (g["reference_verdict"], g["reference_reading"]) == ("match", "speedup")


def test_an_improvement_that_fits_no_reading(reference):
    said = only(run(reference, claim("a", 60, "%", system="IPU-POD16", workload="ResNet-50",
                                     metric="improvement", sentence=SINCE_FIRST))[0])
    assert said["reference_verdict"] == "mismatch"
    # without words saying it compares rounds, it may compare with another system
    unsaid = only(run(reference, claim("a", 60, "%", system="IPU-POD16", workload="ResNet-50",
                                       metric="improvement", sentence="60% faster"))[0])
    assert unsaid["reference_verdict"] == "none"


# --- unit recovery -------------------------------------------------------------------

LOSSY = {"lang": "und", "flags": "lossy_source;unit_missing", "metric": "time_to_train"}


def test_a_lost_unit_is_taken_from_an_agreeing_page(reference):
    groups, out = run(reference,
                      claim("000.txt", 28.3, "", system="IPU-POD16", workload="ResNet-50",
                            surface="28.3", **LOSSY),
                      claim("001.txt", 28.3, "min", system="IPU-POD16", workload="ResNet-50"),
                      claim("000.txt", 1.8, "", system="IPU-POD256", workload="EfficientNet-B4",
                            surface="1.8", **LOSSY),
                      claim("001.txt", 1.8, "h", system="IPU-POD256", workload="EfficientNet-B4"))
    lossy = out[out["doc_id"] == "000.txt"].set_index("system")
    assert list(lossy["unit"]) == ["min", "h"]
    assert lossy.loc["IPU-POD16", "value_norm"] == pytest.approx(28.3 * 60, rel=1e-3)
    assert lossy.loc["IPU-POD256", "quantity"] == "duration"
    assert set(lossy["unit_source"]) == {"001.txt"}
    assert all("unit_inferred" in f and "lossy_source" in f for f in lossy["flags"])
    assert set(groups["verdict"]) == {"agree"} and set(groups["n_docs"]) == {2}
    # the claims table keeps the contract's columns first
    assert list(out.columns[:len(CLAIM_COLUMNS)]) == CLAIM_COLUMNS


@pytest.mark.parametrize("source", [
    claim("000.txt", 28.4, "min", system="IPU-POD16", workload="ResNet-50"),   # other value
    claim("001.txt", 28.3, "min", system="IPU-POD64", workload="ResNet-50"),   # other system
    claim("001.txt", 28.3, "min", system="IPU-POD16", workload="ResNet-50", context=V10),
])
def test_no_unit_from_a_different_claim_or_the_same_page(reference, source):
    target = claim("000.txt", 28.3, "", system="IPU-POD16", workload="ResNet-50",
                   surface="28.3", **LOSSY)
    out = run(reference, target, source)[1]
    assert out.loc[0, "unit"] == "" and "unit_inferred" not in out.loc[0, "flags"]


def test_a_lossy_page_lost_metric_is_taken_from_an_agreeing_page(reference):
    lossy = {"lang": "und", "flags": "lossy_source", "metric": "other"}
    groups, out = run(reference,
                      claim("000.txt", 24, "%", system="IPU-POD16", workload="ResNet-50",
                            **lossy),
                      claim("001.txt", 24, "%", system="IPU-POD16", workload="ResNet-50",
                            metric="improvement", sentence=SINCE_FIRST),
                      # not lossy: an unspecific metric there is the extractor's word
                      claim("002.txt", 24, "%", system="IPU-POD16", workload="ResNet-50",
                            metric="other"))
    assert list(out["metric"]) == ["improvement", "improvement", "other"]
    assert "metric_inferred" in out.loc[0, "flags"] and out.loc[0, "unit_source"] == ""
    g = groups.set_index("metric").loc["improvement"]
    assert (g["n_docs"], g["verdict"], g["reference_verdict"]) == (2, "agree", "match")


def test_a_copy_whose_sentence_survived_whole_keeps_its_twins_reading(reference):
    """set2/ko_07: a copy whose bytes were repaired (lossy) states "약 50% 높은 수준" of a
    price in the very sentence its undamaged twin reads with no specific metric; a 50% fall
    of a rental price on another page is another statement, not the words it lost."""
    said = "하락하기 전 가격은 공식 판매가인 28만~30만 달러보다 약 50% 높은 수준이다."
    out = run(reference,
              claim("ko_07__junk.txt", 50, "%", system="H100", metric="other", sentence=said,
                    lang="ko", flags="lossy_source", context=""),
              claim("ko_07.txt", 50, "%", system="H100", metric="other", sentence=said,
                    lang="ko", context=""),
              claim("zh_02.txt", 50, "%", system="H100", metric="price", lang="zh",
                    sentence="NVIDIA GPU租赁价格腰斩 H100和RTX 4090双双猛跌50%", context=""))[1]
    assert list(out["metric"]) == ["other", "other", "price"]
    assert "metric_inferred" not in out.loc[0, "flags"]
    # a twin that reads the number with a specific metric elsewhere gives it
    out = run(reference,
              claim("ko_07__junk.txt", 50, "%", system="H100", metric="other", sentence=said,
                    lang="ko", flags="lossy_source", context=""),
              claim("ko_07.txt", 50, "%", system="H100", metric="other", sentence=said,
                    lang="ko", context=""),
              claim("ko_07.txt", 50, "%", system="H100", metric="price", lang="ko",
                    sentence="가격이 50% 올랐다.", context=""))[1]
    assert out.loc[0, "metric"] == "price" and "metric_inferred" in out.loc[0, "flags"]


def test_pages_disagreeing_on_the_unit_recover_nothing(reference):
    out = run(reference,
              claim("000.txt", 1.8, "", system="IPU-POD256", workload="BERT", surface="1.8",
                    **LOSSY),
              claim("001.txt", 1.8, "h", system="IPU-POD256", workload="BERT"),
              claim("002.txt", 1.8, "min", system="IPU-POD256", workload="BERT"))[1]
    assert out.loc[0, "unit"] == ""


@pytest.mark.parametrize("n_copies", [2, 3])
def test_copies_asking_the_same_question_each_leave_their_own_page_out(reference, n_copies):
    """Copies of a page that lost a unit, and states the value in hours elsewhere, ask
    the same question: each counts the other copies, never itself. Against one page in
    minutes, two copies tie (one page each way: nothing recovered); three do not."""
    copies = [c for i in range(n_copies) for c in (
        claim(f"c{i}.txt", 1.8, "", system="IPU-POD256", workload="BERT", surface="1.8",
              **LOSSY),
        claim(f"c{i}.txt", 1.8, "h", system="IPU-POD256", workload="BERT"))]
    out = run(reference, *copies,
              claim("m.txt", 1.8, "min", system="IPU-POD256", workload="BERT"))[1]
    lost = out[out["flags"].str.contains("lossy_source")].set_index("doc_id")
    if n_copies == 2:
        assert set(lost["unit"]) == {""} and set(lost["unit_source"]) == {""}
    else:  # the most confident supporter, then the first by doc_id
        assert set(lost["unit"]) == {"h"}
        assert dict(lost["unit_source"]) == {"c0.txt": "c1.txt", "c1.txt": "c0.txt",
                                             "c2.txt": "c0.txt"}


def test_recovery_can_be_switched_off(reference):
    out = run(reference, claim("000.txt", 28.3, "", system="IPU-POD16", workload="ResNet-50",
                               **LOSSY),
              claim("001.txt", 28.3, "min", system="IPU-POD16", workload="ResNet-50"),
              config=ConsistencyConfig(recover_units=False))[1]
    assert out.loc[0, "unit"] == ""


def test_running_twice_gives_the_same_groups(reference):
    claims = table(claim("000.txt", 28.3, "", system="IPU-POD16", workload="ResNet-50", **LOSSY),
                   claim("001.txt", 28.3, "min", system="IPU-POD16", workload="ResNet-50"),
                   claim("001.txt", 24, "%", system="IPU-POD16", workload="ResNet-50",
                         metric="improvement", sentence=SINCE_FIRST))
    groups1, out1 = check_consistency(claims, reference)
    groups2, out2 = check_consistency(out1, reference)
    pd.testing.assert_frame_equal(groups1, groups2)
    pd.testing.assert_frame_equal(out1, out2)


# --- robustness ----------------------------------------------------------------------

def test_empty_and_odd_tables(reference):
    groups, out = check_consistency(table(), reference)
    assert list(groups.columns) == GROUP_COLUMNS + EXTRA_GROUP_COLUMNS and groups.empty
    odd = table(claim("a", 1.0, system="IPU-POD16", workload="BERT"))
    odd.loc[0, "value"] = math.nan
    assert check_consistency(odd, reference)[0].empty
    assert only(check_consistency(table(claim("a", 1.0, system="IPU-POD16",
                                              workload="BERT")), None)[0])[
        "reference_verdict"] == "none"


_texts = st.sampled_from(["", "IPU-POD16", "DGX A100", "BERT", "ResNet-50", "??? ?", "x" * 50])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.fixed_dictionaries({
    "doc": st.sampled_from(["a", "b", "c"]),
    "value": st.floats(allow_nan=True, allow_infinity=True),
    "unit": st.sampled_from(list(SCALE)),
    "system": _texts, "workload": _texts,
    "metric": st.sampled_from(["time_to_train", "improvement", "speedup", "other", ""]),
    "context": st.sampled_from(["", V10, V11, "junk;;=", "division=open"]),
    "qualifier": st.sampled_from(["exact", "approx", "at_least", "at_most", "", "??"]),
}), max_size=12))
def test_any_table_gives_consistent_groups(rows):
    reference = load_reference()
    claims = table(*[claim(r["doc"], r["value"] if math.isfinite(r["value"]) else 1.0, r["unit"],
                           system=r["system"], workload=r["workload"], metric=r["metric"],
                           context=r["context"], qualifier=r["qualifier"]) for r in rows])
    for i, r in enumerate(rows):
        claims.loc[i, "value"] = r["value"]
    groups, out = check_consistency(claims, reference, ConsistencyConfig())
    assert groups["group_id"].is_unique
    assert set(out["group_id"]) - {""} == set(groups["group_id"])
    assert set(groups["verdict"]) <= {"agree", "conflict", "single", "within_page"}
    assert set(groups[groups["n_docs"] == 1]["verdict"]) <= {"single", "within_page"}
    assert set(groups["reference_verdict"]) <= {"match", "mismatch", "none"}
    assert len(out) == len(claims)


# --- the seed corpus -----------------------------------------------------------------

def _gold_claims(shared):
    """The gold claims of the seed pages, with the contexts page_context gives their
    pages: what the stage sees once the extractor finds every claim."""
    gold = pd.read_csv(shared / "gold" / "seeds_claims.csv", dtype=str, keep_default_na=False)
    contexts = {doc: page_context((CORPUS / doc).read_text(encoding="utf-8", errors="replace"))
                for doc in set(gold["doc_id"])}
    rows = []
    for r in gold.to_dict("records"):
        rows.append(claim(r["doc_id"], float(r["value"]), r["unit"] if r["unit"] in SCALE else "",
                          system=r["system"], workload=r["workload"], metric=r["metric"],
                          qualifier=r["qualifier"], surface=r["evidence"], sentence=r["evidence"],
                          context=contexts[r["doc_id"]].as_string()))
    return table(*rows)


EXPECTED = {  # (system, workload, round): reference verdict of the seed's time-to-train
    ("IPU-POD16", "ResNet-50", "v1.1"): "match",
    ("DGX A100", "ResNet-50", "v1.1"): "match",
    ("IPU-POD128", "ResNet-50", "v1.1"): "match",
    ("IPU-POD256", "ResNet-50", "v1.1"): "match",
    ("IPU-POD128", "BERT-Large", "v1.1"): "mismatch",   # 5.78 said, 5.879 official
    ("IPU-POD64", "BERT-Large", "v1.0"): "match",       # "just over 9": 9.392 open
    ("IPU-POD64", "ResNet-50", "v1.0"): "match",
}


def test_gold_seed_claims_verdicts(shared_dir, reference):
    if not (CORPUS / "000_90d61f06037f0987.txt").is_file():
        pytest.skip("seed corpus absent")
    groups, out = check_consistency(_gold_claims(shared_dir), reference)
    times = groups[groups["metric"] == "time_to_train"]
    found = {(g.system, g.workload, PageContext.parse(g.context).round): g.reference_verdict
             for g in times.itertuples()}
    for key, verdict in EXPECTED.items():
        assert found.get(key) == verdict, key
    # pages 000 and 001 land in the same groups, and 000's times get units from 001
    lossy = out[(out["doc_id"] == "000_90d61f06037f0987.txt") & (out["metric"] == "time_to_train")]
    assert set(lossy["unit"]) == {"min", "h"}
    assert set(lossy["unit_source"]) == {"001_18539dd1a7cf14d9.txt"}
    for gid in lossy["group_id"]:
        members = out[out["group_id"] == gid]
        assert "001_18539dd1a7cf14d9.txt" in set(members["doc_id"])
    improvements = groups[groups["metric"] == "improvement"]
    assert set(improvements["reference_verdict"]) == {"match"} and len(improvements) == 4


def test_seed_run_end_to_end(seed_run):
    """On the pipeline's own output: skips until the extractor finds the time-to-train
    claims of the seed pages."""
    from extractor.outputs import read_table

    claims = read_table(seed_run / "claims.csv")
    groups = read_table(seed_run / "consistency.csv")
    times = claims[(claims["metric"] == "time_to_train") & (claims["system"] != "")]
    if len(set(times["doc_id"]) & {"000_90d61f06037f0987.txt", "001_18539dd1a7cf14d9.txt"}) < 2:
        pytest.skip("the extractor does not yet find the seed pages' time-to-train claims")
    ref = prepare_reference(load_reference())
    covered = set(zip(ref["system_key"], ref["benchmark_key"]))
    by_id = groups.set_index("group_id")
    for c in times.itertuples():
        if (system_key(c.system), benchmark_key(c.workload)) in covered:
            assert by_id.loc[c.group_id, "reference_verdict"] in ("match", "mismatch"), c
    lossy = times[times["doc_id"] == "000_90d61f06037f0987.txt"]
    assert set(lossy["unit"]) <= {"min", "h"}
    for gid in lossy["group_id"]:
        assert "001_18539dd1a7cf14d9.txt" in by_id.loc[gid, "doc_ids"]


def test_a_time_whose_unit_stays_lost_is_read_in_minutes_or_hours(reference):
    lossy = {"lang": "und", "flags": "lossy_source;unit_missing", "metric": "time_to_train"}
    minutes = only(run(reference, claim("000.txt", 28.3, "", system="IPU-POD16",
                                        workload="ResNet-50", surface="28.3", **lossy))[0])
    assert minutes["reference_verdict"] == "match"
    assert "unit assumed min" in minutes["reference_note"]
    hours = only(run(reference, claim("000.txt", 0.47, "", system="IPU-POD16",
                                      workload="ResNet-50", surface="0.47", **lossy))[0])
    assert hours["reference_verdict"] == "match" and "unit assumed h" in hours["reference_note"]
    assert hours["reference_value"] == pytest.approx(28.335, rel=1e-3)  # minutes


def test_a_page_dated_before_a_round_does_not_join_it(reference):
    early = "date=2021-05-06"  # before v1.0 was published (2021-06-30)
    groups = run(reference,
                 claim("a", 86.6, "%", workload="BERT-Large", metric="accuracy", context=early),
                 claim("b", 10, "%", workload="BERT-Large", metric="accuracy", context=V10))[0]
    assert len(groups) == 2 and set(groups["verdict"]) == {"single"}
    later = run(reference,
                claim("a", 10, "%", workload="BERT-Large", metric="accuracy",
                      context="date=2021-07-02"),
                claim("b", 10, "%", workload="BERT-Large", metric="accuracy", context=V10))[0]
    assert only(later)["verdict"] == "agree"


# --- reference: relative claims against another system -------------------------------

V20 = "suite=training;round=v2.0"


@pytest.mark.parametrize("value, sentence, baseline, reading, ref_round", [
    # Bow Pod16 19.635 min, DGX A100 28.685 min (v2.0 closed)
    (31, "Bow Pod16 trains ResNet-50 31% faster than the NVIDIA DGX A100", "DGX A100",
     "time_reduction", "v2.0"),
    (46, "Bow Pod16 trains ResNet-50 46% faster than the NVIDIA DGX A100", "DGX A100",
     "speedup", "v2.0"),
    # a new generation against the old one's latest result (IPU-POD16 v1.1: 28.335 min)
    (44, "Bow Pod16比上一代IPU-POD16的ResNet-50訓練速度快44%", "IPU-POD16", "speedup",
     "v1.1->v2.0"),
])
def test_improvement_over_another_system_the_sentence_names(reference, value, sentence,
                                                            baseline, reading, ref_round):
    """The compared system is the claim's `baseline` (the claim stage read it from the
    sentence): the stage does not run the entity finder again."""
    g = only(run(reference, claim("a", value, "%", system="Bow Pod16", workload="ResNet-50",
                                  metric="improvement", context=V20, sentence=sentence,
                                  lang="zh-Hant" if "比" in sentence else "en",
                                  baseline=baseline))[0])
    assert g["reference_verdict"] == "match"
    assert (g["reference_reading"], g["reference_round"]) == (reading, ref_round)
    assert " vs " in g["reference_system"]


def test_a_false_lead_over_another_system_is_a_mismatch(reference):
    g = only(run(reference, claim("a", 50, "%", system="IPU-POD16", workload="ResNet-50",
                                  metric="improvement", baseline="DGX A100",
                                  sentence="IPU-POD16 is 50% faster than DGX A100 on ResNet-50"))[0])
    assert g["reference_verdict"] == "mismatch"
    assert g["reference_system"].startswith("IPU-POD16 vs dgxa100")


def test_a_speedup_whose_unit_was_lost_is_read_as_a_factor(reference):
    g = only(run(reference, claim("a", 1.31, "", system="IPU-POD16", workload="ResNet-50",
                                  metric="speedup", surface="1.31",
                                  sentence="1.31 since our first submission"))[0])
    assert (g["reference_verdict"], g["reference_reading"]) == ("match", "speedup")
    assert g["reference_value"] == pytest.approx(37.115 / 28.335, rel=1e-3)


def test_pages_quoting_different_divisions_are_told_apart_in_the_note(reference):
    g = only(run(reference,
                 claim("a", 34.5, system="IPU-POD16", workload="BERT", context=V10),
                 claim("b", 27.8, system="IPU-POD16", workload="BERT", context=V10))[0])
    assert (g["verdict"], g["reference_verdict"]) == ("conflict", "mismatch")
    assert "34.5 min = closed v1.0" in g["reference_note"]
    assert "27.8 min = open v1.0" in g["reference_note"]


def test_a_time_metric_without_a_duration_is_not_checked(reference):
    g = only(run(reference, claim("a", 24, "%", system="IPU-POD16", workload="ResNet-50"))[0])
    assert g["reference_verdict"] == "none" and "duration" in g["reference_note"]


def test_an_unexpected_error_is_raised_not_turned_into_an_empty_table(reference):
    """Issue 25 item 8: a bug must not look like a corpus without groups."""
    broken = table(claim("a", 28.3, system="IPU-POD16", workload="ResNet-50"))
    not_a_reference = pd.DataFrame({"round": ["v1.1"]})  # no other column: KeyError inside
    with pytest.raises(KeyError):
        check_consistency(broken, not_a_reference)


def test_of_two_results_of_one_system_the_closer_is_reported(reference):
    # v2.0 lists the Bow Pod64 twice for BERT: 6.769 and 6.703 minutes
    g = only(run(reference, claim("a", 6.7, system="Bow Pod64", workload="BERT",
                                  context="round=v2.0"))[0])
    assert g["reference_verdict"] == "match"
    assert g["reference_value"] == pytest.approx(6.703, rel=1e-3)


# --- three small pages in three languages, end to end --------------------------------

PAGES = {
    "a.txt": "June 30, 2022\n\nGraphcore's MLPerf Training v2.0 results\n\n"
             "Graphcore's Bow Pod16 trained ResNet-50 in 19.6 minutes.\n\n"
             "On ResNet-50, the Bow Pod16 is 31% faster than the NVIDIA DGX A100.\n",
    "b.txt": "입력 2022. 7. 1. 오전 9:00\n\n그래프코어는 MLPerf 트레이닝 v2.0에서 Bow Pod16으로 "
             "ResNet-50 학습을 19.64분 만에 완료했다. 엔비디아 DGX A100은 ResNet-50 학습에 "
             "28.7분이 걸렸다.\n",
    "c.txt": "時間:2022年6月30日\n\n在MLPerf訓練2.0中，Bow Pod64訓練BERT用時6.7分鐘。\n",
}


def test_three_pages_in_three_languages_end_to_end(tmp_path):
    from extractor.config import Config
    from extractor.outputs import read_table
    from extractor.pipeline import run as run_pipeline

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name, text in PAGES.items():
        (corpus / name).write_text(text, encoding="utf-8")
    run_pipeline(Config(corpus=corpus, out=tmp_path / "out"))
    claims = read_table(tmp_path / "out" / "claims.csv")
    groups = read_table(tmp_path / "out" / "consistency.csv")
    times = claims[claims["metric"] == "time_to_train"]
    if len(times) < 4:
        pytest.skip("the extractor does not yet find these pages' times")
    bow16 = groups[(groups["system"] == "Bow Pod16") & (groups["workload"] == "ResNet-50")
                   & (groups["metric"] == "time_to_train")]
    assert len(bow16) == 1
    g = bow16.iloc[0]
    assert (g["n_docs"], g["verdict"], g["reference_verdict"]) == (2, "agree", "match")
    assert set(g["langs"].split(";")) == {"en", "ko"}
    checked = groups[groups["metric"].isin(["time_to_train", "improvement"])]
    assert set(checked["reference_verdict"]) == {"match"}


# --- copies, scale and scope on real pages --------------------------------------------

def test_300_copies_of_the_seed_pages_give_the_groups_and_verdicts_of_one(seed_run):
    """Each page's claims copied 300 times under other doc_ids (what a run over 300
    copies of the corpus extracts, page by page): the same groups with more members;
    no conflict that one copy does not have."""
    from extractor.outputs import read_table

    claims = read_table(seed_run / "claims.csv")
    base = claims.drop(columns=[c for c in ("unit_source", "group_id") if c in claims.columns])
    config = ConsistencyConfig()
    one, _ = check_consistency(base, load_reference(), config)
    copies = pd.concat([base.assign(doc_id=f"copy{i:03d}/" + base["doc_id"]) for i in range(300)],
                       ignore_index=True)
    many, _ = check_consistency(copies, load_reference(), config)
    assert set(many["group_id"]) == set(one["group_id"])
    joined = one.merge(many, on="group_id", suffixes=("", "_300"))
    assert (joined["n_docs_300"] == 300 * joined["n_docs"]).all()
    assert (joined["reference_verdict"] == joined["reference_verdict_300"]).all()
    new_conflicts = joined[(joined["verdict_300"] == "conflict") & (joined["verdict"] != "conflict")]
    assert new_conflicts.empty, new_conflicts[["values", "verdict", "verdict_300"]].to_string()
    # one page's own differing values are flagged, in one copy and in 300
    assert (joined["verdict"] == "within_page").any()
    assert (joined.loc[joined["verdict"] == "within_page", "verdict_300"] == "within_page").all()


def test_counts_of_different_things_are_different_groups(reference):
    groups, _ = run(reference,
                    claim("a", 2, "count", system="IPU-POD16", metric="count", surface="two systems"),
                    claim("a", 5, "count", system="IPU-POD16", metric="count", surface="5U"),
                    claim("b", 2, "count", system="IPU-POD16", metric="count", surface="2 systems"))
    assert sorted(zip(groups["counted"], groups["verdict"])) == [("system", "agree"),
                                                                 ("u", "single")]


def test_a_baseline_figure_does_not_join_the_performers_group(reference):
    groups, _ = run(reference,
                    claim("a", 2, "x", system="B200", workload="GPT-3", metric="speedup"),
                    claim("a", 4, "x", system="B200", workload="GPT-3", metric="speedup",
                          sentence="4x over the A100"),
                    claim("b", 2, "x", system="B200", workload="GPT-3", metric="speedup"))
    out = table(claim("a", 4, "x", system="B200", workload="GPT-3", metric="speedup"))
    assert len(groups) == 1 and only(groups)["verdict"] == "within_page"  # no baseline known
    with_baseline = table(*[claim(d, v, "x", system="B200", workload="GPT-3", metric="speedup")
                            for d, v in (("a", 2), ("a", 4), ("b", 2))])
    with_baseline["baseline"] = ["H100", "A100", "H100"]
    split, _ = check_consistency(with_baseline, reference, ConsistencyConfig())
    assert sorted(zip(split["baseline"], split["verdict"])) == [("A100", "single"), ("H100", "agree")]
    assert len(out) == 1


def _run_pages(tmp_path, pages: dict[str, str]):
    from extractor.config import Config
    from extractor.outputs import read_table
    from extractor.pipeline import run as run_pipeline

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name, text in pages.items():
        (corpus / name).write_text(text, encoding="utf-8")
    run_pipeline(Config(corpus=corpus, out=tmp_path / "out"))
    return read_table(tmp_path / "out" / "consistency.csv")


def test_official_results_of_other_rounds_and_vendors_end_to_end(tmp_path):
    from conftest import GOLDEN

    pages = GOLDEN / "regression" / "pages"
    groups = _run_pages(tmp_path, {n: (pages / n).read_text(encoding="utf-8") for n in (
        "en_nvidia_training_v3.txt", "en_gaudi2_training.txt", "en_tpu_v5e_inference.txt",
        "en_mi300x_launch.txt")})
    times = groups[groups["metric"] == "time_to_train"]
    h100 = times[(times["system"] == "H100") & (times["workload"] == "GPT-3")
                 & times["context"].str.contains("accelerators=3584")]
    assert list(h100["reference_verdict"]) == ["match"]
    assert list(h100["reference_round"]) == ["v3.0"]
    gaudi = times[(times["system"] == "Gaudi2") & times["context"].str.contains("accelerators=384")]
    assert list(gaudi["reference_verdict"]) == ["match"]
    assert gaudi["reference_value"].iloc[0] == pytest.approx(311.945, rel=1e-3)
    # inference figures and launch claims are not checked against training results
    other = groups[groups["doc_ids"].str.contains("inference|launch")]
    assert len(other) and set(other["reference_verdict"]) == {"none"}


def test_dgx_a100_one_node_and_eight_nodes_end_to_end(tmp_path):
    page = ("DGX A100 in MLPerf Training v2.0\n\n"
            "In MLPerf Training v2.0, one DGX A100 node trained BERT in 18.4 minutes, "
            "and eight DGX A100 nodes trained it in 2.9 minutes.\n")
    groups = _run_pages(tmp_path, {"a.txt": page})
    times = groups[(groups["metric"] == "time_to_train") & (groups["system"] == "DGX A100")]
    assert len(times) == 2, times.to_string()
    assert set(times["reference_verdict"]) == {"match"}
    assert sorted(times["reference_value"].round(2)) == [2.94, 18.44]
    assert set(times["verdict"]) == {"single"}


def test_a_round_named_in_one_paragraph_stays_in_it_and_a_past_result_is_not_this_round(tmp_path):
    lead = "Accelerator news of the week, with many results from many vendors. " * 8
    page = (f"{lead}\n\n"
            "In MLPerf Training v3.1, the Eos system with 10,752 H100 GPUs trained GPT-3 in "
            "3.92 minutes, well ahead of the 10.9 minutes it posted in June.\n\n"
            "Separately, H100 trained GPT-3 in a lab run of 99 minutes.\n")
    groups = _run_pages(tmp_path, {"a.txt": page})
    rows = {v: c for v, c in zip(groups["values"], groups["context"])}
    assert "round=v3.1" in rows["3.92 min"]
    assert "round=v3.0" in rows["10.9 min"]
    assert "round=" not in rows["99 min"]


@pytest.mark.parametrize("value, unit, metric, reading", [
    (2.03, "x", "speedup", "speedup"),            # 311.945 / 153.581 min
    (51, "%", "improvement", "time_reduction"),   # (311.945 - 153.581) / 311.945
])
def test_a_gain_over_the_last_round_is_checked_against_the_two_rows_it_implies(
        reference, value, unit, metric, reading):
    v31 = "suite=training;round=v3.1;accelerators=384"
    g = only(run(reference, claim("a", value, unit, system="Gaudi2", workload="GPT-3",
                                  metric=metric, context=v31,
                                  sentence="Gaudi2 trained GPT-3 faster than in the last round"))[0])
    assert (g["reference_verdict"], g["reference_round"]) == ("match", "v3.0->v3.1")
    assert g["reference_reading"] == reading
    assert "311.945 -> 153.581" in g["reference_note"]


def test_mlperf_inference_figures_are_not_checked(reference):
    g = only(run(reference, claim("a", 10.94, system="H100", workload="GPT-3",
                                  context="suite=inference;round=v3.0"))[0])
    assert g["reference_verdict"] == "none" and "inference" in g["reference_note"]


def test_the_generated_names_of_the_shipped_reference_are_current_and_complete():
    """`data/mlperf_training_all.names.json` is what `python -m extractor.verdicts.reference_names`
    makes of the shipped table, and every row answers to at least one claim name."""
    import json
    from importlib import resources

    from extractor.verdicts.reference_names import NAMES_FILE, build

    table = resources.files("extractor.data") / "mlperf_training_all.csv"
    shipped = json.loads((resources.files("extractor.data") / NAMES_FILE).read_text("utf-8"))
    with resources.as_file(table) as path:
        assert build(path)["systems"] == shipped["systems"]
    assert all(shipped["systems"].values())
    ref = prepare_reference(load_reference())
    assert len(ref) > 2000 and ref["name_keys"].map(len).min() >= 1
    by_name = ref.explode("name_keys")
    for name in ("DGX A100", "H100", "Gaudi2", "TPU v5p", "Bow Pod256", "IPU-POD16",
                 "GB200 NVL72", "B200"):
        assert system_key(name) in set(by_name["name_keys"]), name


def test_a_system_is_not_compared_with_another_name_of_itself(reference):
    """"GB300 NVL72 with Blackwell Ultra ... 5x versus Hopper": the GB300 NVL72 rows are
    Blackwell Ultra rows; no reading against them may pass for the claimed comparison."""
    sentence = ("The debuting GB300 NVL72 with Blackwell Ultra delivered nearly 5x faster "
                "Llama 2 70B LoRA fine-tuning versus Hopper using the same GPU counts.")
    g = only(run(reference, claim("a", 5, "x", system="Blackwell Ultra",
                                  workload="Llama 2 70B LoRA", metric="speedup",
                                  context="suite=training;round=v5.1", sentence=sentence))[0])
    assert g["reference_verdict"] == "none"
    assert " vs " not in g["reference_system"]


def test_a_relative_value_of_an_absolute_metric_is_not_compared_with_absolute_ones(reference):
    groups, _ = run(reference,
                    claim("a", 141, "GB", system="H200", metric="memory"),
                    claim("b", 141, "GB", system="H200", metric="memory"),
                    claim("b", 1.8, "x", system="H200", metric="memory"))
    assert sorted(groups["verdict"]) == ["agree", "single"]


# --- the claims table on disk ---------------------------------------------------------

def test_the_claims_file_gives_what_the_table_in_memory_gives(seed_run, tmp_path, monkeypatch):
    """`check_claims_file` reads the table in chunks and copies it through `ClaimUpdates`
    chunk by chunk: the groups and the final claims table are those of
    `check_consistency` on the whole table, across chunk boundaries and partitions (three
    copies of the seed claims, their recovered units among them)."""
    import json

    import extractor.verdicts.columns as claim_columns
    import extractor.outputs as outputs
    import extractor.table_files as table_files
    from extractor.verdicts import check_claims_file
    from extractor.runfolder import JOURNAL

    # the claims as extraction wrote them (the run's journal), before the stage
    with open(seed_run / JOURNAL, encoding="utf-8") as f:
        base = pd.DataFrame([c for line in f for c in json.loads(line)["claims"]])
    copies = pd.concat([base.assign(doc_id=f"copy{i}/" + base["doc_id"]) for i in range(3)],
                       ignore_index=True)
    outputs.write_table(copies, tmp_path / "claims.csv")
    config = ConsistencyConfig()
    groups, whole = check_consistency(outputs.read_table(tmp_path / "claims.csv"),
                                      load_reference(), config)
    outputs.write_table(whole, tmp_path / "whole.csv")
    assert whole["unit_source"].ne("").any() and whole["group_id"].ne("").any()

    monkeypatch.setattr(claim_columns, "CHUNK_ROWS", 7)
    monkeypatch.setattr(table_files, "CLAIM_CHUNK_ROWS", 5)
    streamed_groups, updates = check_claims_file(tmp_path / "claims.csv", load_reference(),
                                                 config)
    outputs.write_updated_table(tmp_path / "claims.csv", tmp_path / "streamed.csv",
                                updates.apply)
    pd.testing.assert_frame_equal(streamed_groups, groups)
    assert (tmp_path / "streamed.csv").read_bytes() == (tmp_path / "whole.csv").read_bytes()


def test_a_claims_file_without_rows_gives_no_groups_and_the_header(tmp_path):
    import extractor.outputs as outputs
    from extractor.verdicts import check_claims_file

    (tmp_path / "claims.csv").write_text("doc_id,value,unit\n")
    groups, updates = check_claims_file(tmp_path / "claims.csv", load_reference(),
                                        ConsistencyConfig())
    assert groups.empty and list(groups.columns) == GROUP_COLUMNS + EXTRA_GROUP_COLUMNS
    outputs.write_updated_table(tmp_path / "claims.csv", tmp_path / "out.csv", updates.apply)
    assert (tmp_path / "out.csv").read_text() == "doc_id,value,unit,unit_source,group_id\n"


@pytest.mark.parametrize("text", [
    "MLPerf Training v2.0 결과\n\nBERT 학습에서 DGX A100 1대(GPU 8개)는 18.4분이 걸렸고, "
    "DGX A100 8대(GPU 64개)는 2.9분 만에 학습을 마쳤다.\n",
    "MLPerf Training v2.0 results\n\nOn BERT, one DGX A100 (8 GPUs) trained in 18.4 minutes, "
    "and eight DGX A100 systems (64 GPUs) took 2.9 minutes.\n",
])
def test_one_machine_stated_twice_is_one_scale_each_matched_to_its_row(reference, text):
    """Issue 24: a machine stated as nodes and as its GPUs ("1대(GPU 8개)") is one scale:
    two groups, each matched to its own official row (v2.0 BERT 18.4424 and 2.94234 min)."""
    import dataclasses  # noqa: PLC0415

    from extractor.clean.records import CleanedPage  # noqa: PLC0415
    from extractor.extract import extract_claims  # noqa: PLC0415
    from extractor.langid import tag_page  # noqa: PLC0415

    claims = pd.DataFrame([dataclasses.asdict(c) for c in
                           extract_claims(tag_page(CleanedPage("page.txt", text)))])
    groups, _ = check_consistency(claims, reference)
    times = groups[groups["metric"] == "time_to_train"]
    assert sorted(times["reference_value"].round(3)) == [2.942, 18.442]
    assert set(times["reference_verdict"]) == {"match"}


def test_300_copies_of_the_sample_pages_give_no_conflict_one_copy_does_not(seed_run, reference):
    """Issue 24: copies of a page add members, never a conflict; a key never depends on
    how many pages state it (the magnitude split, the fills)."""
    from extractor.outputs import read_table  # noqa: PLC0415

    claims = read_table(seed_run / "claims.csv").drop(columns=["group_id", "unit_source"],
                                                      errors="ignore")
    once, _ = check_consistency(claims, reference)
    copies = pd.concat([claims.assign(doc_id=f"copy{i:03d}/" + claims["doc_id"])
                        for i in range(300)], ignore_index=True)
    many, _ = check_consistency(copies, reference)

    def verdicts(groups):
        return sorted(zip(groups["system"], groups["workload"], groups["metric"],
                          groups["context"], groups["verdict"].replace({"single": "agree"}),
                          groups["reference_verdict"]))

    assert verdicts(many) == verdicts(once)
    assert (many["verdict"] == "conflict").sum() == (once["verdict"] == "conflict").sum()


def test_a_round_newer_than_the_reference_gets_none_with_its_reason(reference):
    g = only(run(reference, claim("a", 10.0, system="DGX H100", workload="GPT-3",
                                  context="suite=training;round=v9.0"))[0])
    assert g["reference_verdict"] == "none"
    assert "newer than the reference" in g["reference_note"]


def test_a_system_the_reference_has_no_result_of_gets_none_with_its_reason(reference):
    """set3/ko_01: a launch claim (GB200 trains GPT-3 4x faster) the table cannot decide."""
    g = only(run(reference, claim("a", 4, "x", system="GB200", workload="GPT-3",
                                  metric="speedup", baseline="H100", context=""))[0])
    assert g["reference_verdict"] == "none"
    assert "no result of this system" in g["reference_note"]


def test_a_launch_claim_against_another_system_is_left_unchecked(reference):
    """set3/en_02 (the expected verdict of reference_expected.csv): "nearly double the
    performance of the Tesla V100 in training ResNet50" on a page with no MLPerf round is
    a launch claim: neither the system's own earlier rounds nor the V100's rows decide it."""
    sentence = ("Officially claimed to have double the computing power of NVIDIA's Tesla V100, "
                "with nearly double the performance in training the ResNet50 network.")
    g = only(run(reference, claim("a", 2, "x", system="Ascend 910", workload="ResNet-50",
                                  metric="speedup", baseline="V100", context="",
                                  sentence=sentence))[0])
    assert g["reference_verdict"] == "none"
    assert g["reference_note"]


def test_a_gain_since_the_first_submission_is_checked_against_the_own_rounds(reference):
    """The same shape with a between-rounds cue is a round-over-round claim and checked."""
    g = only(run(reference, claim("a", 2.41, "x", system="Ascend 910", workload="ResNet-50",
                                  metric="speedup", context="",
                                  sentence="Ascend 910 trains ResNet-50 2.41x faster than in "
                                           "its first submission."))[0])
    assert g["reference_verdict"] in ("match", "mismatch")


def test_api_prices_of_no_named_model_are_not_compared(reference):
    """Issue 24: API prices of different models met in one group."""
    per_token = "per=Mtokens"
    groups, _ = run(reference,
                    claim("a", 2.5, "USD", system="OpenAI API", metric="price", context=per_token,
                          sentence="The API costs $2.50 per million input tokens."),
                    claim("b", 1.25, "USD", system="OpenAI API", metric="price", context=per_token,
                          sentence="Input tokens cost $1.25 per million."))
    assert "conflict" not in set(groups["verdict"])


#: the verdicts package's modules in dependency order: each imports only those before it
VERDICTS_ORDER = ("config", "columns", "reference_names", "lost_qualifier", "names",
                  "reference_table", "keys", "members", "grouping", "recovery", "why", "judgement", "reference_check",
                  "reference_relative", "reference", "stage")


def test_the_verdicts_package_depends_one_way_and_never_on_the_claim_stage():
    """Issue 24: one package, a one-way dependency order, no cycles; it reads the claims
    table and does not re-run extraction (no entity finder, no claim stage)."""
    import ast  # noqa: PLC0415

    from conftest import ROOT  # noqa: PLC0415

    folder = ROOT / "extractor" / "verdicts"
    assert {p.stem for p in folder.glob("*.py")} == set(VERDICTS_ORDER) | {"__init__"}
    for i, name in enumerate(VERDICTS_ORDER):
        tree = ast.parse((folder / f"{name}.py").read_text(encoding="utf-8"))
        imported = {n.module for n in ast.walk(tree)
                    if isinstance(n, ast.ImportFrom) and n.module and n.col_offset == 0}
        own = {m.split(".")[2] for m in imported if m.startswith("extractor.verdicts.")}
        assert own <= set(VERDICTS_ORDER[:i]), (name, own - set(VERDICTS_ORDER[:i]))
        assert not {m for m in imported if m in ("extractor.extract.claims",
                                                 "extractor.extract.names.entities")}, name


def test_gpu_counts_of_two_clusters_are_not_compared(reference):
    """Issue 24: GPU counts of two different clusters met in one group."""
    groups, _ = run(reference,
                    claim("a", 100000, "count", system="H100", metric="count",
                          context="scale=cluster", surface="100,000 GPUs",
                          sentence="xAI's Colossus cluster runs 100,000 H100 GPUs."),
                    claim("b", 32000, "count", system="H100", metric="count",
                          context="scale=cluster", surface="32,000 GPUs",
                          sentence="Meta's research cluster holds 32,000 H100 GPUs."))
    assert "conflict" not in set(groups["verdict"])
