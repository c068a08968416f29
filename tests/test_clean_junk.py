"""Boilerplate and junk removal (extractor.clean.boilerplate, .junk, .markup) on HTML
pages: navigation, footers, related-article lists and comment sections in ko/zh/en go;
article paragraphs, headings, tables and figure captions stay. Plus the real-page
benchmark (shared/testdata/aeb) on a fixed sample: recall first, then precision."""
from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extractor.clean import CleanConfig, clean_page, clean_text, explain
from extractor.clean.boilerplate import BoilerplateConfig, looks_like_document, remove_boilerplate, text_mass
from extractor.clean.tracking import RepairLog
from extractor.ingest import RawPage

SHARED = Path(__file__).parents[2] / "shared"
AEB = SHARED / "testdata" / "aeb"

ARTICLE = {
    "en": [
        "NVIDIA's H100 system trained BERT in 5.78 minutes in MLPerf Training v3.0, the fastest time submitted this round.",
        "Google said its TPU v4 pods finished the same workload in 10.6 minutes while drawing less power per chip.",
        "The benchmark, run by MLCommons, measures how long a system takes to train a model to a target quality.",
        "Analysts noted that both vendors used thousands of accelerators, so the results say little about single chips.",
    ],
    "ko": [
        "엔비디아는 H100 기반 시스템이 MLPerf 트레이닝 3.0에서 BERT 모델을 5.78분 만에 학습했다고 밝혔다.",
        "구글은 TPU v4 포드가 같은 작업을 10.6분에 마쳤으며 칩당 전력 소모가 더 적었다고 설명했다.",
        "이번 벤치마크는 ML커먼스가 주관했으며 모델을 목표 정확도까지 학습하는 데 걸린 시간을 측정한다.",
        "업계에서는 두 회사 모두 수천 개의 가속기를 사용한 만큼 단일 칩 성능과는 거리가 있다고 평가했다.",
    ],
    "zh": [
        "英伟达表示，其H100系统在MLPerf训练3.0中用5.78分钟完成了BERT模型的训练，是本轮最快的成绩。",
        "谷歌称其TPU v4集群用10.6分钟完成了同样的任务，而且每颗芯片的功耗更低。",
        "该基准测试由MLCommons组织，衡量系统把模型训练到目标精度所需的时间。",
        "分析人士指出，两家公司都使用了数千颗加速器，因此结果并不能说明单颗芯片的性能。",
    ],
}

BOILERPLATE = {
    "en": {
        "nav": '<nav class="site-nav"><ul><li><a href="/">Home</a></li><li><a href="/tech">Tech</a></li>'
               '<li><a href="/business">Business</a></li><li><a href="/markets">Markets</a></li></ul></nav>',
        "breadcrumb": '<div class="breadcrumb"><a href="/">Home</a> &gt; <a href="/tech">Tech</a> &gt; '
                      '<a href="/tech/chips">Chips</a></div>',
        "related": '<div class="related-articles"><h3>Related articles</h3><ul>'
                   '<li><a href="/a">Intel unveils Gaudi 3 accelerator for data centers</a></li>'
                   '<li><a href="/b">AMD MI300X ships to cloud customers this quarter</a></li>'
                   '<li><a href="/c">Why AI chips are in short supply again this year</a></li></ul></div>',
        "comments": '<section id="comments" class="comments-area"><h3>3 Comments</h3>'
                    '<div class="comment-body"><p>Great article, but I wonder how these numbers compare with last year, '
                    'when the same vendors submitted far smaller systems.</p></div>'
                    '<div class="comment-body"><p>Thanks for writing this up, very helpful for our team.</p></div></section>',
        "footer": '<footer class="site-footer"><p>© 2023 Example Media. All rights reserved.</p>'
                  '<a href="/privacy">Privacy Policy</a> <a href="/terms">Terms of Use</a></footer>',
        "share": '<div class="share-buttons"><a href="#">Share on Facebook</a> <a href="#">Share on Twitter</a> '
                 '<a href="#">Email</a></div>',
        "cookie": '<div id="cookie-consent"><p>We use cookies to improve your experience. By continuing to use '
                  'this site, you agree to our use of cookies.</p><a href="#">Accept</a></div>',
    },
    "ko": {
        "nav": '<div id="gnb"><ul><li><a href="/">홈</a></li><li><a href="/it">IT/과학</a></li>'
               '<li><a href="/eco">경제</a></li><li><a href="/soc">사회</a></li></ul></div>',
        "related": '<div class="relate_news"><strong>관련기사</strong><ul>'
                   '<li><a href="/1">삼성전자, HBM3E 12단 양산 돌입</a></li>'
                   '<li><a href="/2">SK하이닉스, 엔비디아에 HBM 공급 확대</a></li>'
                   '<li><a href="/3">리벨리온, 아톰 칩으로 데이터센터 공략</a></li></ul></div>',
        "comments": '<div class="comment_wrap"><h4>댓글 2</h4><div class="comment_item"><p>이런 기사 좋네요. '
                    '다음에는 국산 칩 결과도 함께 다뤄 주시면 좋겠습니다.</p></div></div>',
        "footer": '<footer><p>Copyright © 전자신문. 무단전재 및 재배포 금지.</p><a href="/about">회사소개</a> '
                  '<a href="/privacy">개인정보처리방침</a></footer>',
        "share": '<div class="sns_share"><a href="#">페이스북</a> <a href="#">트위터</a> <a href="#">카카오톡</a></div>',
    },
    "zh": {
        "nav": '<div class="nav"><a href="/">首页</a> <a href="/news">新闻</a> <a href="/tech">科技</a> '
               '<a href="/finance">财经</a> <a href="/auto">汽车</a></div>',
        "breadcrumb": '<div class="crumbs"><a href="/">首页</a> &gt; <a href="/tech">科技</a> &gt; 正文</div>',
        "related": '<div class="xgyd"><h3>相关阅读</h3><ul><li><a href="/1">华为昇腾910B出货量大增</a></li>'
                   '<li><a href="/2">寒武纪发布新一代云端训练芯片</a></li><li><a href="/3">国产GPU企业加速上市</a></li>'
                   '</ul></div>',
        "comments": '<div id="comment-list"><h3>网友评论</h3><div class="comment-item"><p>写得很好，希望以后多一些国产芯片的测试结果，'
                    '这样对比起来更有意义。</p></div></div>',
        "footer": '<div class="footer"><p>版权所有 © 2023 科技网 京ICP备12345678号</p><a href="/about">关于我们</a> '
                  '<a href="/contact">联系我们</a></div>',
        "share": '<div class="share"><span>分享到：</span><a href="#">微信</a> <a href="#">微博</a> <a href="#">QQ空间</a></div>',
    },
}

TABLE = ("<table><caption>MLPerf Training v3.0, BERT</caption><tr><th>System</th><th>Chips</th><th>Minutes</th></tr>"
         "<tr><td>BERT</td><td>64</td><td>10.6 min</td></tr><tr><td>ResNet</td><td>3584</td><td>0.18 min</td></tr></table>")
FIGURE = '<figure><img src="/img/h100.jpg"><figcaption>NVIDIA H100 SXM module at the launch event.</figcaption></figure>'


def _page(lang: str, with_table: bool = False) -> str:
    junk = BOILERPLATE[lang]
    paragraphs = "".join(f"<p>{s}</p>" for s in ARTICLE[lang][:2])
    paragraphs += "<h2>Results</h2>" + (TABLE if with_table else "") + FIGURE
    paragraphs += "".join(f"<p>{s}</p>" for s in ARTICLE[lang][2:])
    return ("<!DOCTYPE html><html><head><title>t</title><script>var a = 1;</script></head><body>"
            + junk["nav"] + junk.get("breadcrumb", "")
            + '<div class="container"><div class="article-body"><h1>MLPerf results</h1>'
            + junk["share"] + paragraphs + "</div>"
            + '<aside class="sidebar"><h3>Most popular</h3><ul><li><a href="/p1">One</a></li>'
              '<li><a href="/p2">Two</a></li></ul></aside>'
            + junk["related"] + junk["comments"] + junk.get("cookie", "") + "</div>" + junk["footer"]
            + "</body></html>")


def _compact(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("lang", ["en", "ko", "zh"])
def test_boilerplate_goes_and_article_stays(lang):
    text = _compact(clean_text(_page(lang, with_table=True)).text)
    for sentence in ARTICLE[lang]:
        assert _compact(sentence) in text
    for kept in ("MLPerf results", "Results", "10.6min", "3584"):
        assert _compact(kept) in text
    # figure captions: our remover keeps them; the default engine keeps only what
    # trafilatura keeps too, and trafilatura drops captions (clean/main_text.py)
    caption = _compact("NVIDIA H100 SXM module at the launch event.")
    ours = _compact(clean_text(_page(lang, with_table=True), CleanConfig(html_engine="ours")).text)
    assert caption in ours
    junk = BOILERPLATE[lang]
    for kind in ("nav", "related", "comments", "footer", "share", "cookie", "breadcrumb"):
        if kind not in junk:
            continue
        # every link text and paragraph of the boilerplate is gone
        for piece in re.findall(r">([^<>]{4,})<", junk[kind]):
            piece = _compact(piece.replace("&gt;", ">"))
            if piece and piece not in _compact(re.sub("<[^>]*>", "", "".join(ARTICLE[lang]) + TABLE + FIGURE)):
                assert piece not in text, (kind, piece)


def test_table_rows_with_numbers_are_content():
    page = _page("en", with_table=True)
    text = clean_text(page).text
    assert re.search(r"BERT\s+64\s+10\.6 min", text)
    assert "MLPerf Training v3.0, BERT" in text


def test_removed_boilerplate_is_explained():
    page = clean_text(_page("zh"))
    names = {r.name: r for r in page.repairs}
    assert names["boilerplate"].count >= 5
    assert "boilerplate" in explain(page)


def test_switch_turns_boilerplate_removal_off():
    config = CleanConfig(remove_boilerplate=False)
    text = clean_text(_page("en"), config).text
    comment = "Great article, but I wonder how these numbers compare"
    assert comment in text
    assert comment not in clean_text(_page("en")).text


def test_flattened_text_is_left_to_line_rules():
    # a scraper's flattened page with stray tags is no document: nothing is judged by DOM
    text = ("EEPW首页 > 智能计算 > 业界动态\n<p>英伟达表示，其H100系统用5.78分钟完成了BERT训练。</p>\n"
            "| BERT | 64 | 10.6 min |\n首页 新闻 科技\n")
    assert not looks_like_document(text)
    assert remove_boilerplate(text, RepairLog()) == text
    cleaned = clean_text(text).text
    assert "| BERT | 64 | 10.6 min |" in cleaned and "5.78分钟" in cleaned


def test_small_documents_are_kept_whole():
    page = "<html><body><p>Home</p><p>NVIDIA trained BERT in 5.78 minutes.</p></body></html>"
    assert remove_boilerplate(page, RepairLog()) == page


def test_article_inside_a_badly_named_container_is_kept():
    # some sites call the article column "sidebar-main" or wrap the page in a <form>
    body = "".join(f"<p>{s}</p>" for s in ARTICLE["en"] * 3)
    page = (f'<html><body><form id="aspnetForm"><div class="main-sidebar-layout">{body}</div></form>'
            '<nav><a href="/">Home</a> <a href="/x">Tech</a></nav>' + "<div><p>x</p></div>" * 4 + "</body></html>")
    text = _compact(clean_text(page).text)
    for sentence in ARTICLE["en"]:
        assert _compact(sentence) in text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400), st.lists(st.sampled_from(["<html>", "<body>", "<p>", "</p>", "<div class='nav'>",
                                                         "</div>", "<a href='x'>", "</a>", "<li>", "\ud800", "\x00"]),
                                        max_size=40))
def test_never_raises_on_any_text(noise, tags):
    text = "".join(tags) + noise + "<p>x</p>" * 12
    out = remove_boilerplate(text, RepairLog())
    assert isinstance(out, str)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(ARTICLE["en"] + ARTICLE["ko"] + ARTICLE["zh"]), min_size=1, max_size=6),
       st.sampled_from(sorted({k for v in BOILERPLATE.values() for k in v})))
def test_every_paragraph_survives_beside_any_boilerplate(sentences, kind):
    junk = "".join(v.get(kind, "") for v in BOILERPLATE.values())
    page = ("<html><body>" + junk + '<div class="story">' + "".join(f"<p>{s}</p>" for s in sentences)
            + "</div>" + junk + "</body></html>")
    text = _compact(clean_text(page).text)
    for s in sentences:
        assert _compact(s) in text


def test_text_mass_weighs_scripts():
    assert text_mass("") == 0.0
    assert text_mass("五分钟") > text_mass("five")  # one Han character carries about a word


# --- real pages -------------------------------------------------------------------------

_TOKEN_RE = re.compile(r"\w+")
#: every 6th page of the 181 (sorted ids): a fixed sample of 31 pages
SAMPLE_STEP = 6
#: measured on this sample at commit time: precision 0.946, recall 0.994 (all 181 pages:
#: 0.921 / 0.990); the floor leaves room for small changes elsewhere in cleaning
PRECISION_FLOOR = 0.92


def _shingles(text: str) -> Counter:
    tokens = _TOKEN_RE.findall(text)
    return Counter(tuple(tokens[i:i + 4]) for i in range(max(0, len(tokens) - 3)))


@pytest.mark.skipif(not (AEB / "ground-truth.json").exists(), reason="shared/testdata/aeb absent")
def test_real_pages_keep_the_article_and_drop_most_boilerplate():
    truth = json.loads((AEB / "ground-truth.json").read_text("utf-8"))
    precisions, recalls = [], []
    for doc_id in sorted(truth)[::SAMPLE_STEP]:
        data = gzip.decompress((AEB / "html" / f"{doc_id}.html.gz").read_bytes())
        text = clean_page(RawPage(doc_id, data)).text
        got, want = _shingles(text), _shingles(truth[doc_id]["articleBody"])
        tp = sum((got & want).values())
        precisions.append(tp / sum(got.values()) if got else 0.0)
        recalls.append(tp / sum(want.values()) if want else 1.0)
    precision, recall = sum(precisions) / len(precisions), sum(recalls) / len(recalls)
    print(f"AEB sample of {len(recalls)}: precision {precision:.3f} recall {recall:.3f}")
    assert recall >= 0.97, recall
    assert precision >= PRECISION_FLOOR, precision



def test_results_table_beside_a_short_article_is_kept():
    # one paragraph of text and a table of results whose system names are links
    rows = "".join(f'<tr><td><a href="/s{i}">System {i}</a></td><td><a href="/w">BERT</a></td><td>{5 + i}.78 min</td></tr>'
                   for i in range(6))
    page = ("<html><body>" + BOILERPLATE["en"]["nav"] + '<div class="post"><h1>MLPerf Training results</h1>'
            f"<div><p>{ARTICLE['en'][0]} {ARTICLE['en'][1]}</p></div>"
            f'<div class="results"><table><tr><th>System</th><th>Workload</th><th>Time</th></tr>{rows}</table></div>'
            "</div>" + BOILERPLATE["en"]["related"] + BOILERPLATE["en"]["footer"] + "</body></html>")
    text = clean_text(page).text
    assert "MLPerf Training results" in text
    for i in range(6):
        assert re.search(rf"System {i}\s+BERT\s+{5 + i}\.78 min", text)
    assert "Intel unveils Gaudi 3" not in text


@pytest.mark.parametrize("lang", ["en", "ko", "zh"])
def test_teasers_of_other_articles_go_but_a_listicle_keeps_its_items(lang):
    others = ARTICLE["ko" if lang != "ko" else "zh"]
    teasers = "".join(f'<div class="card"><h3><a href="/o{i}">Other story {i}</a></h3><div>{s}</div></div>'
                      for i, s in enumerate(others))
    article = "".join(f"<p>{s}</p>" for s in ARTICLE[lang] * 2)
    page = f'<html><body><div class="wrap"><h1>Title</h1>{article}<div class="more">{teasers}</div></div></body></html>'
    text = _compact(clean_text(page).text)
    for s in ARTICLE[lang]:
        assert _compact(s) in text
    assert not any(_compact(s) in text for s in others)
    # an article whose items are linked headings between its own paragraphs keeps them
    items = "".join(f'<h3><a href="https://shop.example/p{i}">Accelerator card {i}</a></h3><p>{s}</p>'
                    for i, s in enumerate(ARTICLE[lang]))
    listicle = _compact(clean_text(f"<html><body><div class='post'>{items}</div>{BOILERPLATE[lang]['nav']}"
                                   + "<p>x</p>" * 8 + "</body></html>").text)
    for i, s in enumerate(ARTICLE[lang]):
        assert _compact(f"Accelerator card {i}") in listicle and _compact(s) in listicle


def test_river_of_linked_items_goes_but_bullets_led_by_a_linked_name_stay():
    river = "".join(f'<li><a href="/n{i}">Chip maker {i} posts record quarter on strong AI demand</a> '
                    f"<span>SEOUL: Sales rose {i + 10} percent as data centre orders grew faster than expected.</span></li>"
                    for i in range(5))
    bullets = "".join(f'<li><a href="/s{i}">Accelerator {i}</a>: {i + 2}.5x faster than A100 on BERT</li>' for i in range(4))
    article = "".join(f"<p>{s}</p>" for s in ARTICLE["en"])
    page = (f'<html><body><div class="wrap"><h1>Title</h1>{article}<ul>{bullets}</ul>'
            f'<div class="breaking"><ul>{river}</ul></div></div>' + "<p>x</p>" * 6 + "</body></html>")
    text = clean_text(page).text
    for i in range(4):
        assert f"Accelerator {i}: {i + 2}.5x faster than A100 on BERT" in text
    assert "posts record quarter" not in text and "Sales rose" not in text


# --- lines_matching (one pass over a page instead of a search per line) ----------

_LINE_TEXT = st.lists(st.sampled_from(list("ab >»›\t\n.?") + ["首頁", " > ", "\n\n"]), max_size=80).map("".join)


@settings(max_examples=300, deadline=None)
@given(_LINE_TEXT)
def test_lines_matching_finds_the_lines_a_per_line_search_finds(text):
    from extractor.clean.junk import _patterns
    from extractor.clean.layout import lines_matching

    for pattern in (_patterns()["crumb_split"], re.compile("a+b"), re.compile(r"\?")):
        expected = [i for i, line in enumerate(text.split("\n")) if pattern.search(line)]
        assert lines_matching(pattern, text) == expected


def test_breadcrumb_lines_go_wherever_they_stand():
    from extractor.clean.junk import remove_breadcrumbs

    log = RepairLog()
    text = "Home > News > Chips > Title\nIt is 5 > 3 here.\n\nEEPW首頁 > 智能計算 > 業界動態 > 標題"
    assert remove_breadcrumbs(text, log) == "\nIt is 5 > 3 here.\n\n"
    assert log.count("breadcrumbs") == 2
