"""Ingest: find the pages of a corpus and read their bytes.

A corpus is a folder searched recursively for `.txt`, `.html`, `.htm`, files without
an extension, such pages compressed as crawlers save them (`.html.gz`, `.txt.bz2`,
`.htm.xz`: read decompressed, the page size limit applying to the decompressed bytes),
and crawls: WARC files (`.warc`, `.warc.gz`), whose HTML and text responses are pages
(`extractor.warc`). Hidden files and folders are skipped. `doc_id`
is the path relative to the folder with `/` separators (`<path>#<record id>` for a
crawl's page); bytes of a name that are not UTF-8 are shown escaped (`\\xff`), and a
backslash of the name doubled, so that doc_ids stay unique and give back the name
(`escaped_name`, `name_bytes`). A corpus
may also be one file: one page, or the pages of one crawl, with the file's name as the
path. Pages are yielded one at a time, in a stable order, so a corpus of any size
streams through in constant memory.

Every input gets a RawPage, so every input gets a row: what cannot be read safely gets
one with `error` set and no data. Only regular files are opened (a FIFO would block the
run forever, a device would never end); a symbolic link that leads out of the corpus
folder is not followed unless asked (`follow_links`); a folder that cannot be listed
gets a row of its own (`doc_id` ending in `/`); the output folder, when it lies inside
the corpus, is never read back as pages. `size` is always the file's size on disk,
also when its bytes were refused (a compressed page's: its decompressed size).
"""
from __future__ import annotations

import errno
import io
import logging
import lzma
import os
import re
import stat
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from extractor.corpus_walk import LINK_NOT_FOLLOWED, compression_of, is_within, iter_entries
from extractor.warc import is_warc_name, iter_warc_pages

logger = logging.getLogger(__name__)

#: what a damaged compressed file raises while it is read
_DECOMPRESSION_ERRORS = (EOFError, OSError, zlib.error, lzma.LZMAError, ValueError)

#: Opening bytes of file formats that are not pages: (offset, magic, what it is).
MAGIC_NUMBERS = (
    (0, b"\x7fELF", "ELF executable"), (0, b"MZ\x90\x00", "Windows executable"),
    (0, b"\xca\xfe\xba\xbe", "Java class or Mach-O"), (0, b"\xcf\xfa\xed\xfe", "Mach-O"),
    (0, b"%PDF-", "PDF"), (0, b"\x89PNG\r\n\x1a\n", "PNG image"), (0, b"\xff\xd8\xff", "JPEG image"),
    (0, b"GIF87a", "GIF image"), (0, b"GIF89a", "GIF image"), (0, b"II*\x00", "TIFF image"),
    (0, b"MM\x00*", "TIFF image"), (8, b"WEBP", "WebP image"), (0, b"\x00\x00\x01\x00", "icon"),
    (0, b"PK\x03\x04", "zip archive"), (0, b"PK\x05\x06", "zip archive"),
    (0, b"\x1f\x8b", "gzip archive"), (0, b"BZh", "bzip2 archive"), (0, b"\xfd7zXZ\x00", "xz archive"),
    (0, b"(\xb5/\xfd", "zstd archive"), (0, b"7z\xbc\xaf\x27\x1c", "7z archive"),
    (0, b"Rar!\x1a\x07", "RAR archive"), (257, b"ustar", "tar archive"),
    (0, b"SQLite format 3\x00", "SQLite database"), (0, b"\x00asm", "WebAssembly"),
    (0, b"OggS", "Ogg media"), (4, b"ftyp", "MP4 media"), (0, b"ID3", "MP3 audio"),
    (0, b"\x1aE\xdf\xa3", "Matroska media"),
)
# Text in UTF-16/32 is full of NUL bytes, and is still text: these marks make it so.
_TEXT_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")
#: share of NUL bytes above which a page without a UTF-16/32 mark is binary (a stray NUL
#: or two in a long damaged page is kept)
MAX_NUL_SHARE = 0.001
#: share of control bytes (other than white space and ESC) above which it is binary
MAX_CONTROL_SHARE = 0.05
_SAMPLE_BYTES = 1 << 16
_CONTROL_BYTES = bytes(b for b in range(32) if b not in b"\t\n\x0b\x0c\r\x1b") + b"\x7f"
#: the error row of a link that leads out of the corpus folder (and of a file or folder
#: that became one since it was listed), unless links are followed
_FILE_TYPES = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"),
               (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
               (stat.S_ISDIR, "a folder"))


@dataclass
class RawPage:
    """A page as read from disk. `error` is set (and `data` empty) when it could not be read;
    `size` is the file's size in bytes (None: the size of `data`)."""

    doc_id: str
    data: bytes = b""
    error: str = ""
    size: int | None = None
    #: where the page was fetched from (a crawl's record), '' when not known
    url: str = ""
    #: the charset its HTTP response declared (a crawl's record), '' when none
    charset: str = ""

    @property
    def n_bytes(self) -> int:
        return len(self.data) if self.size is None else self.size


def binary_kind(data: bytes) -> str:
    """Why `data` is not a page of text ('' when it is text): a file format's magic
    number, NUL bytes, or control bytes that no text holds.

    >>> binary_kind(b"\\x7fELF\\x02\\x01"), binary_kind("訓練時間".encode("big5"))
    ('ELF executable', '')
    >>> binary_kind(b"a\\x00b\\x00"), binary_kind("ab".encode("utf-16"))
    ('NUL bytes', '')
    """
    for offset, magic, what in MAGIC_NUMBERS:
        if data[offset:offset + len(magic)] == magic:
            return what
    if data.startswith(_TEXT_BOMS):
        return ""
    sample = data[:_SAMPLE_BYTES]
    if not sample:
        return ""
    if sample.count(0) > MAX_NUL_SHARE * len(sample):
        return "NUL bytes"
    n_control = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    if n_control > MAX_CONTROL_SHARE * len(sample):
        return "control bytes"
    return ""


def escaped_name(name: str) -> str:
    """A file name as text, unique and reversible (`name_bytes`): bytes that are not
    UTF-8 (kept by Python as surrogates) shown as `\\xNN`, and so a backslash of the
    name itself doubled: a name literally `caf\\xe9.txt` and the Latin-1 `café.txt` are
    two pages. Names without either are as they are.

    >>> escaped_name(os.fsdecode(b"caf\\xe9.txt")), escaped_name("caf\\\\xe9.txt"), escaped_name("café.txt")
    ('caf\\\\xe9.txt', 'caf\\\\\\\\xe9.txt', 'café.txt')
    """
    if "\\" not in name:
        try:
            name.encode("utf-8")
            return name
        except UnicodeEncodeError:
            pass
    return os.fsencode(name).replace(b"\\", b"\\\\").decode("utf-8", errors="backslashreplace")


_ESCAPE_RE = re.compile(r"\\(\\|x[0-9a-f]{2})")


def name_bytes(escaped: str) -> bytes:
    """The bytes of the file name `escaped_name` made `escaped` of.

    >>> name_bytes(escaped_name(os.fsdecode(b"caf\\xe9.txt"))), name_bytes(escaped_name("a\\\\xe9"))
    (b'caf\\xe9.txt', b'a\\\\xe9')
    """
    def byte(m: re.Match) -> str:
        return "\\" if m.group(1) == "\\" else chr(0xDC00 + int(m.group(1)[1:], 16))
    return os.fsencode(_ESCAPE_RE.sub(byte, escaped))


def doc_id_for(path: Path, corpus: Path) -> str:
    return escaped_name(path.relative_to(corpus).as_posix())


class LinkNotFollowed(OSError):
    """The file opened is not inside the corpus folder (a link, maybe one swapped in for
    a file or folder since the walk listed it), and links are not followed."""


def open_inside(path: Path, corpus: Path, follow_links: bool = False) -> int:
    """A read-only descriptor of the file `path`, which must lie inside the folder
    `corpus` once opened (LinkNotFollowed otherwise), unless `follow_links`.

    The check is made on the file opened, not on the path before: a file or folder
    swapped for a link between the walk's listing and this read is caught."""
    # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then says what it is
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
                 | getattr(os, "O_CLOEXEC", 0))
    if follow_links:
        return fd
    real = _opened_path(fd, path)
    if real is None or not is_within(real, os.path.realpath(corpus)):
        os.close(fd)
        raise LinkNotFollowed(errno.ELOOP, LINK_NOT_FOLLOWED)
    return fd


def _opened_path(fd: int, path: Path) -> str | None:
    """The real path of the file open as `fd` (None: it cannot be told)."""
    try:
        return os.readlink(f"/proc/self/fd/{fd}")  # Linux: the kernel's own record
    except OSError:
        pass
    try:
        import fcntl  # noqa: PLC0415 - not on Windows

        name = fcntl.fcntl(fd, fcntl.F_GETPATH, b"\0" * 1024)  # macOS, BSD
        return os.fsdecode(name.rstrip(b"\0"))
    except (ImportError, AttributeError, OSError):
        pass
    real = os.path.realpath(path)  # elsewhere: the path now, when it is the file opened
    try:
        return real if os.path.samestat(os.fstat(fd), os.stat(real)) else None
    except OSError:
        return None


def read_page(path: Path, corpus: Path, max_bytes: int, follow_links: bool = False) -> RawPage:
    """Read one page; what is not a regular file, is larger than `max_bytes`, cannot be
    read, is binary or, unless `follow_links`, turns out to lie outside the folder
    `corpus` gives a RawPage with `error` set."""
    doc_id = doc_id_for(path, corpus)
    if is_warc_name(path.name):
        # bytes of a crawl are no page: `iter_pages` reads its records (extractor.warc)
        return RawPage(doc_id, error="a WARC file: its pages are read by `iter_pages`, "
                                     "record by record", size=0)
    try:
        fd = open_inside(path, corpus, follow_links)
    except LinkNotFollowed:
        logger.warning("not reading %s: %s", path, LINK_NOT_FOLLOWED)
        return RawPage(doc_id, error=LINK_NOT_FOLLOWED, size=0)
    except OSError as exc:
        special = _special_file_type(path)  # a socket cannot even be opened
        if special:
            return RawPage(doc_id, error=f"not a regular file: {special}", size=0)
        logger.warning("cannot read %s: %s", path, exc)
        return RawPage(doc_id, error=f"cannot read file: {exc.strerror or exc}", size=0)
    with os.fdopen(fd, "rb") as f:
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                return RawPage(doc_id, error=f"not a regular file: {_file_type(info.st_mode)}",
                               size=0)
            size = info.st_size
            if size > max_bytes:
                return RawPage(doc_id, error=f"file too large: {size} bytes (limit {max_bytes})",
                               size=size)
            data = f.read(max_bytes + 1)
        except OSError as exc:
            logger.warning("cannot read %s: %s", path, exc)
            return RawPage(doc_id, error=f"cannot read file: {exc.strerror or exc}", size=0)
    if len(data) > max_bytes:  # it grew while we read it
        return RawPage(doc_id, error=f"file too large: over {max_bytes} bytes", size=len(data))
    opener = compression_of(path.name)
    if opener is not None:
        return _decompressed(doc_id, data, opener, max_bytes)
    return RawPage(doc_id, data, size=len(data))


def _decompressed(doc_id: str, data: bytes, opener, max_bytes: int) -> RawPage:
    """The page inside compressed bytes, read at most `max_bytes` + 1 bytes far (a small
    file can hold gigabytes); its size is the decompressed size."""
    kind = opener.__module__
    try:
        with opener(io.BytesIO(data)) as f:
            page = f.read(max_bytes + 1)
    except _DECOMPRESSION_ERRORS as exc:
        logger.warning("cannot decompress %s: %s", doc_id, exc)
        return RawPage(doc_id, error=f"cannot decompress ({kind}): {exc}", size=len(data))
    if len(page) > max_bytes:
        return RawPage(doc_id, error=f"decompressed page too large: over {max_bytes} bytes "
                                     f"(limit {max_bytes}; {len(data)} bytes compressed)",
                       size=len(data))
    return RawPage(doc_id, page, size=len(page))


def _special_file_type(path: Path) -> str:
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return ""
    return "" if stat.S_ISREG(mode) else _file_type(mode)


def _file_type(mode: int) -> str:
    return next((what for test, what in _FILE_TYPES if test(mode)), "a special file")


def iter_pages(corpus: Path, max_bytes: int = 50_000_000, follow_links: bool = False,
               exclude=(), skipped=None) -> Iterator[RawPage]:
    """Every input of the corpus folder or file, read one at a time (see the module's doc);
    files of other names are told to `skipped` when given (`iter_entries`)."""
    corpus = Path(corpus)
    if not corpus.is_dir():  # one file (a page or a crawl), named by its file name
        yield from read_entry(corpus, corpus.parent, max_bytes, follow_links=True)
        return
    for path, error in iter_entries(corpus, follow_links, exclude, skipped):
        if error:
            yield unreadable_page(path, corpus, error)
        else:
            yield from read_entry(path, corpus, max_bytes, follow_links)


def unreadable_page(path: Path, corpus: Path, error: str) -> RawPage:
    """The row of an entry `iter_entries` gave with an error (a folder's doc_id ends in '/')."""
    doc_id = doc_id_for(path, corpus) if path != Path(corpus) else "."
    if error.startswith("cannot read folder"):
        doc_id += "/"
    return RawPage(doc_id, error=error, size=0)


def read_entry(path: Path, corpus: Path, max_bytes: int,
               follow_links: bool = False) -> Iterator[RawPage]:
    """The page of a file, or the pages of a crawl (see `read_page` for `follow_links`)."""
    if not is_warc_name(path.name):
        yield read_page(path, corpus, max_bytes, follow_links)
        return
    doc_id = doc_id_for(path, corpus)
    special = _special_file_type(path)
    if special:
        yield RawPage(doc_id, error=f"not a regular file: {special}", size=0)
        return

    def opened(path: Path):
        return os.fdopen(open_inside(path, corpus, follow_links), "rb")
    yield from iter_warc_pages(path, doc_id, max_bytes, opener=opened)
