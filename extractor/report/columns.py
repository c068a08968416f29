"""What every column, flag and link value of the run's tables means, with an example.

This is the one home of that knowledge: `docs/columns.md` is generated from it
(`python -m extractor.report.columns > docs/columns.md`; a test checks the file is
current) and the report's column headers carry the same text as their title and link to
the same glossary at the end of the report.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Column:
    name: str
    meaning: str
    example: str
    #: who adds it, when it is not in OUTPUTS.md's contract (shown in the docs)
    origin: str = ""


DOCUMENTS = (
    Column("doc_id", "The page's file name, relative to the corpus folder, with `/` separators; "
           "a page of a crawl is `<WARC file>#<WARC-Record-ID>`.",
           "news/graphcore_mlperf.html"),
    Column("status", "`ok`, or `error` when the page could not be read or processed.", "ok"),
    Column("error", "Why the page failed: the stage and the exception, one line.",
           "extract failed: ValueError: ..."),
    Column("bytes", "Size of the page file in bytes.", "6961"),
    Column("encoding", "The byte encoding the page was decoded from.", "utf-8"),
    Column("lang", "The page's main language as a BCP-47 tag (`ko`, `en`, `zh-Hans`, "
           "`zh-Hant`, `ja`, ...); `und` when too little text is left to tell.", "zh-Hant"),
    Column("lang_confidence", "How sure the language identification is, 0 to 1.", "0.945"),
    Column("zh_variant", "For Chinese pages: `Hans` (simplified) or `Hant` (traditional); "
           "empty otherwise.", "Hant"),
    Column("lossy", "`true` when the source had already lost letters (to `?` or dropped "
           "syllables) that cleaning cannot bring back.", "true"),
    Column("lossy_ratio", "Share of the page's letters that were lost, 0 to 1.", "0.8202"),
    Column("repairs", "`;`-joined names of what cleaning repaired or removed (see "
           "*repairs values* below).", "html_junk;pinyin_annotations;spam_lines"),
    Column("n_sentences", "Sentences in the cleaned text.", "33"),
    Column("n_claims", "Claims extracted from the page (rows of claims.csv).", "17"),
    Column("clean_path", "The page's cleaned text, relative to the output folder "
           "(`start`/`end` of claims.csv index into it).", "clean/001_18539dd1a7cf14d9.txt.txt",
           "page metadata"),
    Column("title", "The page's title as the page gives it (an HTML document's title, "
           "`og:title` or first heading); empty for text pages.",
           "Graphcore IPU-POD128 trains BERT in 5.78 minutes", "page metadata"),
    Column("date", "The page's publication date, ISO 8601, from an HTML document's metadata "
           "(htmldate: meta tags, structured data, the URL, the text); it is the `date` of "
           "the page's claims' context and decides the MLPerf round when the page names none.",
           "2021-12-02", "page metadata"),
    Column("url", "The address the page was fetched from: a crawl's `WARC-Target-URI`, else an "
           "HTML document's canonical link (shown as text in the report, never as a link).",
           "https://www.example.com/news/123", "page metadata"),
    Column("site", "The site (host name of `url`) the page comes from.", "www.example.com",
           "page metadata"),
)

CLAIMS = (
    Column("doc_id", "The page the claim comes from (documents.csv).", "002_d58ce1fce8ceb7e9.txt"),
    Column("lang", "Language of the claim's sentence (BCP-47).", "en"),
    Column("sentence", "The sentence of the cleaned text that states the claim.",
           "IPU-POD16 trained ResNet-50 in 28.3 minutes."),
    Column("start", "Offset of the claimed number in the cleaned page text (characters).",
           "283"),
    Column("end", "Offset just after the claimed number in the cleaned page text.", "287"),
    Column("surface", "The number as written on the page.", "28.3"),
    Column("value", "The number with numerals resolved, in the page's own unit "
           "(`1,750억` -> 175000000000, `四` -> 4).", "28.3"),
    Column("unit", "Canonical unit (`min`, `%`, `x`, `GB`, `tokens/s`, `count`, ...); "
           "empty when the page lost it.", "min"),
    Column("quantity", "Kind of quantity: `duration`, `percent`, `factor`, `money`, "
           "`data_size`, `bandwidth`, `compute`, `power`, `frequency`, `throughput`, "
           "`efficiency`, `count`, `ratio`, `unknown`.", "duration"),
    Column("value_norm", "The value in base units, so claims compare across pages: seconds, "
           "a fraction (24 % -> 0.24), a factor, bytes, FLOP/s, watts, items/s, count. "
           "Use this, not `value`, to compare or plot.", "1698"),
    Column("metric", "What the number measures: `time_to_train`, `improvement`, `speedup`, "
           "`throughput`, `latency`, `price`, `perf_per_price`, `perf_per_watt`, `power`, "
           "`memory`, `bandwidth`, `compute`, `accuracy`, `count`, `ratio`, `other`.",
           "time_to_train"),
    Column("system", "Canonical name of the system that performs (not the baseline of a "
           "comparison); empty when none is named.", "IPU-POD16"),
    Column("workload", "Canonical model or benchmark; empty when none is named.", "ResNet-50"),
    Column("vendor", "The system's maker, from the system lexicon.", "Graphcore"),
    Column("qualifier", "`exact`; `approx` (about, 약, 約); `at_least` (more than, 이상); "
           "`at_most` (up to, 최대); `range` (one end of 512~2560).", "exact"),
    Column("context", "Where the claim stands: `;`-joined `key=value` of the suite, MLPerf "
           "round, division and date, and the scale its sentence states (`accelerators=3584`, "
           "`nodes=8`; `?` when the sentence states several and which is this number's is "
           "unknown). A round or division named in the page's title or lead holds for the "
           "page, one named in the body for its paragraph, table or section; a number "
           "followed by a past-result cue (\"posted in June\") speaks of the earlier round. "
           "Compute, throughput and performance-per-watt figures add the number format "
           "their sentence states (`precision=FP8`, `sparsity=sparse`; `?` as above); "
           "prices add what they are per (`per=hour`, `per=day`, `per=week`, `per=month`, `per=year` "
           "for a rental or subscription, `per=Mtokens` for a price per million tokens; "
           "none for a price paid once; `?` as above), from their sentence (\"$2.69/hr\", "
           "\"시간당\", \"月租\"), else their table column's header or the header of "
           "the price list they are a line of (\"Price/GPU-hr\"). The words beside the "
           "number add what it measures (`extractor/extract/context/facets.py`): `part=` of a "
           "memory, bandwidth or power figure (`hbm`, `cache`, `sram`, `interconnect`, "
           "`network`, `io`, `pin`, `cooling`), `scale=` of a figure (`chip`, `node`, "
           "`rack`, `pod`, `cluster`, `national`, `market`), `variant=china`, `period=` "
           "of a change (`5y`, `since2022`, `2025-06`; `earlier` for the first value of "
           "\"from 1200 W to 1400 W\") and `seller=` of a price (`aws`, ...; `?` when the "
           "sentence names several).",
           "suite=training;round=v1.1;division=closed"),
    Column("confidence", "How sure the extractor is of the whole row, 0.05 to 0.99: a stated "
           "unit, a name in the number's own sentence and a metric word raise it; a lost "
           "unit, lost letters next to the number and names inherited from elsewhere lower "
           "it. On the development set rows above 0.9 are right more often than rows at "
           "0.6-0.75, and rows under 0.3 are wrong more often than right "
           "(benchmarks/bench_confidence.py).", "0.88"),
    Column("flags", "`;`-joined warnings about the row (see *flags values* below); empty "
           "when nothing is wrong.", "unit_missing;lossy_source"),
    Column("unit_source", "For a unit recovered from another page (flag `unit_inferred`): "
           "the doc_id of the page it came from.", "001_18539dd1a7cf14d9.txt",
           "consistency stage"),
    Column("group_id", "The consistency group the claim belongs to (consistency.csv).",
           "g2b834212d8", "consistency stage"),
    Column("baseline", "In a comparison, the system compared against (\"B200 is 4x faster "
           "than H100\": H100); empty otherwise.", "H100", "claims stage"),
    Column("link", "Where the claim's system and workload were found, `;`-joined "
           "`system=<source>` and `workload=<source>` (see *link values* below); a name "
           "not found has no part.", "system=clause;workload=page_topic", "claims stage"),
    Column("resolvers", "The named step that decided each name, `;`-joined `system=<step>` "
           "and `workload=<step>`: a resolver of `extractor.extract.linking.resolvers` "
           "(systems, in the order tried: `table_column_system`, `standard_system`, `sentence_system`, "
           "`caption_system`, `vs_figure_system`, `vendor_product_system`, `carried_system`, "
           "`counted_system`, `page_topic_system`, `earlier_subject_system`, "
           "`baseline_only_system`; workloads: `table_column_workload`, `sentence_workload`, "
           "`caption_workload`, `carried_workload`, `late_workload`, `page_topic_workload`), "
           "or a step after them (`table_row_system`, `score_workload`). Where the claim's "
           "kind refused the name found, the step that found it. `extractor explain PAGE` "
           "shows it beside each name.", "system=sentence_system;workload=page_topic_workload",
           "claims stage"),
)

CONSISTENCY = (
    Column("group_id", "Stable id of the group (a hash of its key).", "g2b834212d8"),
    Column("system", "The canonical system all member claims name.", "IPU-POD128"),
    Column("workload", "The benchmark all member claims name (BERT and BERT-Large are one).",
           "BERT-Large"),
    Column("metric", "The members' metric.", "time_to_train"),
    Column("context", "The members' context (suite, round, division; part, scale, "
           "variant, period and seller as in claims.csv `context`; the size, "
           "`accelerators=N` or `nodes=N`, for times, throughputs and relative claims: a "
           "time on one node and on eight nodes are two groups; the number format of "
           "compute figures: 989 TFLOPS at `precision=TF32` and 3,958 at `precision=FP8;"
           "sparsity=sparse` are two groups, and a figure that states none is compared "
           "only with others that state none; what a price is per: $2.69 at `per=hour` "
           "and $25,000 paid once are two groups, and hourly prices that differ still "
           "conflict). Not shown here but kept apart too: amounts in different currencies "
           "(no exchange rate is assumed), a factor or a per cent of a metric whose values "
           "have a unit (\"2x the memory\", \"prices cut by 44%\") from its values, and "
           "factors from per cents.",
           "suite=training;round=v1.1"),
    Column("n_docs", "How many pages state a claim of the group.", "2"),
    Column("langs", "`;`-joined language of each member claim, in the order of `values`.",
           "und;zh-Hant"),
    Column("values", "`;`-joined `value unit` of each member claim.", "5.78 min;5.78 min"),
    Column("verdict", "Do the pages agree with each other? `agree` (every two values are "
           "consistent: their tolerance intervals share a point, or one lies at or below "
           "the other's best case, \"up to\" an upper bound), `conflict` (two pages state "
           "values that cannot both hold, such as a value above another page's best case), "
           "`within_page` (values differ, but every difference is already on one "
           "page: copies of that page add members, never a conflict; or the group names no "
           "workload and a page states several values under it, so that the "
           "values are per-workload figures, not compared across pages), or `single` (one "
           "page, one value); `verdict_note` says why.", "agree"),
    Column("reference_value", "The official value the group was checked against: "
           "minutes for time-to-train, whatever unit the claims state it in (the report "
           "shows it in the claims' unit too), per cent for an improvement, a factor "
           "for a speed-up.", "5.879"),
    Column("reference_verdict", "`match` (the official value lies within the claims' "
           "tolerance), `mismatch` (an official result exists and differs), `none` "
           "(nothing in the reference to check against).", "mismatch"),
    Column("doc_ids", "`;`-joined page of each member claim, in the order of `values`.",
           "000_90d61f06037f0987.txt;001_18539dd1a7cf14d9.txt"),
    Column("reference_round", "The MLPerf round that matched, or `v1.0->v1.1` for a relative "
           "claim.", "v1.1"),
    Column("reference_division", "The division (`closed`, `open`) of the official result.",
           "open"),
    Column("reference_system", "The system as the reference spells it; `A vs B` for a claim "
           "against another system.", "IPU-POD128"),
    Column("reference_reading", "How a relative claim was read: `time_reduction`, "
           "`speedup`, or both.", "time_reduction"),
    Column("reference_note", "The explanation of the reference verdict: which division or "
           "round matched when the page did not say, the unit assumed for a value that lost "
           "it, how far off a mismatch is; the scale stated and matched (`scale 8 nodes`), "
           "or, when none was stated, the accelerator counts of the candidate rows "
           "(`scale not stated; candidates by accelerators 8: 29.15 min, 64: 4.534 min`); "
           "`reference has no result "
           "on N accelerators` when the stated scale has no row.",
           "stated -1.7% from the reference; no division fits"),
    Column("baseline", "The compared system of the members' comparison (claims.csv "
           "`baseline`): \"2x over the H100\" and \"4x over the A100\" are two groups.", "H100"),
    Column("counted", "For counts, what is counted (last word of the surface, singular): "
           "\"2 systems\" and \"5U\" are two groups.", "server"),
    Column("shared", "What the members share beyond system, benchmark and metric: every "
           "field of the group's key (`extractor.verdicts.keys.GroupKey`) that is set, as "
           "`key=value`; a part or scale no member states is `?` (such a figure is never "
           "taken to be of a part or scale another page names). Fields besides those of "
           "`context`: `kind` (`relative`, `change`), `currency`, `dimension` (the "
           "quantity; `bandwidth:bits` for a rate in bits: 3.2 Tbps and 1.6 TB/s are never "
           "compared), `magnitude` (values over `magnitude_gap`, 5x, apart under one key "
           "are split: 80 GB and 3.35 TB do not measure one thing).",
           "precision=FP8;scale=?;dimension=compute"),
    Column("spread", "How far apart the values lie: the largest over the smallest "
           "(`x4.04`); empty when all are equal.", "x4.04"),
    Column("furthest", "The two members furthest apart, each with its page: what to read "
           "first in a conflict.", "989 TFLOPS (set2/zh_04.txt) vs 4000 TFLOPS (set2/zh_07.txt)"),
    Column("verdict_note", "Why the verdict (`extractor.verdicts.judgement`): that the values "
           "agree within their tolerances, that each page states one value and they differ, "
           "which two pages each state a value the other does not, or, for `within_page`, "
           "on which page the values differ, or that the group names no workload (number "
           "format) and a page states several values under it: figures of "
           "several workloads, not compared across pages. It names the best case (\"up to "
           "30 x\", an upper bound) a value lies below or above, and a value compared as "
           "approximate because it stands right after a letter a damaged page lost "
           "(`?`), where its qualifier may have stood.",
           "figures of several kinds, not compared across pages: the group names no "
           "workload and set1/en_05.txt states 1.5 x to 4 x"),
)


TABLES = {"documents.csv": DOCUMENTS, "claims.csv": CLAIMS, "consistency.csv": CONSISTENCY}


@dataclass(frozen=True)
class Value:
    value: str
    meaning: str
    example: str


FLAGS = (
    Value("lossy_source", "Letters were lost in the sentence or next to the number: read the "
          "sentence before trusting the row.", "ResNet-50? ?? ??? IPU-POD16?? 28.3??"),
    Value("unit_missing", "The page lost the number's unit; the row has none (or one recovered "
          "from another page, see `unit_inferred`).", "28.3?? (the unit 분 was lost)"),
    Value("unit_inferred", "The unit was taken from an agreeing claim of another page about the "
          "same system and workload; `unit_source` names that page.", "28.3 -> 28.3 min"),
    Value("metric_inferred", "On a lossy page the metric words were lost; the metric was "
          "taken from the agreeing claim of another page.", "time_to_train"),
    Value("unit_shared", "The unit is written once for several numbers.", "28.3 and 14.5 minutes"),
    Value("magnitude_suspect", "Digits, a space, then a Korean counter on a page that lost "
          "syllables: a magnitude word (억, 만) may have been lost.", "1,750 개의 매개변수"),
    Value("range", "One end of a range; the other end is its own row.", "512~2560"),
    Value("spelled", "The number was written in words.", "four times faster"),
    Value("multiplier_word", "A word that means a factor: doubled is 2 x, tripled 3 x.",
          "doubled, 翻倍, 두 배"),
    Value("metric_of_key", "The page states this factor or share of the same system and workload "
          "elsewhere with a performance metric: one claim, one metric (`extract.key_metrics`), not "
          "the one this mention's words alone give.", "带宽直接翻倍 (2 x) beside 翻了一番还多 (2 x, speedup)"),
)

LINKS = (
    Value("clause", "Named in the number's own clause.",
          "IPU-POD16 trained ResNet-50 in 28.3 minutes"),
    Value("sentence", "Named in another clause of the number's sentence.",
          "On IPU-POD16, BERT took 9.39 minutes, and ResNet-50 took 28.3"),
    Value("table_column", "Named in the table's header over the cell's column.",
          "| model | H100 | Gaudi 3 |"),
    Value("caption", "From the caption or heading line right above a table.",
          "Table 2: MLPerf Training v1.1, BERT"),
    Value("previous_sentence", "From the sentence before, which names one subject or is "
          "referred back to (\"it\", \"이는\", \"其\").",
          "IPU-POD16 ... It trained ResNet-50 in 28.3 minutes."),
    Value("heading", "From the section heading above the paragraph.",
          "Google TPU v5p (heading) ... Each pod holds 95 TB"),
    Value("page_topic", "From the page's subject: its title, first paragraph, or the one "
          "system most of the page names.", "NVIDIA H200 review (title) ... 141 GB"),
    Value("counted", "The only system of the sentence is what a number counts.",
          "10.9 minutes on 3,584 H100 GPUs"),
    Value("baseline_only", "The only system of the sentence is a comparison's baseline "
          "(usually a page that lost the comparison word).", "A100 ?? 1.7?"),
    Value("none:kind=<kind>", "A name was found but the claim's kind may not take it "
          "from there (`extractor.extract.linking.link_kinds`): a memory size, bandwidth, power, "
          "compute figure or price takes no model from outside its sentence; a model's "
          "parameter count takes no system; a market figure no system from outside its "
          "sentence.", "141GB of HBM3e on a page about GPT-3: workload=none:kind=memory"),
)

REPAIRS = (
    Value("html_junk", "Markup, navigation and other page furniture removed.", "<nav>...</nav>"),
    Value("inline_javascript", "Script text that leaked into the page body removed.",
          "var _hmt = _hmt || [];"),
    Value("tracking_pixels", "Tracking images and beacons removed.", "<img src=...pixel.gif>"),
    Value("html_entities", "HTML entities decoded.", "&amp;amp; -> &"),
    Value("mojibake_<encoding>", "Text decoded with the wrong encoding repaired (the name says "
          "which, e.g. `mojibake_gbk`).", "éŸ©å›½ -> 韩国"),
    Value("mojibake_latin", "Latin-1/cp1252 mojibake repaired.", "â€™ -> ’"),
    Value("mojibake_dropped_bytes", "Mojibake whose bytes were partly dropped, repaired as far as "
          "possible.", ""),
    Value("pinyin_annotations", "Pinyin glosses inserted after Chinese words removed.",
          "训练(xùnliàn) -> 训练"),
    Value("spam_lines", "Injected spam lines removed.", "Buy cheap ... now!"),
    Value("brand_replacement_spam", "Brand names replaced by spam restored.", ""),
    Value("image_filenames", "Image file names left in the text removed.",
          "1638413962408997.png"),
    Value("breadcrumbs", "Breadcrumb navigation removed.", "Home > News > AI"),
    Value("page_footer", "The site's footer removed.", "Copyright ..."),
    Value("boilerplate", "Page furniture removed from an HTML document: navigation, link lists, "
          "related articles, comments, cookie banners, bylines, footers.", ""),
    Value("main_text", "An HTML document's main text was chosen: the lines trafilatura and our "
          "boilerplate remover both keep, or ours alone when trafilatura missed the article.",
          "HTML document -> trafilatura and ours agreeing"),
    Value("control_chars", "Control characters removed.", ""),
    Value("lone_surrogates", "Broken UTF-16 halves replaced.", ""),
    Value("unicode_nfc", "Text normalised to Unicode NFC.", ""),
)

VERDICTS = (
    Value("agree", "consistency.csv `verdict`: the pages' values agree within their stated "
          "precision.", "5.78 min;5.78 min"),
    Value("conflict", "consistency.csv `verdict`: the pages' values disagree.",
          "5.78 min;6.1 min"),
    Value("within_page", "consistency.csv `verdict`: the values differ, but each difference "
          "is on one page (a page quoting two results under one key), or the values are "
          "per-workload figures of a group that names no workload (a page states "
          "several).", "2000 count;2100 count"),
    Value("single", "consistency.csv `verdict`: one page, one value.", "9 min"),
    Value("match", "consistency.csv `reference_verdict`: the official value lies within the "
          "claims' tolerance.", "28.3 min vs 28.335"),
    Value("mismatch", "consistency.csv `reference_verdict`: an official result exists and "
          "differs.", "5.78 min vs 5.879"),
    Value("none", "consistency.csv `reference_verdict`: nothing to check against.", ""),
)

VALUE_LISTS = {"flags": FLAGS, "link": LINKS, "repairs": REPAIRS, "verdicts": VERDICTS}


def meaning(table: str, column: str) -> str:
    """The documented meaning of a column ('' for one not documented).

    >>> meaning("claims.csv", "value_norm").startswith("The value in base units")
    True
    """
    for col in TABLES.get(table, ()):
        if col.name == column:
            return col.meaning
    return ""


def anchor(table: str, column: str) -> str:
    """The id of a column's entry, the same in docs/columns.md and the report.

    >>> anchor("claims.csv", "value_norm")
    'claims-value_norm'
    """
    return f"{table.removesuffix('.csv')}-{column}"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def columns_markdown() -> str:
    """docs/columns.md."""
    out = ["# What the columns mean", "",
           "Every column of the tables `extractor run` writes (`documents.csv`, `claims.csv`,",
           "`consistency.csv`, and the Parquet files of the same names), and every value of",
           "`flags`, `link`, `repairs` and the verdicts, with an example. The contract's columns",
           "(`../shared/spec/OUTPUTS.md`) come first in each table; the others follow. The",
           "report (`report.html`) shows the same text as the title of each column header.", "",
           "Generated from `extractor/report/columns.py` "
           "(`python -m extractor.report.columns > docs/columns.md`).", ""]
    for table, columns in TABLES.items():
        out += [f"## {table}", "", "| column | meaning | example |", "|---|---|---|"]
        for col in columns:
            origin = f" *(added by the {col.origin})*" if col.origin else ""
            example = f"`{_cell(col.example)}`" if col.example else ""
            out.append(f'| <a id="{anchor(table, col.name)}"></a>`{col.name}` | '
                       f"{_cell(col.meaning)}{origin} | {example} |")
        out.append("")
    for name, values in VALUE_LISTS.items():
        out += [f"## {name} values", "", "| value | meaning | example |", "|---|---|---|"]
        for v in values:
            example = f"`{_cell(v.example)}`" if v.example else ""
            out.append(f"| `{v.value}` | {_cell(v.meaning)} | {example} |")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    print(columns_markdown(), end="")
