"""What a price is per (an hour, a month, a year, a million tokens, or nothing: bought
once): real sentences of the development set's pages, cloud price lists and news, and
the rule's properties."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.clean.records import CleanedPage
from extractor.extract import extract_claims
from extractor.extract.context.context import PageContext
from extractor.extract.context.price_basis import basis_mentions, header_basis, price_basis_at
from extractor.langid import tag_page


def basis(sentence: str, number: str) -> str:
    start = sentence.index(number)
    return price_basis_at(sentence, start, start + len(number))


@pytest.mark.parametrize("sentence, number, expected", [
    # written against the number, after it or before it
    ("RunPod: B200 $5.98/hr, H100 $2.69/hr (2.22x premium for B200).", "$5.98", "hour"),
    ("Lambda offers on-demand H100 instances at $2.49 per GPU hour.", "$2.49", "hour"),
    ("the delta for a team running 10 H100s continuously is ~$70K/year vs AWS.", "$70K", "year"),
    ("ChatGPT Plus costs $20 a month.", "$20", "month"),
    ("serving Llama 3 70B at $0.60/M tokens, with an HGX H200 server", "$0.60", "Mtokens"),
    ("A100 租用价格为每小时7.5元", "7.5元", "hour"),
    ("RTX 4090 整机月租约3000元", "3000元", "month"),
    ("챗GPT 플러스 요금은 월 20달러다", "20달러", "month"),
    ("H100 GPU를 시간당 2달러에 빌려 쓸 수 있다", "2달러", "hour"),
    # named in its clause: both ends of a range, a figure after a dash
    ("on-demand H100 rental was running $3.00–$3.90/GPU-hr — down from $7.57 (AWS)",
     "$3.00", "hour"),
    ("on-demand H100 rental was running $3.00–$3.90/GPU-hr — down from $7.57 (AWS)",
     "$7.57", "hour"),
    ("B200在開源模型gpt-oss上把每百萬詞元成本壓到約0.02美元", "0.02美元", "Mtokens"),
    ("H100의 연간 구독료는 1만 달러다", "1만 달러", "year"),
    # carried from the clause before that names one: the same rent, a year later
    ("H100的8卡节点年租赁价格在12-18万人民币之间,现在已降至约7万人民币", "7万人民币", "year"),
    # two bases for one number: stated, but which is not known
    ("Hourly/monthly plans for the H100 start at $9.", "$9", "?"),
    # no basis: a price paid once
    ("英伟达B100 GPU的售價預計將在3萬至3.5萬美元之間", "3.5萬美元", ""),
    ("H100 GPU 탑재된 서버의 거래가는 현재 약 270만~280만위안 수준이다", "280만위안", ""),
    ("NVIDIA's H100 sells for $25,000 to $40,000 per GPU.", "$40,000", ""),
    ("엔비디아는 H200 칩의 가격을 개당 약 2만7000달러로 정했다", "2만7000달러", ""),
])
def test_the_basis_of_a_price(sentence, number, expected):
    assert basis(sentence, number) == expected


@pytest.mark.parametrize("text", [
    "3월 20달러", "지난 2024年租赁价格", "今年租金上涨", "세월 ", "a monthlyish fee", "hourlies",
])
def test_dates_and_other_words_are_no_basis(text):
    # '3월' is March, '2024年' a year, '今年' this year, '세월' time: no 월, 年 of a price
    assert basis_mentions(text) == ()


def test_a_basis_named_only_after_the_prices_clause_is_a_later_prices():
    s = "The H100 sells for $25,000, and rents for $2.49 per hour"
    assert basis(s, "$25,000") == ""
    assert basis(s, "$2.49") == "hour"


def test_a_header_states_the_basis_of_its_cells():
    assert header_basis("ProviderPrice/GPU-hr") == "hour"
    assert header_basis("月租(元)") == "month"
    assert header_basis("Price ($/hr, $/month)") == "?"
    assert header_basis("Price (USD)") == ""


BASES = ["/hr", "per month", "每月", "시간당", "a year", "/M tokens", "月租"]
PIECES = st.lists(st.one_of(st.sampled_from(BASES),
                            st.sampled_from(["$2.69", "H100", "price", "租金", "GPU", "2달러"]),
                            st.sampled_from([", ", " | ", " (", ") ", " and ", "，", " "])),
                  max_size=12)


@settings(max_examples=300, deadline=None)
@given(before=PIECES, after=PIECES)
def test_what_follows_the_prices_clause_never_changes_its_basis(before, after):
    head = " ".join(before) + " $5.00"
    start = head.index("$5.00", len(head) - 5)
    alone = price_basis_at(head, start, len(head))
    for separator in (", ", " | ", " (", "，"):
        longer = head + separator + " ".join(after)
        assert price_basis_at(longer, start, len(head)) == alone


@settings(max_examples=300, deadline=None)
@given(before=PIECES, written=st.sampled_from(["/hr", " per month", "/月", "/month",
                                              " per GPU-hour", " a year", "/M tokens"]))
def test_a_basis_written_right_after_the_price_speaks_for_it(before, written):
    head = " ".join(before) + " $5.00"
    start = head.index("$5.00", len(head) - 5)
    expected = basis_mentions(written.strip())[0][2]
    assert price_basis_at(head + written, start, len(head)) == expected


def contexts(text: str) -> dict[str, list[str]]:
    claims = extract_claims(tag_page(CleanedPage("prices.txt", text)))
    out: dict[str, list[str]] = {}
    for c in claims:
        out.setdefault(c.surface, []).append(PageContext.parse(c.context).per)
    return out


def test_claims_carry_their_basis_in_the_context():
    got = contexts("RunPod rents the H100 at $2.69/hr.\n\n"
                   "The H100 sells for about $25,000.\n\n"
                   "NVIDIA H100 delivers 1,979 TFLOPS at FP8.\n")
    assert got["$2.69"] == ["hour"] and got["$25,000"] == [""]
    assert got["1,979 TFLOPS"] == [""]  # only prices have a basis


def test_a_price_list_under_a_header_takes_its_basis():
    # a price table flattened to short lines: the header's basis holds for its rows
    got = contexts("H100 on-demand prices\n\nProviderPrice/GPU-hr\nAWS EC2 P5 H100~$3.90\n"
                   "Lambda Labs H100$2.99\nCoreWeave H100$6.16\n\n"
                   "The H100 sells for about $25,000.\n")
    assert got["$3.90"] == got["$2.99"] == got["$6.16"] == ["hour"]
    assert got["$25,000"] == [""]


def test_a_table_column_header_states_the_basis_of_its_cells():
    got = contexts("| Provider | H100 price/GPU-hr | H100 price to buy |\n"
                   "| --- | --- | --- |\n| Lambda | $2.49 | $25,000 |\n")
    assert got["$2.49"] == ["hour"] and got["$25,000"] == [""]


def test_a_price_restated_without_its_basis_takes_the_one_the_page_gave_it():
    got = contexts("Azure rents the H100 at $6.98/hr.\n\n"
                   "The Azure H100 premium is notable: $6.98 vs $3.00 for equivalent hardware.\n")
    assert got["$6.98"] == ["hour", "hour"]
    assert got["$3.00"] == [""]  # stated nowhere with a basis: none is made up


def test_an_amount_of_no_system_takes_no_other_amounts_basis():
    # a page of deals (AEB): "$60 cheaper" is not the "$60 every year" of a subscription
    got = contexts("Subscribing separately you'd be saving $60 every year.\n\n"
                   "This bundle is still up to $60 cheaper than the original console.\n")
    assert got["$60"] == ["year", ""]


def test_the_context_string_keeps_the_basis():
    ctx = PageContext.parse("accelerators=8;per=year")
    assert (ctx.accelerators, ctx.per) == ("8", "year")
    assert ctx.as_string() == "accelerators=8;per=year"


@pytest.mark.parametrize("sentence, price, basis", [
    # a point in time is no basis (AEB news page)
    ("The average retail price of a new vehicle sold locally in October was $39,014, "
     "up from $38,373 a year ago and from $34,410 in October 2015.", "$38,373", ""),
    ("Once you divide the total by 52 weeks in a year, the value is about $44.2 million per week.",
     "$44.2 million", "week"),
    ("you'd be paying around $17.99 per month, so you'd be saving $60 every year.", "$60", "year"),
    ("H100 rental fell to $2 an hour after the price cut", "$2", "hour"),
])
def test_time_points_weeks_and_every(sentence, price, basis):
    start = sentence.index(price)
    assert price_basis_at(sentence, start, start + len(price)) == basis


@pytest.mark.parametrize("sentence, price", [
    ("each post $100,000 bond within a week.", "$100,000"),
    ("The company spent $5 million for a year of compute.", "$5 million"),
])
def test_spans_of_time_are_no_basis(sentence, price):
    start = sentence.index(price)
    assert price_basis_at(sentence, start, start + len(price)) == ""
