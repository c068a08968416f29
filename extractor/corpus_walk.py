"""The walk over a corpus folder: which entries are inputs, in a stable order, without
following a link out of the corpus (unless asked), entering a folder swapped for a link, or
reading the run's own output folder (see `iter_entries`). `ingest` reads what it yields.
"""
from __future__ import annotations

import bz2
import errno
import gzip
import logging
import lzma
import os
from collections.abc import Iterator
from pathlib import Path

from extractor.warc import is_warc_name

logger = logging.getLogger(__name__)

PAGE_SUFFIXES = frozenset({".txt", ".html", ".htm", ""})
#: compressed pages: suffix -> how to open it; the name before the suffix must end in a
#: page suffix other than none (`page.html.gz`; `backup.tar.gz` or `x.gz` are no pages)
COMPRESSED_SUFFIXES = {".gz": gzip.open, ".bz2": bz2.open, ".xz": lzma.open}
LINK_NOT_FOLLOWED = "link leaves the corpus folder: not followed (--follow-links)"


def is_within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


class _Walk:
    """The state of one walk: the corpus's real path, what to skip, the folders seen."""

    def __init__(self, corpus: Path, follow_links: bool, exclude, skipped=None):
        self.corpus = corpus
        self.skipped = skipped
        self.real_corpus = os.path.realpath(corpus)
        self.follow_links = follow_links
        self.exclude = [os.path.realpath(p) for p in exclude]
        self.seen_folders: set[tuple[int, int]] = set()


def iter_entries(corpus: Path, follow_links: bool = False,
                 exclude=(), skipped=None) -> Iterator[tuple[Path, str]]:
    """(path, error) of every input below `corpus`, depth first, sorted by name within
    each folder; `error` is '' for a page to read, else why it gets an error row.

    Lazy per folder: only the listings of the folders on the current path are held.
    Links to folders are followed only with `follow_links` (each folder once, so a link
    loop cannot trap the walk); folders in `exclude` are skipped. A folder is entered
    through its parent's open descriptor without following links (`_open_folder`), so a
    folder swapped for a link after it was listed is not entered. Files whose names are no
    page's are passed over, each told to `skipped(kind, path)` when given (kind `pdf` or
    `other_file`; the run's is `runsummary.count_skipped`, counted in run.json).
    """
    walk = _Walk(corpus, follow_links, exclude, skipped)
    try:
        fd = os.open(corpus, _FOLDER_FLAGS)  # the corpus itself may be a link: it was named
    except OSError as exc:
        logger.warning("cannot list %s: %s", corpus, exc)
        yield Path(corpus), f"cannot read folder: {exc.strerror or exc}"
        return
    yield from _walk_folder(Path(corpus), fd, walk)


#: how a folder is opened to be listed (O_DIRECTORY: never a file swapped in for it)
_FOLDER_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
#: ... and a folder below the corpus, where a link is entered only when asked
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
#: folders are listed through descriptors where the platform can (not on Windows)
_LIST_BY_FD = os.scandir in os.supports_fd and os.open in os.supports_dir_fd


def _walk_folder(folder: Path, fd: int | None, walk: _Walk) -> Iterator[tuple[Path, str]]:
    """The entries below `folder`, listed through its open descriptor `fd` (closed here;
    None: listed by path)."""
    try:
        try:
            info = os.fstat(fd) if fd is not None else os.stat(folder)
            if (info.st_dev, info.st_ino) in walk.seen_folders:
                return
            walk.seen_folders.add((info.st_dev, info.st_ino))
            listed = fd if fd is not None and _LIST_BY_FD else folder
            entries = sorted(os.scandir(listed), key=lambda e: e.name)
        except OSError as exc:
            logger.warning("cannot list %s: %s", folder, exc)
            yield folder, f"cannot read folder: {exc.strerror or exc}"
            return
        for entry in entries:
            if not entry.name.startswith("."):
                yield from _walk_entry(folder, fd, entry, walk)
    finally:
        _close(fd)


def _walk_entry(folder: Path, fd: int | None, entry: os.DirEntry,
                walk: _Walk) -> Iterator[tuple[Path, str]]:
    path = folder / entry.name
    is_link = entry.is_symlink()
    if is_link and _link_leaves_corpus(path, walk) and not walk.follow_links:
        if _is_page_name(entry.name) or _is_folder(entry):
            yield path, LINK_NOT_FOLLOWED
        return
    if _is_folder(entry):
        if _is_excluded(path, walk):
            logger.info("not reading %s: it is the output folder", path)
            return
        if is_link and not walk.follow_links:
            return  # a link to a folder inside the corpus: its pages are read there
        child, error = _open_folder(path, fd, entry.name, follow=is_link, walk=walk)
        if error:
            yield path, error
        elif child is not False:
            yield from _walk_folder(path, child, walk)
    elif _is_page_name(entry.name):
        yield path, ""
    elif walk.skipped is not None and not is_link:
        walk.skipped("pdf" if entry.name.lower().endswith(".pdf") else "other_file", str(path))


def _open_folder(path: Path, parent_fd: int | None, name: str, follow: bool, walk: _Walk):
    """(descriptor of the folder `name` in the folder `parent_fd`, '') opened without
    following a link unless `follow`; (None, '') where folders are listed by path;
    (False, '') to skip it, or (None, error) for its row, when it became a link since
    it was listed."""
    if parent_fd is None or not _LIST_BY_FD:
        return None, ""
    try:
        return os.open(name, _FOLDER_FLAGS | (0 if follow else _NOFOLLOW), dir_fd=parent_fd), ""
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR) and os.path.islink(path):
            # swapped for a link after it was listed: a link, judged as the walk judges links
            if _link_leaves_corpus(path, walk) and not walk.follow_links:
                return None, LINK_NOT_FOLLOWED
            return False, ""
        logger.warning("cannot list %s: %s", path, exc)
        return None, f"cannot read folder: {exc.strerror or exc}"


def _close(fd: int | None) -> None:
    if fd is not None:
        os.close(fd)


def _is_folder(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _is_page_name(name: str) -> bool:
    return (Path(name).suffix.lower() in PAGE_SUFFIXES or is_warc_name(name)
            or compression_of(name) is not None)


def compression_of(name: str):
    """How to open a compressed page named `name`, or None when it is no compressed page.

    >>> compression_of("news/a.html.gz").__module__, compression_of("A.TXT.XZ").__module__
    ('gzip', 'lzma')
    >>> compression_of("backup.tar.gz"), compression_of("x.gz"), compression_of("a.html")
    (None, None, None)
    """
    path = Path(name)
    opener = COMPRESSED_SUFFIXES.get(path.suffix.lower())
    inner = Path(path.stem).suffix.lower()
    return opener if inner and inner in PAGE_SUFFIXES else None


def _link_leaves_corpus(path: Path, walk: _Walk) -> bool:
    return not is_within(os.path.realpath(path), walk.real_corpus)


def _is_excluded(path: Path, walk: _Walk) -> bool:
    real = os.path.realpath(path)
    return any(is_within(real, excluded) for excluded in walk.exclude)


def iter_page_paths(corpus: Path, follow_links: bool = False, exclude=()) -> Iterator[Path]:
    """Page files below `corpus` (see `iter_entries`), without the error entries."""
    for path, error in iter_entries(corpus, follow_links, exclude):
        if not error:
            yield path
