"""Property tests: real ko/zh/en sentences, damaged in each way scraped pages are, must
clean back to what the undamaged text cleans to (or within 1% CER where bytes were lost)."""
from __future__ import annotations

import html
import os
import re
from pathlib import Path

import ftfy.bad_codecs  # noqa: F401  (registers sloppy-windows-1252)
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from extractor.clean import clean_text, decode_bytes
from extractor.clean.korean_loss import find_dropped_syllables
from extractor.clean.lexicon import spam_terms

LANGID = Path(__file__).parents[2] / "shared" / "testdata" / "langid"


def _sentences(lang: str) -> list[str]:
    path = LANGID / f"sentences_{lang}.txt"
    if not path.exists():
        return []
    return [s.strip() for s in path.read_text("utf-8").splitlines() if s.strip()]


KO, ZH, EN = _sentences("ko"), _sentences("zh"), _sentences("en")
needs_data = pytest.mark.skipif(not (KO and ZH and EN), reason="shared/testdata/langid absent")
# CLEAN_PROPERTY_EXAMPLES=500 runs a longer, randomised search (for development)
_EXAMPLES = int(os.environ.get("CLEAN_PROPERTY_EXAMPLES", "0"))
SETTINGS = settings(max_examples=_EXAMPLES or 25, deadline=None, derandomize=not _EXAMPLES,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def sentences(pool: list[str], n: int = 3, at_least: int = 1):
    return st.lists(st.sampled_from(pool or ["x"]), min_size=at_least, max_size=n)


def cleaned(text: str) -> str:
    return clean_text(text).text


def cer(hyp: str, ref: str) -> float:
    """Character error rate: Levenshtein distance / len(ref)."""
    prev = list(range(len(ref) + 1))
    for i, h in enumerate(hyp, 1):
        cur = [i] + [0] * len(ref)
        for j, r in enumerate(ref, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (h != r))
        prev = cur
    return prev[-1] / max(1, len(ref))


def _mojibake_pieces(text: str, codec: str, picks: list[int], piece_len: int) -> str:
    """Replace some pieces of `text` by their UTF-8 bytes read with `codec` (only where
    that reading loses no byte), the way a page mixes mojibake with sound text."""
    out, pos, changed = [], 0, 0
    for p in sorted(set(picks)):
        start = p % max(1, len(text))
        if start < pos:
            continue
        piece = text[start:start + piece_len]
        try:
            bad = piece.encode("utf-8").decode(codec)
        except UnicodeDecodeError:
            continue
        if bad == piece:
            continue
        out.append(text[pos:start])
        out.append(bad)
        pos = start + len(piece)
        changed += 1
    out.append(text[pos:])
    assume(changed)
    return "".join(out)


@needs_data
@SETTINGS
@given(sentences(KO + ZH), st.sampled_from(["gbk", "big5", "cp949", "shift_jis"]),
       st.lists(st.integers(0, 10_000), min_size=1, max_size=4), st.integers(2, 6))
def test_cjk_mojibake_pieces_come_back_exactly(sents, codec, picks, piece_len):
    original = "\n\n".join(sents)
    damaged = _mojibake_pieces(original, codec, picks, piece_len)
    assert cleaned(damaged) == cleaned(original)


PUNCTUATED = ["’s", " — ", "“{}”", "‘{}’", "™"]


def _punctuate(sentence: str, choices: list[int]) -> str:
    words = sentence.split(" ")
    for c in {c % len(words): c for c in choices}.values():  # one mark per word
        i = c % len(words)
        kind = PUNCTUATED[c % len(PUNCTUATED)]
        if "{}" in kind:
            words[i] = kind.format(words[i])
        elif kind == " — ":
            words[i] = words[i] + " —"
        else:
            words[i] = words[i] + kind
    return " ".join(words)


@needs_data
@SETTINGS
@given(sentences(EN, 8, at_least=5), st.lists(st.integers(0, 10_000), min_size=1, max_size=4))
def test_english_read_as_gbk_loses_at_most_one_percent(sents, choices):
    # a page of prose with curly quotes, apostrophes, dashes and trade marks; GBK drops
    # the byte after some of them ("鈥 " for "— "), which can only be guessed back
    original = "\n\n".join(_punctuate(s, choices) for s in sents)
    assume(len(original) >= 400)  # a page: the rate is per page, single quotes are guesses
    damaged = original.encode("utf-8").decode("gbk", errors="ignore")
    assume(damaged != original)
    page = clean_text(damaged)
    assert "鈥" not in page.text and "鈩" not in page.text
    lost_bytes = len(original.encode("utf-8")) != len(damaged.encode("gb18030"))
    if lost_bytes:
        # a quote that lost its last byte cannot tell single from double: not counted
        same = str.maketrans("‘’", "“”")
        assert cer(page.text.translate(same), cleaned(original).translate(same)) <= 0.01
    else:
        assert page.text == cleaned(original)


@needs_data
@SETTINGS
@given(sentences(EN + KO + ZH), st.lists(st.sampled_from(["é", "’", "“", "”", "—", "ü", "…"]), min_size=1, max_size=4))
def test_latin1_mojibake_comes_back_exactly(sents, marks):
    original = "\n\n".join(s + " " + m + "x" for s, m in zip(sents, marks * 3))
    damaged = "\n\n".join(
        (line.encode("utf-8").decode("sloppy-windows-1252") if line.isascii() is False and
         all(ord(c) < 0x3000 for c in line) else line)
        for line in original.split("\n\n"))
    assume(damaged != original)
    assert cleaned(damaged) == cleaned(original)


TONED = ["jì", "yè", "tài", "shí", "xùn", "dòng", "guó", "zhōng", "xué", "lǜ", "nǚ", "chǎn"]


@needs_data
@SETTINGS
@given(sentences(ZH), st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from(TONED)), min_size=1, max_size=8))
def test_pinyin_annotations_are_removed_exactly(sents, inserts):
    original = "\n\n".join(sents)
    chars = list(original)
    for pos, syllable in sorted(dict(inserts).items(), reverse=True):
        i = pos % len(chars)
        if "\u4e00" <= chars[i] <= "\u9fff":
            chars.insert(i + 1, f"({syllable})")
    damaged = "".join(chars)
    assume(damaged != original)
    assert cleaned(damaged) == cleaned(original)


def _normalised(sentence: str) -> str:
    return " ".join(sentence.split())


@needs_data
@SETTINGS
@given(sentences(EN + KO + ZH, 5))
def test_html_junk_removed_and_every_sentence_kept(sents):
    body = "".join(f"<p class=\"x\">{html.escape(s)}</p>\n<delect id=\"q\"></delect>" for s in sents)
    page = ("<!DOCTYPE html><html><head><title>t</title><style>p { color: red; }</style>"
            "<script>var tracker = 1; function go() { return 2; }</script></head><body>"
            "<img height=\"1\" width=\"1\" style=\"display:none\" src=\"https://www.facebook.com/tr?id=1&amp;ev=PageView\">"
            f"<div>{body}</div><script>document.write('x');</script></body></html>")
    text = cleaned(page)
    for s in sents:
        # (a sentence holding an entity was escaped once more by the page)
        assert _normalised(cleaned(s)) in text or _normalised(s) in text
    for junk in ("<p", "</p>", "<delect", "var tracker", "facebook.com/tr", "document.write", "color: red"):
        assert junk not in text


@needs_data
@SETTINGS
@given(sentences(EN + KO + ZH, 5), st.lists(st.sampled_from(sorted(spam_terms()) or ["x"]), min_size=3, max_size=6))
def test_spam_and_leaked_script_lines_removed_sentences_kept(sents, terms):
    js = "(function(){ var bp = document.createElement('script'); bp.src = 'https://x.js'; })();"
    damaged = "\n\n".join([*sents[:1], ",".join(terms) + " " + js, *sents[1:], "1638413962408997.png"])
    page = clean_text(damaged)
    for s in sents:
        assert _normalised(cleaned(s)) in page.text
    assert "document.createElement" not in page.text and ".png" not in page.text
    assert not any(t in page.text for t in terms if t not in "\n".join(sents))


@needs_data
@SETTINGS
@given(sentences(KO + ZH, 5))
def test_letters_lost_to_question_marks_make_page_lossy(sents):
    original = "\n".join(sents)
    damaged = "".join("?" if not c.isascii() and c.isalpha() else c for c in original)
    page = clean_text(damaged)
    n_lost = damaged.count("?")
    assume(n_lost >= 20)  # a page's worth: a few "?" alone are style, not evidence
    n_kept = sum(1 for c in damaged if c.isalpha())
    assert page.lossy and page.lossy_ratio >= 0.9 * n_lost / (n_lost + n_kept)
    lost = sum(s.end - s.start for s in page.lossy_spans if s.kind == "question_marks")
    assert lost >= n_lost * 0.9


@needs_data
def test_real_question_marks_are_not_loss():
    questions = [s for s in EN if s.endswith("?")][:50]
    assert questions
    assert not clean_text("\n".join(questions)).lossy


@needs_data
@SETTINGS
@given(sentences(EN + KO + ZH, 3), st.integers(0, 10_000), st.integers(1, 4))
def test_replacement_characters_are_lossy_spans(sents, pos, n):
    text = "\n".join(sents)
    i = pos % len(text)
    page = clean_text(text[:i] + "\ufffd" * n + text[i:])
    spans = [s for s in page.lossy_spans if s.kind == "replacement_char"]
    # (the line may be junk that cleaning removes, breadcrumbs for instance)
    assert len(spans) == len(re.findall("\ufffd+", page.text))
    assert all(page.text[s.start:s.end] == "\ufffd" * (s.end - s.start) for s in spans)
    assert page.lossy == bool(spans)


@needs_data
def test_dropped_korean_su_is_detected_and_sound_korean_is_not():
    with_su = [s for s in KO if " 수 있" in s or " 수 없" in s]
    assert len(with_su) >= 8
    sound = clean_text("\n".join(with_su[:12]))
    damaged = clean_text("\n".join(s.replace(" 수 있", " 있").replace(" 수 없", " 없") for s in with_su[:12]))
    assert not sound.lossy
    assert damaged.lossy and any(s.kind == "dropped_syllables" for s in damaged.lossy_spans)


@needs_data
def test_dropped_dependent_noun_after_any_adnominal_is_found():
    # "검토된 바 있으나", "판단하는 것 같다": 바/것/적 between -ㄴ/-는 and 있다/같다
    dependent = re.compile(" (바|것|적) (?=[있없같])")
    sentences = [s for s in KO if dependent.search(s) and " 수 " not in s]
    assert len(sentences) >= 10
    damaged = [dependent.sub(" ", s) for s in sentences]
    found = [d for d in damaged if find_dropped_syllables(d, 1, 0.0)]
    assert len(found) >= 0.9 * len(damaged)
    assert not [s for s in sentences if find_dropped_syllables(s, 1, 0.0)]


def test_date_number_glued_to_a_bracket_is_found():
    # set1/ko_05: "슈퍼컴퓨터를 30일(현지 시각) 발표했다" that lost its 일
    sound = "엔비디아는 인공지능 모델을 학습시키는 머신러닝 슈퍼컴퓨터를 30일(현지 시각) 발표했다."
    damaged = sound.replace("30일(", "30(")
    assert [damaged[s.start:s.end] for s in find_dropped_syllables(damaged, 1, 0.0)] == ["30("]
    assert find_dropped_syllables(sound, 1, 0.0) == []
    # a model number glued to its bracket is a name, not a lost date
    assert find_dropped_syllables("애플은 M4(신경망 엔진 포함) 칩을 공개했고 가우디 3(인텔 제품) 가속기와 비교했다.", 1, 0.0) == []


@needs_data
def test_sound_korean_pages_are_not_lossy():
    for i in range(0, len(KO), 40):
        page = clean_text("\n".join(KO[i:i + 40]))
        assert not page.lossy, [page.text[s.start:s.end] for s in page.lossy_spans]


@needs_data
def test_sound_pages_come_through_unchanged_apart_from_layout():
    for pool in (EN, KO, ZH):
        text = "\n\n".join(pool[:60])
        page = clean_text(text)
        assert page.text == text.strip()
        assert page.repair_names == []


@needs_data
@SETTINGS
@given(st.sampled_from(["ko", "zh", "en"]), st.data())
def test_byte_encodings_are_detected(lang, data):
    pool = {"ko": KO, "zh": ZH, "en": EN}[lang]
    text = "\n".join(data.draw(sentences(pool, 8, at_least=4)))
    codecs = {"ko": ["cp949", "utf-16-le", "utf-16-be", "utf-8"],
              "zh": ["gb18030", "big5", "utf-16-le", "utf-8"],
              "en": ["cp1252", "utf-16-le", "utf-8"]}[lang]
    codec = data.draw(st.sampled_from(codecs))
    try:
        raw = text.encode(codec)
    except UnicodeEncodeError:
        assume(False)
    decoded, _ = decode_bytes(raw)
    assert decoded == text


@needs_data
@SETTINGS
@given(sentences(KO + ZH + EN, 4, at_least=2))
def test_utf8_read_as_strict_cp1252_comes_back_or_is_marked_lost(sents):
    # a strict cp1252 reader drops the five bytes cp1252 leaves undefined (81 8D 8F 90 9D);
    # every character comes back: as itself, as U+FFFD where the byte cannot be known, or
    # as a guess inside a span marked guessed_bytes
    original = "\n".join(sents)
    damaged = original.encode("utf-8").decode("cp1252", errors="ignore")
    assume(damaged != original)
    page = clean_text(damaged)
    expected = cleaned(original)
    assert len(page.text) == len(expected)
    guessed = {i for s in page.lossy_spans if s.kind == "guessed_bytes" for i in range(s.start, s.end)}
    assert all(a == b for i, (a, b) in enumerate(zip(page.text, expected))
               if a != "\ufffd" and i not in guessed)
    assert page.lossy == ("\ufffd" in page.text)


# --- the damaged-'?' pattern starts at its '?' (fast scan); same matches as written plainly

_PLAIN_DAMAGED_Q_RE = re.compile(r"\?{2,}|\?(?=[^\W_])|(?<=[^\W\d_])\?(?=[^\s.,!?\"')\]])|(?<=\d)\?(?= \d)")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(list("?? a1Z.,!'\")]_\n한計") + ["2007? 11?"]), max_size=40).map("".join))
def test_damaged_question_marks_match_the_plain_pattern(text):
    from extractor.clean.loss import _DAMAGED_Q_RE

    assert [m.span() for m in _DAMAGED_Q_RE.finditer(text)] == \
        [m.span() for m in _PLAIN_DAMAGED_Q_RE.finditer(text)]


# --- the precheck before ftfy's badness test: every bad text holds one of its characters


def _badness_alphabet() -> list[str]:
    """Every character ftfy's badness expression names (its classes expanded), with
    the ASCII and white space its branches read around them."""
    from ftfy.badness import BADNESS_RE

    chars = set()
    for m in re.finditer(r"(.)-(.)|(.)", BADNESS_RE.pattern, re.S):
        if m.group(3) is not None:
            chars.add(m.group(3))
        elif ord(m.group(2)) - ord(m.group(1)) < 600:
            chars.update(chr(c) for c in range(ord(m.group(1)), ord(m.group(2)) + 1))
        else:
            chars.update((m.group(1), m.group(2)))
    return sorted(c for c in chars if not c.isascii()) + list("aZ .,?!1") + ["\u00a0", "\n"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_badness_alphabet()), min_size=1, max_size=6).map("".join))
def test_what_ftfy_calls_bad_holds_a_character_of_the_precheck(text):
    from ftfy.badness import is_bad

    from extractor.clean.latin_mojibake import _BADNESS_NEEDS_RE

    assert not is_bad(text) or _BADNESS_NEEDS_RE.search(text)


def test_badness_matches_are_no_longer_than_the_window_searched_around_them():
    from re import _parser

    from ftfy.badness import BADNESS_RE

    from extractor.clean.latin_mojibake import _BADNESS_MAX_WIDTH

    assert _BADNESS_MAX_WIDTH == _parser.parse(BADNESS_RE.pattern, BADNESS_RE.flags).getwidth()[1]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_badness_alphabet() + ["jì", "Ã©", "â€™", "ëª¨", "  ", "text "]),
               max_size=40).map("".join))
def test_badness_searched_near_its_needed_characters_is_ftfys(text):
    from ftfy.badness import is_bad

    from extractor.clean.latin_mojibake import _is_bad

    assert _is_bad(text) == is_bad(text)


def test_precheck_passes_lines_of_sound_punctuation_without_the_badness_search():
    from extractor.clean.latin_mojibake import _BADNESS_NEEDS_RE

    assert not _BADNESS_NEEDS_RE.search("The IPU\u2011POD16\u00a0\u00b7 \u201cfast\u201d \u00a9 2021 \u2014 it\u2019s 28\u00b0")
    assert _BADNESS_NEEDS_RE.search("It\u00e2\u20ac\u2122s caf\u00c3\u00a9")
