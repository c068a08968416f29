"""Crawls: the pages inside a WARC file (`.warc`, `.warc.gz`), read record by record.

A crawler (wget --warc-file, Heritrix, Browsertrix, StormCrawler, ...) writes what it
fetched as WARC records. A record is a page when it is a `response` with HTTP status 200,
or a `resource` (a file stored without HTTP), whose content type is HTML or text
(`PAGE_TYPES`). Its doc_id is `<warc doc_id>#<WARC-Record-ID>` (the
record id without its angle brackets), its url the `WARC-Target-URI`, its charset the
one its `Content-Type` header declares, and its bytes the HTTP payload (transfer and
content encodings undone). Every other record (requests, metadata, revisits, redirects,
errors, images) is counted and skipped; the counts are logged per file.

Records are streamed: one page's bytes are held at a time, whatever the file's size. A
damaged file (truncated, bad gzip, empty, not a WARC at all) gives one error row for the file
(doc_id `<warc doc_id>`) saying after how many records it broke; the pages read before
the damage keep their rows. A page over the size limit gets an error row of its own.
"""
from __future__ import annotations

import logging
import re
import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

logger = logging.getLogger(__name__)

WARC_SUFFIXES = (".warc", ".warc.gz")
#: content types of the records that are pages
PAGE_TYPES = frozenset({"text/html", "application/xhtml+xml", "text/plain"})
_CHARSET_RE = re.compile(r"charset\s*=\s*[\"']?([A-Za-z0-9_.:-]+)", re.IGNORECASE)


def is_warc_name(name: str) -> bool:
    """True for the file names of WARC files.

    >>> is_warc_name("crawl.warc.gz"), is_warc_name("CRAWL.WARC"), is_warc_name("a.gz")
    (True, True, False)
    """
    return name.lower().endswith(WARC_SUFFIXES)


def content_type(value: str | None) -> tuple[str, str]:
    """(media type, charset) of a Content-Type header.

    >>> content_type("text/html; charset=EUC-KR")
    ('text/html', 'EUC-KR')
    >>> content_type(None)
    ('', '')
    """
    if not value:
        return "", ""
    media = value.split(";", 1)[0].strip().lower()
    match = _CHARSET_RE.search(value)
    return media, match.group(1) if match else ""


def record_content_type(record) -> tuple[str, str]:
    """(media type, charset) a record declares for its page: a response's HTTP header,
    a resource's WARC header; ('', '') when there is none."""
    headers = record.http_headers if record.rec_type == "response" else record.rec_headers
    return content_type(headers.get_header("Content-Type") if headers is not None else None)


def _skip_reason(record, media: str) -> str:
    """Why a record with content type `media` is not a page ('' for a page)."""
    kind = record.rec_type
    if kind not in ("response", "resource"):
        return kind or "no WARC-Type"
    if kind == "response":
        if record.http_headers is None:
            return "response without HTTP headers"
        status = record.http_headers.get_statuscode()
        if status != "200":
            return f"HTTP status {status}"
    if media not in PAGE_TYPES:
        return f"content type {media or 'unknown'}"
    return ""


def _record_id(record) -> str:
    return (record.rec_headers.get_header("WARC-Record-ID") or "").strip().strip("<>")


class DamagedWarc(Exception):
    """The file is no WARC, or it breaks off inside a record."""


def iter_warc_pages(path: Path, doc_id: str, max_bytes: int, opener=None) -> Iterator:
    """The pages of one WARC file (see the module's doc), in file order. `opener(path)`
    opens it (default: `open(path, 'rb')`; ingest's checks where it leads)."""
    from warcio.archiveiterator import ArchiveIterator  # noqa: PLC0415 - only crawls need it
    from extractor.ingest import LinkNotFollowed, RawPage  # noqa: PLC0415 - ingest reads crawls through here

    skipped: Counter = Counter()
    n_records = n_pages = 0
    try:
        f = opener(path) if opener is not None else open(path, "rb")
    except OSError as exc:
        logger.warning("cannot read %s: %s", path, exc)
        reason = str(exc.strerror) if isinstance(exc, LinkNotFollowed) else \
            f"cannot read file: {exc.strerror or exc}"
        yield RawPage(doc_id, error=reason, size=0)
        return
    try:
        with f:
            records = ArchiveIterator(f)
            end = 0  # where the last whole record ended in the file
            for record in records:
                # warcio reads a header cut before its length as an empty record
                declared = record.rec_headers.get_header("Content-Length") or ""
                if record.rec_type is None or not declared.strip().isdigit():
                    raise DamagedWarc("a record header without its type or length")
                media, charset = record_content_type(record)
                reason = _skip_reason(record, media)
                page = None
                if reason:
                    skipped[reason] += 1
                else:
                    page = _page(record, doc_id, max_bytes, charset)
                end = _record_end(records, record)
                n_records += 1
                if page is not None:
                    n_pages += 1
                    yield page
            # warcio ends quietly where a file breaks off between or inside record headers
            f.seek(end)
            if f.read(8).strip(b"\r\n"):
                raise DamagedWarc(f"bytes after the last whole record, at offset {end}")
            if not n_records:
                raise DamagedWarc("no WARC record in it (an empty file?)")
    except Exception as exc:  # noqa: BLE001 - warcio raises anything on malformed bytes
        # (ArchiveLoadFailed, zlib.error, EOFError, and AttributeError on a record
        # without a target URI): the file is damaged, the pages read before it stay
        logger.warning("%s: damaged after %d records: %s", path, n_records, exc)
        detail = " ".join(str(exc).split())[:200] or type(exc).__name__
        yield RawPage(doc_id, error=f"damaged WARC file: unreadable after {n_records} records "
                                    f"({n_pages} pages read): {detail}", size=_size(path))
    logger.info("%s: %d pages; %d other records skipped (%s)", doc_id, n_pages,
                sum(skipped.values()), ", ".join(f"{k}: {n}" for k, n in skipped.most_common()))


def _record_end(records, record) -> int:
    """Offset in the file just after `record`; raises DamagedWarc when its block breaks
    off before the length its header gives."""
    stream = record.raw_stream
    while stream.read(1 << 16):
        pass
    if getattr(stream, "limit", 0):
        raise DamagedWarc(f"a record breaks off {stream.limit} bytes short of its length")
    records.read_to_end(record)
    return records.get_record_offset() + records.get_record_length()


def _page(record, warc_doc_id: str, max_bytes: int, charset: str):
    """The RawPage of a page record (its body read, at most `max_bytes` + 1), with the
    charset its content type declared."""
    from extractor.ingest import RawPage  # noqa: PLC0415

    doc_id = f"{warc_doc_id}#{_record_id(record)}"
    url = (record.rec_headers.get_header("WARC-Target-URI") or "").strip()
    try:
        data = record.content_stream().read(max_bytes + 1)
    except (ValueError, OSError, EOFError, zlib.error) as exc:  # bad chunking or compression
        return RawPage(doc_id, error=f"cannot decode the record's HTTP body: {exc}", size=0, url=url)
    if len(data) > max_bytes:
        return RawPage(doc_id, error=f"record too large: over {max_bytes} bytes",
                       size=len(data), url=url)
    return RawPage(doc_id, data, url=url, charset=charset)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0
