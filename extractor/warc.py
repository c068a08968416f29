"""Crawls: the pages inside a WARC file (`.warc`, `.warc.gz`), read record by record.

A crawler (wget --warc-file, Heritrix, Browsertrix, StormCrawler, ...) writes what it
fetched as WARC records. A record is a page when it is a `response` with HTTP status 200,
or a `resource` (a file stored without HTTP), whose content type is HTML or text
(`PAGE_TYPES`). Its doc_id is `<warc doc_id>#<WARC-Record-ID>` (the
record id without its angle brackets), its url the `WARC-Target-URI`, its charset the
one its `Content-Type` header declares, and its bytes the HTTP payload (transfer and
content encodings undone). Every other record (requests, metadata, revisits, redirects,
errors, images) is counted and skipped; the counts are logged per file.

Records are streamed: one page's bytes are held at a time, whatever the file's size, and
the large blocks of an uncompressed file are sought past rather than read. A
damaged file (truncated, bad gzip, empty, not a WARC at all) gives one error row for the file
(doc_id `<warc doc_id>`) saying after how many records it broke; the pages read before
the damage keep their rows. A page over the size limit gets an error row of its own,
without its bytes being read when the record's header says so. A record whose
Content-Length is shorter than its block gets an error row, not a page cut where the
length says. A file gzipped whole (`gzip crawl.warc`, where crawlers write a gzip member
per record) is read as one stream.
"""
from __future__ import annotations

import contextlib
import gzip
import io
import logging
import os
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


class _Crawl:
    """What one WARC file's reading has counted so far."""

    def __init__(self, doc_id: str, max_bytes: int):
        self.doc_id = doc_id
        self.max_bytes = max_bytes
        self.skipped: Counter = Counter()
        self.n_records = self.n_pages = 0


def iter_warc_pages(path: Path, doc_id: str, max_bytes: int, opener=None) -> Iterator:
    """The pages of one WARC file (see the module's doc), in file order. `opener(path)`
    opens it (default: `open(path, 'rb')`; ingest's checks where it leads)."""
    from warcio.exceptions import ArchiveLoadFailed  # noqa: PLC0415 - only crawls need it
    from extractor.ingest import LinkNotFollowed, RawPage  # noqa: PLC0415 - ingest reads crawls through here

    crawl = _Crawl(doc_id, max_bytes)
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
            try:
                yield from _read_records(f, crawl)
            except ArchiveLoadFailed as exc:
                if "non-chunked gzip" not in str(exc):
                    raise
                # gzipped whole (`gzip crawl.warc`), not record by record: one stream
                logger.info("%s: one gzip stream, not a gzip member per record", path)
                f.seek(0)
                yield from _read_records(gzip.GzipFile(fileobj=f), crawl, skip=crawl.n_records,
                                         seekable=False)
    except Exception as exc:  # noqa: BLE001 - warcio raises anything on malformed bytes
        # (ArchiveLoadFailed, zlib.error, EOFError, and AttributeError on a record
        # without a target URI): the file is damaged, the pages read before it stay
        logger.warning("%s: damaged after %d records: %s", path, crawl.n_records, exc)
        yield RawPage(doc_id, error=f"damaged WARC file: unreadable after {crawl.n_records} "
                                    f"records ({crawl.n_pages} pages read): {_reason(exc)}",
                      size=_size(path))
    logger.info("%s: %d pages; %d other records skipped (%s)", doc_id, crawl.n_pages,
                sum(crawl.skipped.values()),
                ", ".join(f"{k}: {n}" for k, n in crawl.skipped.most_common()))


def _reason(exc: Exception) -> str:
    """Why a WARC file is damaged, in words (warcio's own errors can be Python's)."""
    detail = " ".join(str(exc).split())[:200] or type(exc).__name__
    if isinstance(exc, (AttributeError, TypeError, KeyError)):
        # warcio reads a header without a field it needs as None ('NoneType' object has
        # no attribute 'startswith': a response without its WARC-Target-URI)
        return f"a record header lacks a field it needs (WARC-Target-URI?): {detail}"
    return detail


def _read_records(f, crawl: _Crawl, skip: int = 0, seekable: bool = True) -> Iterator:
    """The pages of the records of the stream `f`, but for its first `skip` records
    (read already); large blocks of an uncompressed file are sought past (`seekable`:
    `f` is the file itself)."""
    from warcio.archiveiterator import ArchiveIterator  # noqa: PLC0415

    records = ArchiveIterator(f)
    end = 0  # where the last whole record ended in the stream
    for record in records:
        # warcio reads a header cut before its length as an empty record
        declared = (record.rec_headers.get_header("Content-Length") or "").strip()
        if record.rec_type is None or not declared.isdigit():
            raise DamagedWarc("a record header without its type or length")
        if skip:
            skip -= 1
            end, _ = _record_end(records, record, seekable)
            continue
        page = _record_page(record, crawl, int(declared))
        end, short = _record_end(records, record, seekable)
        crawl.n_records += 1
        if page is not None and short:
            # a Content-Length shorter than the block: the page would be cut where it says
            page = type(page)(page.doc_id, error="cannot read the record: its Content-Length "
                              f"({declared} bytes) is shorter than its block, the page would be cut",
                              size=len(page.data), url=page.url)
        if page is not None:
            crawl.n_pages += 1
            yield page
    # warcio ends quietly where a file breaks off between or inside record headers
    f.seek(end)
    if f.read(8).strip(b"\r\n"):
        raise DamagedWarc(f"bytes after the last whole record, at offset {end}")
    if not crawl.n_records:
        raise DamagedWarc("no WARC record in it (an empty file?)")


def _record_page(record, crawl: _Crawl, declared: int):
    """The RawPage of a page record, or None (the record counted as skipped)."""
    media, charset = record_content_type(record)
    reason = _skip_reason(record, media)
    if reason:
        crawl.skipped[reason] += 1
        return None
    # the bytes of the block left after the HTTP headers (warcio has read those)
    body = getattr(record.raw_stream, "limit", declared)
    if body > crawl.max_bytes:  # its header says so: not read into memory at all
        from extractor.ingest import RawPage  # noqa: PLC0415

        crawl.skipped["too large"] += 1
        return RawPage(f"{crawl.doc_id}#{_record_id(record)}", size=body, url=_url(record),
                       error=f"record too large: {body} bytes (limit {crawl.max_bytes})")
    return _page(record, crawl.doc_id, crawl.max_bytes, charset)


def _record_end(records, record, seekable: bool = False) -> tuple[int, bool]:
    """(offset in the stream just after `record`, whether its Content-Length was short of
    its block); raises DamagedWarc when its block breaks off before that length."""
    stream = record.raw_stream
    if seekable:
        _seek_past_block(records, stream)
    while stream.read(1 << 16):
        pass
    if getattr(stream, "limit", 0):
        raise DamagedWarc(f"a record breaks off {stream.limit} bytes short of its length")
    errors = records.err_count
    with contextlib.redirect_stderr(io.StringIO()):  # warcio's warning: said in the row
        records.read_to_end(record)
    return records.get_record_offset() + records.get_record_length(), records.err_count > errors


#: the rest of a record's block is sought past, not read, from this size on (uncompressed
#: files; a record of a gzipped file can only be decompressed through)
SEEK_PAST_BYTES = 1 << 20


def _seek_past_block(records, stream) -> None:
    """Seek past what is left of the record's block (`stream`, warcio's LimitReader) in an
    uncompressed file, when that is large (an 8 GB video record was read through at
    1.6 GB/s); a block that runs past the file's end is left to be read (and said)."""
    reader, left = records.reader, getattr(stream, "limit", 0)
    if reader.decompressor is not None or left < SEEK_PAST_BYTES:
        return
    f = reader.stream
    in_buffer = reader.rem_length()
    try:
        end = f.tell() + left - in_buffer
        if end > os.fstat(f.fileno()).st_size:
            return
    except (OSError, AttributeError, io.UnsupportedOperation):
        return
    reader.read(in_buffer)  # what warcio holds of it already
    f.seek(end)
    stream.limit = 0


def _url(record) -> str:
    return (record.rec_headers.get_header("WARC-Target-URI") or "").strip()


def _page(record, warc_doc_id: str, max_bytes: int, charset: str):
    """The RawPage of a page record (its body read, at most `max_bytes` + 1), with the
    charset its content type declared."""
    from extractor.ingest import RawPage  # noqa: PLC0415

    doc_id = f"{warc_doc_id}#{_record_id(record)}"
    url = _url(record)
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
