"""Why each number of a page is or is not a claim (`extractor explain PAGE`).

`explain_page(path)` runs one page through the stages a run uses (clean -> langid ->
extract, with the run's default options) and returns, for every number of the page in
the order it appears, its decision: the not-a-claim rule that dropped it
(`not_claims.rules`: its name, stage and why), or the claim it became with its metric,
value and unit, system and workload, and the `link` evidence as the claim carries it
(where each name came from, and the named resolver that decided it).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from extractor.extract.not_claims.rules import BY_NAME, RULES, Rejection

#: characters of text shown on each side of a number
CONTEXT_CHARS = 24


@dataclass
class Explanation:
    """The decisions of one page: its claims and the numbers rejected (each with the
    rule that rejected it), offsets into the cleaned `text`."""
    doc_id: str
    lang: str
    text: str
    claims: list
    rejections: list[Rejection]

    def entries(self) -> list[tuple[int, int, object]]:
        """(start, end, claim or rejection) in page order; a numeral that two patterns
        read (once as the claim or rule of its span, once as 'inside_quantity') is
        listed once."""
        decided = {(c.start, c.end) for c in self.claims}
        decided |= {(r.start, r.end) for r in self.rejections if r.rule != "inside_quantity"}
        seen: set = set()
        out = []
        for r in self.rejections:
            key = (r.start, r.end, r.rule)
            if key in seen or (r.rule == "inside_quantity" and (r.start, r.end) in decided):
                continue
            seen.add(key)
            out.append((r.start, r.end, r))
        out += [(c.start, c.end, c) for c in self.claims]
        out.sort(key=lambda t: (t[0], -t[1], isinstance(t[2], Rejection)))
        return out

    def format(self) -> str:
        entries = self.entries()
        n_claims = sum(1 for *_, x in entries if not isinstance(x, Rejection))
        lines = [f"{self.doc_id}  lang={self.lang}  numbers={len(entries)}  claims={n_claims}  "
                 f"dropped={len(entries) - n_claims}"]
        for start, end, x in entries:
            where = f"{start}-{end}"
            near = _near(self.text, start, end)
            if isinstance(x, Rejection):
                lines.append(f"{where:>11}  {x.surface!r:<16} DROPPED {_rejection(x)}  | {near}")
            else:
                lines.append(f"{where:>11}  {x.surface!r:<16} CLAIM   {_claim(x)}  | {near}")
        used = dict.fromkeys(x.rule for *_, x in entries if isinstance(x, Rejection))
        if used:
            lines.append("rules (in the order they are tried):")
            lines += [f"  {r.name} ({r.stage}): {r.doc}" for r in RULES if r.name in used]
        return "\n".join(lines) + "\n"


def _rejection(r: Rejection) -> str:
    rule = BY_NAME[r.rule]
    detail = f" [{r.detail}]" if r.detail else ""
    return f"by {rule.name} ({rule.stage}){detail}"


def link_sources(link: str) -> dict[str, str]:
    """The fields of a claim's `link` column: "system=clause;workload=page_topic" ->
    {'system': 'clause', 'workload': 'page_topic'}; a part without '=' is kept whole.

    >>> link_sources("system=clause;workload=page_topic")
    {'system': 'clause', 'workload': 'page_topic'}
    >>> link_sources("")
    {}
    """
    out: dict[str, str] = {}
    for part in filter(None, (link or "").split(";")):
        key, sep, value = part.partition("=")
        out[key.strip() if sep else part] = value.strip() if sep else ""
    return out


def _claim(c) -> str:
    sources, deciders = link_sources(c.link), link_sources(getattr(c, "resolvers", ""))
    names = []
    for field in ("system", "workload", "baseline"):
        value = getattr(c, field, "")
        if value or field in sources:
            why = ", ".join(filter(None, (f"from {sources[field]}" if sources.get(field) else "",
                                          f"by {deciders[field]}" if deciders.get(field) else "")))
            names.append(f"{field}={value or '-'}" + (f" ({why})" if why else ""))
    parts = [f"metric={c.metric}", f"value={c.value:g}", f"unit={c.unit or '-'}"] + names
    if c.context:
        parts.append(f"context={c.context}")
    if c.flags:
        parts.append(f"flags={c.flags}")
    parts += [f"confidence={c.confidence:.2f}", f"link={c.link or '-'}"]
    return " ".join(parts)


_SPACES = re.compile(r"\s+")


def _near(text: str, start: int, end: int) -> str:
    before = _SPACES.sub(" ", text[max(0, start - CONTEXT_CHARS):start])
    after = _SPACES.sub(" ", text[end:end + CONTEXT_CHARS])
    return f"…{before}[{_SPACES.sub(' ', text[start:end])}]{after}…"


def explain_page(path: Path, config=None) -> Explanation:
    """The decisions on the numbers of the page at `path` (a run's default options, or
    those of `config`, an `extractor.config.Config`). Raises on a page that cannot be
    read (FileNotFoundError, ValueError with the reader's reason) and on bugs."""
    from extractor.config import Config  # noqa: PLC0415 - the stages load their models on first use
    from extractor.ingest import read_page  # noqa: PLC0415

    config = config or Config()
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no such file: {path}")
    raw = read_page(path, path.parent, config.max_page_bytes)
    if raw.error:
        raise ValueError(f"{path}: {raw.error}")
    return explain_raw(raw, config)


def explain_text(text: str, doc_id: str = "snippet.txt", config=None) -> Explanation:
    """The decisions on the numbers of `text`, read as a page of that name.

    >>> e = explain_text("Graphcore's IPU-POD16 trained ResNet-50 in 28.3 minutes.")
    >>> [(x.surface, getattr(x, "rule", "claim")) for _, _, x in e.entries()]
    [('16', 'in_name_or_code'), ('50', 'in_name_or_code'), ('28.3 minutes', 'claim')]
    """
    from extractor.ingest import RawPage  # noqa: PLC0415

    return explain_raw(RawPage(doc_id, text.encode("utf-8")), config)


def explain_raw(raw, config=None) -> Explanation:
    """The decisions on the numbers of a read page (`ingest.RawPage`), through the stages
    a run uses."""
    from extractor.clean import clean_page  # noqa: PLC0415
    from extractor.config import Config  # noqa: PLC0415
    from extractor.extract.claims import extract_claims  # noqa: PLC0415
    from extractor.langid import tag_page  # noqa: PLC0415

    config = config or Config()
    cleaned = clean_page(raw, config.clean)
    tagged = tag_page(cleaned, config.langid)
    rejections: list[Rejection] = []
    claims = extract_claims(tagged, config.claims, rejections=rejections)
    return Explanation(raw.doc_id, tagged.lang.lang, cleaned.text or "", claims, rejections)
