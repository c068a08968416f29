"""Topics: the system and workload a sentence inherits when it names none.

A page about one product rarely repeats the product's name beside each number
("It delivers 4,614 TFLOPs ... 192GB of memory capacity per chip"). CLAIMS.md: a page, a
table caption or a section heading that names one system or workload gives it to the
claims below it that name none. This module finds, for a sentence:

- the sentence before it in its paragraph (`previous_sentence`), when the sentence refers
  back to it ("it", "이는", "其"; not a connective holding those letters: "此外", "그래픽"),
  lost its words, or the one before names one subject;
- the section heading above its paragraph (`heading`): a short line without final
  punctuation that does not repeat the page's title (`repeats_title`);
- for the first sentence of a paragraph, the one subject of the nearest paragraph before
  that names any, up to `CARRY_PARAGRAPHS` back (also recorded as `previous_sentence`);
- for a sentence that names only the baseline of its comparison, the performer of the
  sentences just before (`earlier_subject`);
- the page's subject (`page_topic`, `PageTopic`): the system the title names, else the
  system named in the first paragraph, else one system that most of the page's
  mentions name; and the one product the page ties to a family by name
  (`PageTopic.product_of_family`: "The H100 (Hopper-based) GPU").
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from extractor import lexicons
from extractor.extract.text.cues import across_contrast, cues, lang_key, words_regex
from extractor.extract.text.regex_tools import literal_alternation
from extractor.extract.sentences.roles import Mention, SentenceInfo
from extractor.extract.tables.tables import is_table_row

#: a heading is shorter than this many characters
HEADING_MAX_CHARS = 60
#: share of the page's subject mentions one system needs to be the page's topic when
#: neither the title nor the first paragraph names one
DOMINANT_SHARE = 0.5
#: sentences that make up the page's opening (title and first paragraph); scraped pages
#: often keep a few navigation lines above the title
OPENING_SENTENCES = 6


#: what ends a line of running text, not a heading
_FINAL_PUNCTUATION = (".", "。", "!", "?", "！", "？", ":", "：", ",", "，")


def is_heading(info: SentenceInfo) -> bool:
    """A short line without final punctuation starts a new topic.

    >>> is_heading(SentenceInfo(0, 20, "Google Ironwood TPU", "en", 0))
    True
    >>> is_heading(SentenceInfo(0, 20, "It delivers 4,614 TFLOPs.", "en", 0))
    False
    >>> is_heading(SentenceInfo(0, 20, "| H100 | 80 GB |", "en", 0))  # a table row
    False
    """
    if info._heading is None:  # (read once per sentence: the lines after it ask again)
        t = info.text.strip()
        # (the row test last: most short lines end with a stop or are not rows)
        info._heading = 0 < len(t) < HEADING_MAX_CHARS and not t.endswith(_FINAL_PUNCTUATION) \
            and not is_table_row(info.text)
    return info._heading


def refers_back(text: str, lang_key_: str) -> bool:
    """The text refers to what the sentence before it spoke of ("it", "이는", "其"), by a
    word that is not part of a connective or another word (`not_back_references`: "此外"
    besides, "这一轮" this round, "그래픽" graphics).

    >>> refers_back("其性能提升了27%", "zh"), refers_back("此外,通过软件改进,H200在这一轮提交中提升了27%", "zh")
    (True, False)
    >>> refers_back("그래픽처리장치(GPU)로 구동할 경우", "ko"), refers_back("이는 H100보다 2배", "ko")
    (False, True)
    """
    rx = cues().back_refs.get(lang_key_)
    m = rx.search(text) if rx is not None and text else None
    if m is None:  # (most sentences: one search, as before)
        return False
    not_rx = _not_back_references(lang_key_)
    while m is not None:
        if not_rx is None or not _inside(not_rx, text, m.start(), m.end()):
            return True
        m = rx.search(text, m.end())
    return False


#: how far before a back reference a word holding it may start ("与此同时": 1, "除此之外": 1)
_HOLDER_REACH = 3


def _inside(rx: re.Pattern, text: str, start: int, end: int) -> bool:
    """Whether a match of `rx` covers text[start:end]."""
    for s in range(max(0, start - _HOLDER_REACH), start + 1):
        m = rx.match(text, s)
        if m is not None and m.end() >= end:
            return True
    return False


@lru_cache(maxsize=None)
def _not_back_references(lk: str) -> re.Pattern | None:
    """The words of `claims_links.json` not_back_references of a language, one pattern."""
    words = lexicons.load("claims_links.json").get("not_back_references", {}).get(lk)
    return words_regex(words) if words else None


def previous(infos: list[SentenceInfo], idx: int, crossing: bool = False) -> SentenceInfo | None:
    """The sentence before `idx` in its paragraph; with `crossing`, also the last sentence
    of the paragraph before (a paragraph that opens with "this" continues the last one),
    unless that is a heading."""
    if idx <= 0:
        return None
    prev = infos[idx - 1]
    if prev.paragraph == infos[idx].paragraph:
        return prev
    if crossing and not is_heading(prev):
        return prev
    return None


def heading_above(infos: list[SentenceInfo], idx: int) -> SentenceInfo | None:
    """The nearest heading above sentence `idx` (its own paragraph's first line, or a line
    before the paragraph), not the page's first line (that is the page topic)."""
    para = infos[idx].paragraph
    j = idx - 1
    while j > 0 and infos[j].paragraph >= para - 1:
        line = infos[j]
        heading = line._heading  # (kept on the line by `is_heading`: every line below asks)
        if heading is None:
            heading = is_heading(line)
        if heading:
            return line if not _in_title_block(infos, j) and not repeats_title(infos, j) else None
        j -= 1
    return None


def repeats_title(infos: list[SentenceInfo], j: int) -> bool:
    """Whether line `j` repeats a line of the page's opening (its title) word for word, as
    scraped pages repeat the title under images and in share boxes: the title again, no
    section heading.

    >>> t = "NVIDIA GB300 GPU首次支持PCIe 6.0"
    >>> infos = [SentenceInfo(0, 1, t, "zh", 0), SentenceInfo(0, 1, "正文。", "zh", 1),
    ...          SentenceInfo(0, 1, t, "zh", 2), SentenceInfo(0, 1, "性能方面", "zh", 3)]
    >>> repeats_title(infos, 2), repeats_title(infos, 3), repeats_title(infos, 0)
    (True, False, False)
    """
    text = infos[j].text.strip()
    for i in range(j if j < OPENING_SENTENCES else OPENING_SENTENCES):
        # (a line that does not hold it is no repeat, and is not stripped)
        other = infos[i].text
        if text in other and other.strip() == text:
            return True
    return False


def _in_title_block(infos: list[SentenceInfo], j: int) -> bool:
    """Whether heading `j` is a subtitle of the page: one of the opening lines, with
    nothing but headings above it ("삼성 품은 AMD 인스팅트 MI350 ..." over "이전 세대 대비 ...
    차세대 'MI400'은 2배 성능 향상 제시"). It belongs to the title (`PageTopic`), not to the
    section under it."""
    return j < OPENING_SENTENCES and all(is_heading(infos[i]) for i in range(j))


def carried_workload(infos: list[SentenceInfo], idx: int, max_back: int) -> tuple[Mention | None, str]:
    """(workload, where) a sentence without one takes: the last workload named up to
    `max_back` sentences back in its paragraph, or by the heading over the paragraph."""
    info = infos[idx]
    for back in range(1, max_back + 1):
        j = idx - back
        if j < 0:
            break
        crossed = infos[j].paragraph != info.paragraph
        if crossed and (j == 0 or not is_heading(infos[j])):
            break  # the page's first line is its title: the page topic, not a heading
        if infos[j].workloads:
            return infos[j].workloads[-1], "heading" if crossed else "previous_sentence"
        if crossed:  # a heading names the topic of the paragraph under it
            break
    return None, ""


def carried_system(infos: list[SentenceInfo], idx: int, clause: tuple[int, int]) -> tuple[Mention | None, str]:
    """(mention, where) of the system a sentence that names none inherits: the subject of
    the sentence before when it is referred back to (or this sentence lost its words, or
    the sentence before has one subject only), else the heading's. A name of the sentence
    before that stands beyond a contrast break ("311.9分钟——512个H100加速器需要64.3分钟")
    is the contrasted side's, not the topic carried on."""
    info = infos[idx]
    return carried_system_given(infos, idx, refers_back(info.text[:clause[1]], lang_key(info.lang)))


def carried_system_given(infos: list[SentenceInfo], idx: int, back: bool) -> tuple[Mention | None, str]:
    """`carried_system`, given whether the sentence up to the number's clause end refers
    back (the only way it depends on the clause: its numbers in clauses that agree share it)."""
    info = infos[idx]
    before = previous(infos, idx, crossing=back)
    if before is not None:
        subjects = [m for m in before.subjects()
                    if not across_contrast(before.text, before.lang, 0, m.start)]
        if subjects and (back or info.lossy or len({m.entity.canonical for m in subjects}) == 1):
            return subjects[0], "previous_sentence"
    head = heading_above(infos, idx)
    if head is not None and len({m.entity.canonical for m in head.subjects()}) == 1:
        return head.subjects()[0], "heading"
    if before is None and head is None:
        return _paragraph_before_subject(infos, idx)
    return None, ""


def earlier_subject(infos: list[SentenceInfo], idx: int, baseline: str,
                    max_back: int = 3) -> Mention | None:
    """The performer of a comparison whose sentence names only the baseline ("H200은 ...
    출시된다. 141GB가 장착된다. 기존 H100보다 2배 빠르다"): the last subject, other than the
    baseline, of the few sentences before it in its paragraph."""
    para = infos[idx].paragraph
    for j in range(idx - 1, max(-1, idx - 1 - max_back), -1):
        if infos[j].paragraph != para:
            break
        others = [m for m in infos[j].subjects() if m.entity.canonical != baseline]
        if others:
            return others[-1]
    return None


#: paragraphs naming no system a subject is carried across ("性能方面,…15PFlops" then
#: "二是SFU…从5TF/s来到10.7TF/s": the enumeration goes on about the same product)
CARRY_PARAGRAPHS = 3


def _paragraph_before_subject(infos: list[SentenceInfo], idx: int) -> tuple[Mention | None, str]:
    """The one subject of the nearest paragraph before that names any, for the first
    sentence of a paragraph that names none ("Blackwell Ultra仍然是台积电4NP工艺…" then
    "GPU、GPU之间通过1.8TB/s带宽的第五代NVLink互连"): a news paragraph goes on about what the
    one before described, across at most `CARRY_PARAGRAPHS` paragraphs naming none. Not
    across a heading or the page's first line (the title is the page topic)."""
    if idx <= 0 or infos[idx - 1].paragraph == infos[idx].paragraph:
        return None, ""
    j = idx - 1
    for _ in range(CARRY_PARAGRAPHS):
        while j > 0 and repeats_title(infos, j):  # the title repeated is no paragraph of the text
            j -= 1
        para = infos[j].paragraph
        names: dict[str, Mention] = {}
        while j >= 0 and infos[j].paragraph == para:
            if is_heading(infos[j]) or j == 0:
                return None, ""
            for m in infos[j].subjects() if infos[j].systems else ():
                if not across_contrast(infos[j].text, infos[j].lang, 0, m.start):
                    names.setdefault(m.entity.canonical, m)
            j -= 1
        if names:
            return (next(iter(names.values())), "previous_sentence") if len(names) == 1 else (None, "")
    return None, ""


@lru_cache(maxsize=None)
def topic_particles(lk: str) -> tuple[re.Pattern, re.Pattern] | None:
    """(topic, oblique): the particles right after a name (a class noun may stand between
    for the topic) that make it the clause's topic or put it in another case:
    `claims_links.json` topic_over_oblique."""
    d = lexicons.load("claims_links.json").get("topic_over_oblique", {}).get(lk)
    if not d:
        return None
    topic = re.compile(r"\s*(?:(?:" + literal_alternation(d["class_nouns"]) + r")\s*)?(?:"
                       + literal_alternation(d["topic_particles"]) + r")(?![가-힣A-Za-z0-9])")
    oblique = re.compile(r"\s*(?:" + literal_alternation(d["oblique_particles"]) + r")(?![가-힣])")
    return topic, oblique


#: a bracket opening between a product's name and its family's ("H100 (Hopper-based)")
_BRACKET_OPEN = re.compile(r"\s*[(（]\s*")


@lru_cache(maxsize=1)
def _family_ties() -> tuple[re.Pattern, re.Pattern]:
    """(counted before the product, modifier of the product): how a sentence ties a
    product to its family by name, from `claims_links.json` family_ties. Counted: the
    family's chips counted right after its name (a class noun between), then a few words
    within one clause, then the product ("Blackwell GPU 8개를 탑재한 단일 NVIDIA DGX B200",
    "8颗Blackwell GPU的DGX B200"); modifier: "Blackwell-based B200", "Hopper架构的H100",
    "블랙웰 기반 B200"."""
    ties = lexicons.load("claims_links.json")["family_ties"]
    counted = re.compile(rf"\s*(?:{literal_alternation(ties['class_nouns'])})?\s*\d+\s*"
                         rf"(?:{literal_alternation(ties['counters'])})?[^,，;；.。]{{0,16}}$", re.IGNORECASE)
    modifier = re.compile(rf"\s*(?:-?\s*(?:{literal_alternation(ties['modifiers'])})\s*)?", re.IGNORECASE)
    return counted, modifier


def _tied(text: str, product: Mention, family: Mention) -> bool:
    """Whether the sentence ties `product` to `family` by name: the family in brackets
    right after the product, the family's chips counted right before it, or the family
    written as the product's modifier ("Nvidia's Blackwell B200 processor")."""
    if family.start >= product.end:
        return _BRACKET_OPEN.fullmatch(text, product.end, family.start) is not None
    if family.end > product.start:
        return False
    counted, modifier = _family_ties()
    return (counted.match(text, family.end, product.start) is not None
            or modifier.fullmatch(text, family.end, product.start) is not None)


@dataclass
class PageTopic:
    """The system (and workload) a page is about, if it is about one."""

    system: Mention | None = None
    workload: Mention | None = None
    #: vendor -> the page's product of it named most often (first named on a tie), read once
    _by_vendor: dict | None = field(default=None, repr=False, compare=False)
    #: family -> the one product the page ties to it by name ("The H100 (Hopper-based) GPU"), read once
    _families: dict | None = field(default=None, repr=False, compare=False)
    #: canonical name -> the classes the page writes right after it ("Trn2 instances":
    #: instance; `class_reference.page_classes`), read once, when a sentence first makes a
    #: class reference
    product_classes: dict | None = field(default=None, repr=False, compare=False)

    def product_of_family(self, family: str, infos: list[SentenceInfo]) -> Mention | None:
        """The one product the page writes as one of `family`: the family right after its
        name in brackets ("The H100 (Hopper-based) GPU", "H100（Hopper架构）"), or chips of
        the family counted right before it ("NVIDIA Blackwell GPU 8개를 탑재한 단일 NVIDIA
        DGX B200 노드"): the page's "Hopper GPU", "Blackwell" is then that product, not the
        family at large. None when the page ties none or several to it."""
        if self._families is None:
            tied: dict[str, dict[str, Mention]] = {}
            for info in infos:  # read once per page
                for f in info.systems:
                    if not f.family:
                        continue
                    for p in info.systems:
                        if not p.family and not p.component and _tied(info.text, p, f):
                            tied.setdefault(f.entity.canonical, {}).setdefault(p.entity.canonical, p)
            self._families = {f: next(iter(ps.values())) for f, ps in tied.items() if len(ps) == 1}
        return self._families.get(family)

    def product_of_vendor(self, vendor: str, infos: list[SentenceInfo]) -> Mention | None:
        """The page's product of `vendor`: the one of its systems the page names most
        (the first named on a tie); parts and families are no product."""
        if self._by_vendor is None:
            counts: Counter = Counter()
            first: dict[str, Mention] = {}
            for info in infos:  # every name (a page-wide count: no sentence's roles read)
                for m in info.systems:
                    if m.entity.vendor and not m.component and not m.family:
                        counts[(m.entity.vendor, m.entity.canonical)] += 1
                        first.setdefault(m.entity.canonical, m)
            best: dict[str, tuple[int, Mention]] = {}
            for (v, name), n in counts.items():  # Counter keeps first-seen order: ties keep the first
                if v not in best or n > best[v][0]:
                    best[v] = (n, first[name])
            self._by_vendor = {v: m for v, (_, m) in best.items()}
        return self._by_vendor.get(vendor)

    @classmethod
    def of(cls, infos: list[SentenceInfo]) -> PageTopic:
        """The page's subject: the first system the title (first line) names, else the
        first paragraph's, else the one system most subject mentions of the page name."""
        opening = infos[:OPENING_SENTENCES]
        # a title-like line (short, no final stop) first, else the first sentence
        headings = [is_heading(i) for i in opening]
        ordered = [i for i, h in zip(opening, headings) if h] + \
            [i for i, h in zip(opening, headings) if not h]
        for info in ordered:
            subjects = info.subjects()
            if subjects:
                return cls(subjects[0], _page_workload(opening, infos))
        counts = Counter(m.entity.canonical for info in infos for m in info.subjects())
        if counts:
            name, n = counts.most_common(1)[0]
            if n >= 2 and n >= DOMINANT_SHARE * sum(counts.values()):
                first = next(m for info in infos for m in info.subjects() if m.entity.canonical == name)
                return cls(first, None)
        return cls()


def _page_workload(opening: list[SentenceInfo], infos: list[SentenceInfo]) -> Mention | None:
    """The workload a page is about: the one its opening names, or, where the opening
    names several ("we discussed Llama 2 70B ... this post covers Llama 3.1"), the one of
    them the page names most often, if it is named more often than any other."""
    named = {m.entity.canonical: m for info in opening for m in info.workloads}
    if len(named) == 1:
        return next(iter(named.values()))
    counts = Counter(m.entity.canonical for info in infos for m in info.workloads)
    if not named:
        # an opening that names no model, on a page that names one only, more than once
        # ("a B200 GPU delivers 10,755 tokens/second ... the MLPerf Llama 2 70B benchmark")
        if len(counts) == 1 and next(iter(counts.values())) >= 2:
            return next(m for info in infos for m in info.workloads)
        return None
    ranked = counts.most_common()
    top = [name for name, n in ranked if n == ranked[0][1]]
    if len(top) == 1 and top[0] in named and ranked[0][1] >= 2:
        return named[top[0]]
    return None
