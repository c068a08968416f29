"""Byte decoding on real text in legacy encodings: how many probe pages decode exactly.

Probes are made from real text: the undamaged development-set pages
(../shared/devset/corpus, en -> cp1252, ko -> CP949 and EUC-KR, zh-Hans -> GB18030,
zh-Hant -> Big5) and the Japanese sentences of ../shared/testdata/langid (-> Shift-JIS),
cut into windows of a few lines; a window is a probe when it holds a non-ASCII character
its codec can write (English windows: a curly quote, a dash, an accent, a euro sign).
Each probe is decoded bare and as an HTML page declaring its charset. Printed: exact
decodings per codec for `decode_bytes` and for charset-normalizer's best guess alone,
and how many bare probes `clean_page` flags lossy that it does not flag as UTF-8 (a text
with `?` in it is lossy in any encoding). A page declaring Shift_JIS is read as CP932,
its Microsoft superset that such pages are written in: the probes, written with Python's
strict Shift-JIS, differ there only in 〜 (WAVE DASH) read as ～.

    .venv/bin/python benchmarks/bench_encoding.py [--lines 6]
"""
from __future__ import annotations

import argparse
import re
import time
from collections import Counter
from pathlib import Path

import charset_normalizer

from extractor.clean import clean_page
from extractor.clean.encoding import decode_bytes
from extractor.ingest import RawPage

SHARED = Path(__file__).resolve().parents[2] / "shared"
CODECS = {"en": ["cp1252"], "ko": ["cp949", "euc_kr"], "zh-Hans": ["gb18030"],
          "zh-Hant": ["big5"], "ja": ["shift_jis"]}
_NAMES = {"cp1252": "windows-1252", "cp949": "ks_c_5601-1987", "euc_kr": "euc-kr",
          "gb18030": "gb18030", "big5": "big5", "shift_jis": "shift_jis"}
_HANT_RE = re.compile("[們這說為與會個來時學國灣]")


def _windows(lines: list[str], size: int) -> list[str]:
    return ["\n".join(lines[i:i + size]) for i in range(0, len(lines), size)]


def probes(size: int = 6) -> list[tuple[str, str, str]]:
    """(codec, name, text) of every probe window."""
    out = []
    pages = sorted((SHARED / "devset" / "corpus").glob("set*/*.txt"))
    for path in pages:
        if "__" in path.name:  # damaged copies: the undamaged source pages only
            continue
        text = path.read_text("utf-8")
        lang = path.name[:2]
        if lang == "zh":
            lang = "zh-Hant" if len(_HANT_RE.findall(text)) > 5 else "zh-Hans"
        lines = [line for line in text.splitlines() if line.strip()]
        for k, window in enumerate(_windows(lines, size)):
            for codec in CODECS[lang]:
                probe = _encodable(window, codec)
                if probe and not probe.isascii():
                    out.append((codec, f"{path.parent.name}/{path.name}#{k}", probe))
    ja = SHARED / "testdata" / "langid" / "sentences_ja.txt"
    if ja.exists():
        lines = [s for s in ja.read_text("utf-8").splitlines() if s.strip()]
        for k, window in enumerate(_windows(lines, size)[:40]):
            probe = _encodable(window, "shift_jis")
            if probe:
                out.append(("shift_jis", f"ja#{k}", probe))
    return out


def _encodable(text: str, codec: str) -> str:
    """The lines of `text` that `codec` can write whole."""
    keep = []
    for line in text.splitlines():
        try:
            line.encode(codec)
        except UnicodeEncodeError:
            continue
        keep.append(line)
    return "\n".join(keep)


def _html(text: str, codec: str) -> str:
    body = "".join(f"<p>{line}</p>\n" for line in text.splitlines())
    return (f'<!DOCTYPE html>\n<html><head><meta charset="{_NAMES[codec]}">'
            f"<title>t</title></head><body><article>{body}</article></body></html>")


def _normalizer(data: bytes) -> str:
    best = charset_normalizer.from_bytes(data).best()
    return str(best) if best is not None else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=6, help="lines per probe window")
    args = parser.parse_args()
    found = probes(args.lines)
    total, ours, theirs, lossy = Counter(), Counter(), Counter(), Counter()
    seconds = Counter()
    for codec, _, text in found:
        for declared in (False, True):
            page = _html(text, codec) if declared else text
            data = page.encode(codec)
            key = (codec, "declared" if declared else "bare")
            total[key] += 1
            start = time.process_time()
            ours[key] += decode_bytes(data)[0] == page
            seconds["decode_bytes"] += time.process_time() - start
            start = time.process_time()
            theirs[key] += _normalizer(data) == page
            seconds["charset-normalizer"] += time.process_time() - start
            if not declared:
                lossy[key] += clean_page(RawPage("probe", data)).lossy and \
                    not clean_page(RawPage("probe", page.encode("utf-8"))).lossy
    print(f"{sum(total.values())} probes ({len(found)} windows, each bare and declared)")
    print(f"{'codec':10s} {'how':9s} {'probes':>6s} {'decode_bytes':>12s} {'charset-normalizer':>18s} {'lossy':>5s}")
    for key in sorted(total):
        print(f"{key[0]:10s} {key[1]:9s} {total[key]:6d} {ours[key]:12d} {theirs[key]:18d} "
              f"{lossy[key] if key[1] == 'bare' else '':>5}")
    print(f"{'all':20s} {sum(total.values()):6d} {sum(ours.values()):12d} {sum(theirs.values()):18d} "
          f"{sum(lossy.values()):5d}")
    n = sum(total.values())
    for name, s in seconds.items():
        print(f"{name}: {1000 * s / n:.2f} ms/probe (cpu)")


if __name__ == "__main__":
    main()
