"""The report: what a reviewer sees first, escaping of every page string, its CSP, the
column docs; and the real thing opened in headless Chromium (Debian's `chromium`, which
`.ci/run` installs), for the sample run and for a run of hostile pages.

How "no request leaves the file" is checked: Chromium writes a NetLog
(`--log-net-log`) of every network request; the requests a page makes carry a
network-isolation key of its origin (`file://`), the browser's own background requests
do not. A control page without a CSP that loads an image shows the check does see a
page's request.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

import lxml.html
import pandas as pd
import pytest

from conftest import ROOT
from extractor.outputs import read_table
from extractor.report import render_report
from extractor.report.chart import time_to_train_charts
from extractor.report.columns import FLAGS, TABLES, columns_markdown
from extractor.report.view import EXAMPLES_PER_VALUE

HOSTILE = ("<script>document.title='pwned'</script>",
           "<img src=x onerror=\"document.title='pwned'\">",
           "javascript:alert(1)",
           "\"><svg onload=alert(1)>")
#: every tag the template itself writes; anything else in the DOM came from a page
TEMPLATE_TAGS = {"html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "h3",
                 "nav", "a", "ul", "ol", "li", "b", "p", "span", "section", "article", "q",
                 "mark", "figure", "figcaption", "svg", "line", "text", "g", "rect", "circle",
                 "div", "input", "table", "thead", "tbody", "tr", "th", "td", "button", "br",
                 "code", "dl", "dt", "dd", "script", "wbr"}


def tables(out: Path):
    return tuple(read_table(out / f"{t}.csv") for t in ("documents", "claims", "consistency"))


def parse(html: str):
    return lxml.html.document_fromstring(html)


def own_script() -> str:
    return (ROOT / "extractor" / "report" / "templates" / "report.js").read_text(encoding="utf-8")


# --- the report as a reviewer reads it -------------------------------------------------

def test_mismatches_come_first_with_explanation_and_sentences(seed_run):
    documents, claims, groups = tables(seed_run)
    html = (seed_run / "report.html").read_text(encoding="utf-8")
    doc = parse(html)
    cards = doc.cssselect("#review article.card")
    mismatches = groups[groups["reference_verdict"] == "mismatch"]
    assert len(mismatches) > 0 and len(cards) >= len(mismatches)
    first = cards[0]
    group = mismatches[mismatches["group_id"] == first.get("id")[2:]].iloc[0]
    text = first.text_content()
    # the explanation beside the verdict, in the same paragraph as the official value
    verdict = first.cssselect("p.verdict")[0].text_content()
    assert group["reference_note"] in verdict and "mismatch" in verdict
    assert f"{group['reference_value']:g}" in verdict
    # the sentences behind it, each with its number marked, linking to page and claim row
    members = claims[claims["group_id"] == group["group_id"]]
    quoted = [q.text_content() for q in first.cssselect("q")]
    for _, claim in members.iterrows():
        assert claim["sentence"] in quoted
        assert claim["doc_id"] in text
    assert {m.text for m in first.cssselect("q mark")} == set(members["surface"])
    hrefs = [a.get("href") for a in first.cssselect("a")]
    assert any(h.startswith("clean/") for h in hrefs) and any(h.startswith("#c-") for h in hrefs)
    for h in hrefs:
        if h.startswith("#") and h != "#claims":
            assert doc.get_element_by_id(h[1:]) is not None, h


def test_summary_figures_link_to_their_lists(seed_run):
    doc = parse((seed_run / "report.html").read_text(encoding="utf-8"))
    links = doc.cssselect("#summary a")
    assert len(links) >= 6
    for a in links:
        assert doc.get_element_by_id(a.get("href")[1:]) is not None


def test_every_checked_time_to_train_group_is_charted_against_its_official_value(seed_run):
    """Issue 24: the chart plots the time-to-train groups the reference check found an
    official row for (a time it cannot place is no training result to draw)."""
    _, claims, groups = tables(seed_run)
    doc = parse((seed_run / "report.html").read_text(encoding="utf-8"))
    ttt = groups[(groups["metric"] == "time_to_train")
                 & groups["group_id"].isin(claims["group_id"])
                 & groups["reference_verdict"].isin(["match", "mismatch"])]
    rows = doc.cssselect("#charts svg a")
    assert len(rows) == len(ttt) > 0
    assert len(doc.cssselect("#charts svg rect.official")) == len(ttt)
    assert len(doc.cssselect("#charts figure")) == ttt["workload"].nunique()


@pytest.mark.parametrize("minutes", [0.0, 1.5e-05, float("nan"), -3.0])
def test_a_time_the_chart_cannot_place_is_left_out_not_a_crash(minutes):
    """Issue 25 item 1: `math.log10` of a time rounded to 0 killed the run."""
    groups = pd.DataFrame([
        {"group_id": "g1", "system": "DGX A100", "workload": "BERT-Large",
         "metric": "time_to_train", "context": "", "reference_value": 18.4424,
         "reference_verdict": "match", "reference_round": "v2.0", "reference_division": ""},
        {"group_id": "g2", "system": "DGX A100", "workload": "BERT-Large",
         "metric": "time_to_train", "context": "", "reference_value": 0.0,
         "reference_verdict": "mismatch", "reference_round": "v2.0",
         "reference_division": ""}])
    charts = time_to_train_charts({"g1": [18.4, minutes], "g2": [minutes]}, groups, {})
    assert [len(c.rows) for c in charts] == [1]
    assert charts[0].rows[0].official_x is not None


def test_a_time_without_an_official_row_is_not_charted():
    """A latency or "1分鐘看懂" (a one-minute read) called a time finds no official row."""
    groups = pd.DataFrame([{"group_id": "g1", "system": "H100", "workload": "Llama 2 70B",
                            "metric": "time_to_train", "context": "", "reference_value": "",
                            "reference_verdict": "none", "reference_round": "",
                            "reference_division": ""}])
    assert time_to_train_charts({"g1": [1.0]}, groups, {}) == []


def repeated_claims_tables(n=600, pages=5):
    """One value stated n times over `pages` pages, all in one group."""
    claims = pd.DataFrame({
        "doc_id": [f"p{i % pages}.txt" for i in range(n)], "lang": "en",
        "sentence": "IPU-POD128 trained BERT in 5.78 minutes.", "surface": "5.78",
        "value": 5.78, "unit": "min", "value_norm": 346.8, "metric": "time_to_train",
        "system": "IPU-POD128", "workload": "BERT", "group_id": "g1"})
    groups = pd.DataFrame([{
        "group_id": "g1", "system": "IPU-POD128", "workload": "BERT",
        "metric": "time_to_train", "n_docs": pages, "values": ";".join(["5.78 min"] * n),
        "doc_ids": ";".join(claims["doc_id"]), "verdict": "agree",
        "reference_value": 5.879, "reference_verdict": "mismatch",
        "reference_note": "stated -1.7% from the reference"}])
    documents = pd.DataFrame({"doc_id": [f"p{i}.txt" for i in range(pages)]})
    return documents, claims, groups


def test_repeated_values_are_collapsed():
    doc = parse(render_report(*repeated_claims_tables(600, 5)))
    card = doc.cssselect("#review article.card")[0]
    assert "5.78 min ×600, 5 pages" in card.text_content()
    assert len(card.cssselect("q")) == EXAMPLES_PER_VALUE
    assert "5.78 min ×600, 5 pages" in doc.get_element_by_id("gr-g1").text_content()


def test_review_cards_and_values_are_bounded(monkeypatch):
    """A run with more groups to review than a page can hold shows the first MAX_ROWS
    cards (mismatches and the most-stated first) and says consistency.csv holds all; a
    group of many values lists the most stated ones and how many more."""
    import extractor.report as report
    from extractor.report.view import VALUES_LISTED

    monkeypatch.setattr(report, "MAX_ROWS", 3)
    n_values = VALUES_LISTED + 7
    claims = pd.DataFrame({"doc_id": [f"p{i}.txt" for i in range(n_values)],
                           "sentence": [f"It took {i + 1} min." for i in range(n_values)],
                           "surface": [str(i + 1) for i in range(n_values)],
                           "value": [float(i + 1) for i in range(n_values)], "unit": "min",
                           "metric": "time_to_train", "group_id": "g0"})
    groups = pd.DataFrame([{"group_id": f"g{i}", "system": "IPU-POD16", "workload": "BERT",
                            "metric": "time_to_train", "n_docs": n_values - i,
                            "values": ";".join(f"{j + 1} min" for j in range(n_values - i)),
                            "doc_ids": ";".join(f"p{j}.txt" for j in range(n_values - i)),
                            "verdict": "conflict", "reference_verdict": ""} for i in range(5)])
    documents = pd.DataFrame({"doc_id": claims["doc_id"], "status": "ok"})
    doc = parse(render_report(documents, claims, groups))
    cards = doc.cssselect("#review article.card")
    assert [c.get("id") for c in cards] == ["g-g0", "g-g1", "g-g2"]
    review = doc.get_element_by_id("review").text_content()
    assert "Needs review: 5 groups" in review and "consistency.csv holds all 5" in review
    assert len(cards[0].cssselect("ul.buckets > li")) == VALUES_LISTED + 1
    assert "and 7 more values" in cards[0].text_content()
    assert cards[0].cssselect("q")  # the claims of a card shown are read


def test_missing_optional_columns_render():
    documents = pd.DataFrame({"doc_id": ["a.txt"]})
    claims = pd.DataFrame({"doc_id": ["a.txt"], "sentence": ["IPU-POD16 took 28.3 min."],
                           "surface": ["28.3"], "value": [28.3]})
    doc = parse(render_report(documents, claims, pd.DataFrame()))
    assert doc.cssselect("#claims mark")[0].text == "28.3"
    empty = parse(render_report(pd.DataFrame(), pd.DataFrame(), pd.DataFrame()))
    assert empty.cssselect("#summary b")[0].text == "0"


def hostile_tables():
    """Tables whose every text cell is a hostile page string."""
    bad = " ".join(HOSTILE)
    documents = pd.DataFrame({"doc_id": [HOSTILE[0], HOSTILE[2]], "status": ["ok", "error"],
                              "error": bad, "lang": HOSTILE[1], "repairs": bad,
                              "title": bad, "url": HOSTILE[2], "site": HOSTILE[3],
                              "clean_path": [HOSTILE[2], HOSTILE[3]]})
    claims = pd.DataFrame({"doc_id": [HOSTILE[0], HOSTILE[2]], "lang": HOSTILE[1],
                           "sentence": f"{bad} trained in 28.3 min {bad}", "surface": "28.3",
                           "value": 28.3, "unit": "min", "value_norm": 1698.0,
                           "metric": "time_to_train", "system": HOSTILE[1],
                           "workload": HOSTILE[3], "flags": bad, "baseline": bad,
                           "link": bad, "context": bad, "group_id": HOSTILE[2]})
    groups = pd.DataFrame([{"group_id": HOSTILE[2], "system": HOSTILE[1],
                            "workload": HOSTILE[3], "metric": "time_to_train",
                            "context": bad, "n_docs": 2, "langs": bad,
                            "values": "28.3 min;28.3 min", "verdict": "conflict",
                            "reference_value": 20.0, "reference_verdict": "mismatch",
                            "reference_note": bad, "reference_system": bad,
                            "doc_ids": ";".join(claims["doc_id"])}])
    return documents, claims, groups


def assert_no_page_markup(doc):
    """Nothing in the DOM came from a page: only the template's tags, one script (ours),
    no event handler attributes, no link a page chose."""
    tags = {el.tag.split("}")[-1].lower() for el in doc.iter() if isinstance(el.tag, str)}
    assert tags <= TEMPLATE_TAGS, tags - TEMPLATE_TAGS
    scripts = doc.cssselect("script")
    assert len(scripts) == 1 and scripts[0].text.strip() == own_script().strip()
    for el in doc.iter():
        if not isinstance(el.tag, str):
            continue
        assert not [a for a in el.attrib if a.lower().startswith("on")], el.attrib
        for attr in ("href", "src", "action", "formaction", "xlink:href"):
            value = (el.get(attr) or "").strip()
            assert not value or value.startswith(("#", "clean/")), (el.tag, attr, value)
    assert doc.findtext(".//title") == "Claims report"


def test_every_page_string_is_escaped():
    html = render_report(*hostile_tables())
    doc = parse(html)
    assert_no_page_markup(doc)
    body = doc.text_content()
    for s in HOSTILE:  # shown as text, whole
        assert s in body


def test_csp_allows_only_the_reports_own_style_and_script(seed_run):
    doc = parse((seed_run / "report.html").read_text(encoding="utf-8"))
    csp = doc.cssselect('meta[http-equiv="Content-Security-Policy"]')[0].get("content")
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["default-src"] == "'none'"

    def sha(s):
        return "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
    assert directives["script-src"] == sha(doc.cssselect("script")[0].text)
    assert directives["style-src"] == sha(doc.cssselect("style")[0].text)
    assert not doc.cssselect("[style]")  # inline style attributes would be blocked


# --- the column docs ---------------------------------------------------------------------

def test_docs_columns_md_is_generated_from_the_column_docs():
    current = (ROOT / "docs" / "columns.md").read_text(encoding="utf-8")
    assert current == columns_markdown(), \
        "run: python -m extractor.report.columns > docs/columns.md"


def test_every_column_and_flag_of_a_run_is_documented(seed_run):
    for table, documented in TABLES.items():
        columns = pd.read_csv(seed_run / table, nrows=0).columns
        missing = set(columns) - {c.name for c in documented}
        assert not missing, f"{table}: document {missing} in extractor/report/columns.py"
    flags = {f for cell in read_table(seed_run / "claims.csv")["flags"] for f in cell.split(";")
             if f}
    assert flags <= {f.value for f in FLAGS}


def test_column_headers_carry_their_meaning(seed_run):
    doc = parse((seed_run / "report.html").read_text(encoding="utf-8"))
    heads = doc.cssselect("th a")
    assert heads and all(a.get("title") for a in heads)
    for a in heads:
        assert doc.get_element_by_id(a.get("href")[1:]) is not None


# --- in a real browser ---------------------------------------------------------------------

def chromium_binary() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: .ci/run installs it")
        pytest.skip("chromium is not installed here (apt-get install -y chromium)")
    return found


def browse(page: Path, tmp: Path, *, screenshot: Path | None = None, width: int = 1280,
           height: int = 1600):
    """Open `page` in headless Chromium: its DOM after scripts ran (or a screenshot), and
    the URLs of the network requests the page made."""
    netlog = tmp / f"net-{width}-{bool(screenshot)}.json"
    cmd = [chromium_binary(), "--headless", "--no-sandbox", "--disable-gpu",
           "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--hide-scrollbars",
           f"--user-data-dir={tmp / 'profile'}", f"--log-net-log={netlog}",
           f"--window-size={width},{height}"]
    cmd += [f"--screenshot={screenshot}"] if screenshot else ["--dump-dom"]
    done = subprocess.run(cmd + [page.resolve().as_uri()], capture_output=True, text=True,
                          timeout=120, check=True)
    events = json.loads(netlog.read_text(encoding="utf-8")).get("events", [])
    requests = {e["params"]["url"] for e in events
                if "url" in e.get("params", {})
                and "file://" in str(e["params"].get("network_isolation_key", ""))}
    return done.stdout, {u for u in requests if not u.startswith("file:")}


def assert_not_blank(png: Path):
    from PIL import Image, ImageStat

    image = Image.open(png).convert("L")
    assert image.size[0] > 300
    stat = ImageStat.Stat(image)
    assert stat.stddev[0] > 10  # text and colour, not one flat colour
    dark = sum(image.histogram()[:128]) / (image.size[0] * image.size[1])
    assert dark > 0.005  # some dark text on the page


def check_in_browser(report: Path, tmp: Path, widths=(1280,)):
    dom, requests = browse(report, tmp)
    assert not requests
    doc = parse(dom)
    assert_no_page_markup(doc)
    # the report's own script ran (its CSP hash allowed it): it marks <html> and shows filters
    assert "js" in doc.get("class", "").split()
    assert all(i.get("hidden") is None for i in doc.cssselect("input.filter"))
    for width in widths:
        png = tmp / f"shot-{width}.png"
        _, requests = browse(report, tmp, screenshot=png, width=width)
        assert not requests
        assert_not_blank(png)
    return doc


def test_sample_report_in_a_browser(seed_run, tmp_path):
    doc = check_in_browser(seed_run / "report.html", tmp_path, widths=(1280, 390))  # and a phone
    assert doc.cssselect("#review article.card")


def test_hostile_pages_report_in_a_browser(tmp_path):
    from extractor.config import Config
    from extractor.pipeline import run

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    bad = " ".join(HOSTILE)
    (corpus / "javascript:alert(1).txt").write_text(
        f"{bad}\nIPU-POD16 trained ResNet-50 in 28.3 minutes {HOSTILE[1]} {HOSTILE[2]}.\n",
        encoding="utf-8")
    (corpus / f"{HOSTILE[1]}.html").write_text(
        f"<html><head><title>{HOSTILE[0]}</title></head><body><p>IPU-POD16 trained "
        f"ResNet-50 in 28.3 minutes &lt;img src=x onerror=alert(1)&gt; javascript:alert(1)."
        f"</p><img src=x onerror=\"document.title='pwned'\"></body></html>", encoding="utf-8")
    out = tmp_path / "out"
    run(Config(corpus=corpus, out=out))
    doc = check_in_browser(out / "report.html", tmp_path)
    # the page strings did reach the report, as text: doc_ids and a sentence with markup
    shown = doc.text_content()
    assert HOSTILE[1] in shown and "javascript:alert(1).txt" in shown
    assert "<img src=x onerror=alert(1)>" in "".join(q.text_content() for q in doc.cssselect("q"))
    # and the columns other stages add (page titles, URLs) carry page strings too
    report = tmp_path / "hostile_columns.html"
    report.write_text(render_report(*hostile_tables()), encoding="utf-8")
    doc = check_in_browser(report, tmp_path)
    assert all(s in doc.text_content() for s in HOSTILE)


def test_long_tables_are_paged_and_filtered_in_a_browser(tmp_path):
    report = tmp_path / "report.html"
    report.write_text(render_report(*repeated_claims_tables(600, 5)), encoding="utf-8")
    doc = parse(browse(report, tmp_path)[0])
    box = doc.get_element_by_id("box-claims")
    shown = [tr for tr in box.cssselect("tbody tr") if tr.get("hidden") is None]
    assert len(box.cssselect("tbody tr")) == 600 and len(shown) == 100
    assert box.cssselect("button.more")[0].get("hidden") is None
    assert "100 of 600" in box.cssselect(".count")[0].text_content()


def test_the_request_check_sees_a_page_that_loads_something(tmp_path):
    control = tmp_path / "control.html"
    control.write_text('<!DOCTYPE html><html><head><title>c</title></head><body>'
                       '<img src="http://127.0.0.1:9/pixel.png"></body></html>',
                       encoding="utf-8")
    _, requests = browse(control, tmp_path)
    assert requests == {"http://127.0.0.1:9/pixel.png"}


def test_a_report_fed_in_chunks_is_the_report_of_the_whole_table(monkeypatch):
    """The run feeds the report its claims chunk by chunk, keeping only the rows shown
    and a card's first examples of each value: the page is the one every claim of the
    groups to review would give."""
    import extractor.report.claim_rows as claim_rows
    import extractor.report.view as view
    from extractor.report import ReportClaims

    monkeypatch.setattr(claim_rows, "MAX_ROWS", 10)
    monkeypatch.setattr(view, "MAX_ROWS", 10)
    documents, claims, groups = repeated_claims_tables(600, 5)
    claims["value"] = [5.78] * 300 + [5.9, 6.1] * 150  # three values, each many times
    claims.loc[::7, "group_id"] = "g2"
    groups = pd.concat([groups, groups.assign(group_id="g2", reference_verdict="match")],
                       ignore_index=True)

    class EveryClaim(ReportClaims):  # what the report read before: all of a card's claims
        def _examples(self, chunk):
            return chunk["group_id"].isin(self.review_groups).to_numpy()

    chunked = ReportClaims.for_groups(groups)
    for start in range(0, len(claims), 7):
        chunked.add(claims.iloc[start:start + 7])
    assert len(chunked.rows) < len(claims) // 2
    every = EveryClaim.for_groups(groups)
    every.add(claims)
    assert render_report(documents, chunked, groups) == render_report(documents, every, groups)
    assert render_report(documents, claims, groups) == render_report(documents, every, groups)
    assert chunked.n_claims == 600
    assert sum(map(len, chunked.claimed_minutes.values())) == 600


def test_pages_fed_in_chunks_give_the_report_of_the_whole_table(monkeypatch):
    """The run feeds the report the documents table chunk by chunk, keeping the first
    MAX_ROWS pages of each kind (failed and lossy first) and the links of the pages its
    claims quote: the page is the one the whole table gives, and it lists failed pages,
    then lossy ones, then the rest, each in corpus order."""
    import extractor.report as report
    from extractor.report import ReportClaims, ReportPages

    monkeypatch.setattr(report, "MAX_ROWS", 6)
    _, claims, groups = repeated_claims_tables(40, 5)
    n = 30
    status = ["error" if i % 7 == 3 else "ok" for i in range(n)]
    lossy = [i % 4 == 1 for i in range(n)]
    documents = pd.DataFrame({"doc_id": [f"p{i}.txt" for i in range(n)], "status": status,
                              "lossy": lossy, "lang": ["en", "ko", "zh-Hans"] * (n // 3),
                              "clean_path": [f"clean/p{i}-{i}.txt" for i in range(n)]})
    collected = ReportClaims.for_groups(groups)
    collected.add(claims)
    chunked = ReportPages(6, linked=collected.doc_ids)
    for start in range(0, n, 4):
        chunked.add(documents.iloc[start:start + 4])
    assert sum(map(len, chunked._listed)) <= 4 * 6  # never the whole table
    assert render_report(documents, collected, groups) == render_report(chunked, collected,
                                                                        groups)
    doc = parse(render_report(chunked, collected, groups))
    listed = [row.cssselect("td")[0].text_content().strip()
              for row in doc.cssselect("#pages tbody tr")]
    expected = sorted(range(n), key=lambda i: (status[i] != "error", not lossy[i], i))[:6]
    assert listed == [f"p{i}.txt" for i in expected]
    assert doc.cssselect('#claims a[href="clean/p1-1.txt"]')  # a quoted page's own link
    assert "Pages (30)" in doc.get_element_by_id("pages").text_content()


def test_a_conflict_card_says_why():
    """Issue 24: the fields the members share, the spread and the two members furthest
    apart, beside the verdict."""
    documents, claims, groups = repeated_claims_tables(4, 2)
    groups["verdict"], groups["reference_verdict"] = "conflict", "none"
    groups["reference_value"] = None
    groups["shared"] = "precision=FP8;scale=?;dimension=compute"
    groups["spread"] = "x4.04"
    groups["furthest"] = "989 TFLOPS (p0.txt) vs 4000 TFLOPS (p1.txt)"
    doc = parse(render_report(documents, claims, groups))
    why = doc.cssselect("#review article.card p.why")
    assert len(why) == 1
    said = why[0].text_content()
    assert "x4.04" in said and "989 TFLOPS (p0.txt) vs 4000 TFLOPS (p1.txt)" in said
    assert "precision=FP8" in said


def test_a_verdict_other_than_conflict_shows_its_note():
    """A group the pages do not contradict says why on its card and in the groups table
    (consistency.csv's verdict_note): a spread of per-workload factors is not a conflict."""
    documents, claims, groups = repeated_claims_tables(4, 2)
    groups["verdict"], groups["reference_verdict"] = "within_page", "mismatch"
    note = "figures of several kinds, not compared across pages: the group names no workload"
    groups["verdict_note"] = note
    doc = parse(render_report(documents, claims, groups))
    assert any(note in p.text_content() for p in doc.cssselect("#review article.card p.verdict"))
    assert any(span.get("title") == note for span in doc.cssselect("#groups span.badge"))


def test_values_sentences_and_tables_read_on_any_machine():
    """Issue 25 item 10: values print as numbers, not 4.8e+11; each sentence carries its
    language, so the browser takes a font of that language (Korean and Chinese showed as
    boxes in the body font); cells and column names can break, so the claims table's
    narrowest layout fits a laptop window instead of being 2,240 px wide."""
    docs = pd.DataFrame({"doc_id": ["a.txt", "b.txt"], "status": ["ok", "ok"],
                         "lang": ["ko", "zh-Hant"], "clean_path": ["", ""]})
    claims = pd.DataFrame({
        "doc_id": ["a.txt", "b.txt"], "lang": ["ko", "zh-Hant"],
        "sentence": ["가우디 3의 성능은 480000000000 FLOPS", "訓練時間為0.000015分鐘"],
        "start": [11, 5], "end": [23, 13], "surface": ["480000000000", "0.000015"],
        "value": [4.8e11, 1.5e-05], "value_norm": [4.8e11, 1.5e-05], "group_id": ["g1", "g2"],
        "context": ["round=v3.0;division=closed;" * 3] * 2})
    groups = pd.DataFrame({"group_id": ["g1", "g2"], "values": ["480000000000 FLOPS", "1.5e-05 min"],
                           "doc_ids": ["a.txt", "b.txt"], "verdict": ["single", "single"],
                           "reference_verdict": ["none", "none"], "n_docs": [1, 1]})
    html = render_report(docs, claims, groups)
    assert "e+11" not in html
    assert '<td class="num">480,000,000,000</td>' in html
    assert '<td class="num">0.000015</td>' in html
    assert '<q lang="ko">' in html and '<q lang="zh-Hant">' in html
    assert "value_<wbr>norm" in html
    css = (ROOT / "extractor" / "report" / "templates" / "report.css").read_text()
    for rule in (":lang(ko){font-family:", ":lang(zh-Hant){font-family:",
                 "td{max-width:18em;overflow-wrap:anywhere}"):
        assert rule in css
    assert "white-space:nowrap}" not in css.split("th{", 1)[1].split("}", 1)[0] + "}"


#: rows of a development-set run's consistency.csv (/tmp/base13/dev, session 13), one or
#: two per verdict the stage writes
DEV_GROUPS = [
    ("g1d684055b1", "H100", "compute", "precision=FP8", 7,
     "3958 TFLOPS;3.96 PFLOPS;3958 TFLOPS;989 TFLOPS;4000 TFLOPS;4000 TFLOPS;1.98 PFLOPS;"
     "1.98 PFLOPS", "conflict", "none",
     "set1/en_06.txt;set1/en_06.txt;set1/ko_07.txt;set2/zh_04.txt;set2/zh_07.txt;"
     "set2/zh_07__latin1.txt;set3/en_05.txt;set3/en_05__junk.txt",
     "each page states one value, and they differ"),
    ("g54d5d560c8", "A100", "compute", "", 1, "156 TFLOPS;312 TFLOPS;624 TOPS",
     "within_page", "none", "set3/zh_02.txt;set3/zh_02.txt;set3/zh_02.txt",
     "the values differ on one page (set3/zh_02.txt)"),
    ("g39a0ced35b", "B200", "count", "", 1, "36 count;72 count", "within_page", "none",
     "set2/zh_08.txt;set2/zh_08.txt", "the values differ on one page (set2/zh_08.txt)"),
    ("g17c7e2103c", "H200", "bandwidth", "suite=inference;part=hbm", 3,
     "4.8 TB/s;4.8 TB/s;4.8 TB/s", "agree", "none",
     "set2/zh_04.txt;set2/zh_07.txt;set2/zh_07__latin1.txt",
     "the values of 3 pages agree within their tolerances"),
    ("gc9f36032bd", "H200", "memory", "round=v4.1;part=hbm;scale=rack", 1, "1.1 TB",
     "single", "none", "set2/zh_04.txt", "one page"),
]


def dev_groups() -> pd.DataFrame:
    return pd.DataFrame(DEV_GROUPS, columns=["group_id", "system", "metric", "context",
                                             "n_docs", "values", "verdict",
                                             "reference_verdict", "doc_ids", "verdict_note"])


def summary_figures(doc) -> dict[str, int]:
    return {a.text_content()[len(a.findtext("b")):]: int(a.findtext("b"))
            for a in doc.cssselect("#summary a")}


def chart_bars(doc) -> dict[str, int]:
    """(column verdict) -> count, as the verdict chart's bars say."""
    out = {}
    for g in doc.cssselect("#verdict-chart svg g"):
        column_verdict = g.findtext("title").split(": ", 1)[1]
        out[column_verdict] = int(g.cssselect("text")[-1].text)
    return out


def test_every_verdict_is_counted_apart_in_summary_and_chart():
    """Groups that differ within one page are neither agreements nor conflicts nor single
    pages: the summary and the verdict chart count each verdict the stage writes."""
    doc = parse(render_report(pd.DataFrame(), pd.DataFrame(), dev_groups()))
    figures = summary_figures(doc)
    assert figures["groups"] == 5
    assert (figures["agree across pages"], figures["differ within one page"],
            figures["conflict across pages"], figures["one page, nothing to compare"]) \
        == (1, 2, 1, 1)
    assert (figures["match the official result"], figures["mismatch the official result"],
            figures["no official result to check"]) == (0, 0, 5)
    assert chart_bars(doc) == {"verdict agree": 1, "verdict within_page": 2,
                               "verdict conflict": 1, "verdict single": 1,
                               "reference_verdict match": 0, "reference_verdict mismatch": 0,
                               "reference_verdict none": 5}
    # a figure or bar other than the review's filters all groups by its verdict
    within = doc.cssselect('#summary a[data-filter="within_page"]')
    assert len(within) == 1 and within[0].get("data-box") == "box-groups"
    assert doc.cssselect('#verdict-chart a[data-filter="within_page"]')
    # "match" is part of every "mismatch" row: that bar lists all groups unfiltered
    assert not doc.cssselect('#verdict-chart a[data-filter="match"]')


def test_a_verdict_the_report_does_not_know_is_counted_under_its_own_name():
    groups = dev_groups()
    groups.loc[0, "verdict"] = "disputed"
    figures = summary_figures(parse(render_report(pd.DataFrame(), pd.DataFrame(), groups)))
    assert figures["disputed"] == 1 and figures["conflict across pages"] == 0


def test_a_dev_run_summary_counts_each_verdict_of_its_table(devset_run):
    from extractor.report.verdict_counts import PAGE_VERDICTS, REFERENCE_VERDICTS

    _, _, groups = tables(devset_run)
    doc = parse((devset_run / "report.html").read_text(encoding="utf-8"))
    figures, bars = summary_figures(doc), chart_bars(doc)
    for column, known in (("verdict", PAGE_VERDICTS), ("reference_verdict", REFERENCE_VERDICTS)):
        counts = groups[column].value_counts()
        assert set(counts.index) <= {v for v, _ in known}
        for verdict, label in known:
            assert figures[label] == bars[f"{column} {verdict}"] == counts.get(verdict, 0)
    assert figures["differ within one page"] > 0
