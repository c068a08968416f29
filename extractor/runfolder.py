"""The output folder's life: one run at a time, built aside, committed as one unit, resumable.

A run builds its outputs in a staging folder beside OUT_DIR (`.<name>.partial-<pid>`),
never inside it, and commits them with one atomic exchange of the two folders
(`renameat2(RENAME_EXCHANGE)` on Linux; elsewhere two renames, between which OUT_DIR is
briefly absent but never mixed). A reader therefore sees the previous run's outputs,
whole, until the instant it sees the new ones, whole; `kill -9` at any moment cannot
leave new claims beside old documents.

- A lock file beside OUT_DIR (`.<name>.lock`, `flock`: the kernel releases it when the
  process dies, so a killed run never leaves a stale lock) refuses a second run on the
  same folder with a clear message.
- Staging folders left by dead runs are removed at the start of the next run (or, with
  `--resume`, read first and removed once the new run commits).
- Each finished page is appended to a journal (`.pages.jsonl`: its document row, claim
  rows and the digest of its bytes) after its clean text is written; the journal is
  committed with the tables, so a later `--resume` can reuse any page whose bytes have
  not changed, from a killed run's staging folder or from the last committed run.
"""
from __future__ import annotations

import ctypes
import errno
import json
import logging
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

logger = logging.getLogger(__name__)

JOURNAL = ".pages.jsonl"
#: what a run writes into OUT_DIR; other plain files there are carried over, and a folder
#: holding other folders is not replaced
OUTPUT_NAMES = frozenset({"documents.csv", "claims.csv", "consistency.csv", "documents.parquet",
                          "claims.parquet", "consistency.parquet", "report.html", "clean",
                          "run.json", ".report.html.partial", ".run.json.partial", JOURNAL})


class RunFolderError(Exception):
    """The output folder cannot be used (locked by another run, or not ours)."""


def staging_prefix(out_dir: Path) -> str:
    return f".{out_dir.name}.partial-"


def lock_path(out_dir: Path) -> Path:
    return out_dir.parent / f".{out_dir.name}.lock"


class RunLock:
    """An exclusive lock on OUT_DIR for the life of a run (a no-op where `fcntl` is missing).

    The lock file is removed when the run ends. A run that opened the file before it was
    removed then holds a lock on a file no longer there: `acquire` checks that the file it
    locked is still the one at the path, and tries again when it is not."""

    def __init__(self, out_dir: Path):
        self.path = lock_path(out_dir)
        self._file = None

    def acquire(self) -> None:
        try:
            import fcntl  # noqa: PLC0415 (POSIX only)
        except ImportError:
            return
        while True:
            f = open(self.path, "a+", encoding="utf-8")
            try:
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                f.seek(0)
                holder = f.read().strip() or "?"
                f.close()
                raise RunFolderError(f"another run (pid {holder}) is writing to "
                                     f"{self.path.parent / self.path.name[1:-5]}; wait for it "
                                     f"to finish or choose another --out") from None
            if _same_file(f, self.path):
                break
            f.close()  # removed by the run that held it, as we opened it: lock the new one
        f.seek(0)
        f.truncate()
        f.write(str(os.getpid()))
        f.flush()
        self._file = f

    def release(self) -> None:
        if self._file is not None:
            try:  # removed while still held: no run can lock this file and see it gone
                os.unlink(self.path)
            except OSError:
                pass
            self._file.close()  # closing releases the flock
            self._file = None


def _same_file(f, path: Path) -> bool:
    try:
        a, b = os.fstat(f.fileno()), os.stat(path)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def is_locked(out_dir: Path) -> bool:
    """Whether a run holds OUT_DIR's lock now."""
    try:
        import fcntl  # noqa: PLC0415
    except ImportError:
        return False
    try:
        f = open(lock_path(out_dir), "rb")
    except OSError:
        return False
    with f:
        try:
            fcntl.flock(f, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return True
        fcntl.flock(f, fcntl.LOCK_UN)
        return False


def is_output_folder(folder: Path) -> bool:
    """A folder a run wrote or is writing (its journal, a lock held on it, or staging)."""
    return ((folder / JOURNAL).is_file() or is_locked(folder)
            or bool(stale_staging(folder)))


def check_place(out_dir: Path, corpus: Path) -> None:
    """Refuse an OUT_DIR a run would harm or be harmed by (RunFolderError): the corpus
    itself or a folder holding it (the commit replaces OUT_DIR whole, and the next run
    would read the tables as pages), a folder of the corpus that holds files of its own
    (they would be neither read nor kept apart), or a folder inside another run's
    output folder (that run's commit would delete it)."""
    out = Path(os.path.realpath(out_dir))
    real_corpus = Path(os.path.realpath(corpus))
    if out == real_corpus or out in real_corpus.parents:
        raise RunFolderError(f"--out {out_dir} is {'the corpus' if out == real_corpus else 'a folder holding the corpus'}"
                             f" {corpus}: choose a folder beside it or inside it")
    if real_corpus in out.parents:
        pages = _pages_of_corpus(out)
        if pages:
            raise RunFolderError(f"--out {out_dir} is a folder of the corpus holding pages "
                                 f"({', '.join(pages[:3])}), which would not be read: "
                                 f"choose a new folder")
    for parent in out.parents:
        if is_output_folder(parent):
            raise RunFolderError(f"--out {out_dir} is inside the output folder {parent} of "
                                 f"another run, whose next commit would delete it: "
                                 f"choose a folder beside it")


def _pages_of_corpus(out: Path) -> list[str]:
    """Pages (by name, as ingest finds them) among OUT_DIR's own entries."""
    from extractor.corpus_walk import iter_page_paths  # noqa: PLC0415

    foreign = set(foreign_entries(out))
    if not foreign:
        return []
    return [p.relative_to(out).as_posix() for p in iter_page_paths(out)
            if p.relative_to(out).parts[0] in foreign]


def check_still_ours(out_dir: Path) -> None:
    """Before the commit replaces OUT_DIR: it must not have gained folders a run did not
    write while this run worked (another run's outputs written inside it)."""
    foreign = foreign_folders(out_dir)
    if foreign:
        raise RunFolderError(f"{out_dir} now holds folders a run did not write "
                             f"({', '.join(foreign[:3])}); not replacing it: the new outputs "
                             f"are not committed, choose another --out")


def foreign_entries(out_dir: Path) -> list[str]:
    """Entries of an existing OUT_DIR that no run writes."""
    if not out_dir.is_dir():
        return []
    return sorted(n for n in os.listdir(out_dir) if n not in OUTPUT_NAMES)


def foreign_folders(out_dir: Path) -> list[str]:
    """Foreign entries that are not plain files: a folder holding them is not ours to
    replace (`--out ~` must not swap a home folder away)."""
    return [n for n in foreign_entries(out_dir)
            if os.path.islink(out_dir / n) or not os.path.isfile(out_dir / n)]


def carry_over(out_dir: Path, staging: Path) -> None:
    """Hard-link OUT_DIR's own plain files (a README, notes) into the staging folder, so
    that they are still there after the commit (the same files, not copies)."""
    for name in foreign_entries(out_dir):
        src = out_dir / name
        if os.path.isfile(src) and not os.path.islink(src) and not (staging / name).exists():
            link_file(src, staging / name)


def stale_staging(out_dir: Path, own: Path | None = None) -> list[Path]:
    """Staging folders of earlier runs (only call while holding the lock), oldest first."""
    prefix = staging_prefix(out_dir)
    try:
        names = [n for n in os.listdir(out_dir.parent) if n.startswith(prefix)]
    except OSError:
        return []
    found = [out_dir.parent / n for n in names if own is None or out_dir.parent / n != own]
    return sorted(found, key=_mtime)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def remove_tree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders atomically; False where the system cannot (then nothing moved)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def commit(staging: Path, out_dir: Path) -> None:
    """Put the finished staging folder in OUT_DIR's place, the old outputs going away whole."""
    if not out_dir.exists():
        os.rename(staging, out_dir)
        return
    if _exchange(staging, out_dir):
        remove_tree(staging)  # now holds the previous outputs
        return
    old = out_dir.parent / f".{out_dir.name}.old-{os.getpid()}"
    os.rename(out_dir, old)
    os.rename(staging, out_dir)
    remove_tree(old)


def restore_interrupted_commit(out_dir: Path) -> None:
    """After a kill between the two renames of the fallback commit, put the old outputs back."""
    if out_dir.exists():
        for old in out_dir.parent.glob(f".{out_dir.name}.old-*"):
            remove_tree(old)
        return
    olds = sorted(out_dir.parent.glob(f".{out_dir.name}.old-*"), key=_mtime)
    if olds:
        os.rename(olds[-1], out_dir)


def link_tree(src: Path, dst: Path) -> None:
    """Copy a folder by hard links where the file system allows (fast, no space), else copies."""
    for root, dirs, files in os.walk(src):
        target = dst / Path(root).relative_to(src)
        target.mkdir(parents=True, exist_ok=True)
        for name in files:
            link_file(Path(root) / name, target / name)


def link_file(src: Path, dst: Path) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copyfile(src, dst)


class Journal:
    """The pages a run has finished, one JSON line each, flushed as it goes."""

    def __init__(self, path: Path):
        self.path = path
        self._file = open(path, "a", encoding="utf-8")

    def append(self, doc_id: str, digest: str, document: dict, claims: list[dict]) -> None:
        line = json.dumps({"doc_id": doc_id, "digest": digest, "document": document,
                           "claims": claims}, ensure_ascii=False)
        self._file.write(line + "\n")
        self._file.flush()  # to the OS: a kill -9 after this loses nothing of the page

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()


def read_journal(path: Path) -> Iterator[tuple[int, dict]]:
    """(offset, entry) of each whole entry of a journal; a line cut short by a kill is skipped."""
    try:
        f = open(path, "rb")
    except OSError:
        return
    with f:
        offset = 0
        for line in f:
            entry = _parse(line)
            if entry is not None:
                yield offset, entry
            offset += len(line)


def _parse(line: bytes) -> dict | None:
    try:
        entry = json.loads(line)
    except ValueError:
        return None
    if isinstance(entry, dict) and {"doc_id", "digest", "document", "claims"} <= entry.keys():
        return entry
    return None


class FinishedPages:
    """Pages finished by earlier runs on OUT_DIR, found by doc_id and digest of their bytes.

    Holds only (folder, digest, offset in its journal) per doc_id, so memory stays small;
    a page's rows are read back from the journal when it is reused.
    """

    def __init__(self, folders: list[Path]):
        self._index: dict[str, tuple[Path, str, int]] = {}
        self._files: dict[Path, object] = {}
        for folder in folders:  # later folders are newer and win
            n = 0
            for offset, entry in read_journal(folder / JOURNAL):
                if entry["digest"]:
                    self._index[entry["doc_id"]] = (folder, entry["digest"], offset)
                    n += 1
            if n:
                logger.info("%d finished pages to reuse in %s", n, folder)

    def __len__(self) -> int:
        return len(self._index)

    def digest(self, doc_id: str) -> str:
        """The digest of the bytes an earlier run finished `doc_id` with ('' : none)."""
        found = self._index.get(doc_id)
        return found[1] if found else ""

    def get(self, doc_id: str, digest: str) -> tuple[dict, list[dict], str | None] | None:
        """(document row, claim rows, clean text) of a page finished with these bytes."""
        found = self._index.get(doc_id)
        if found is None or found[1] != digest:
            return None
        folder, _, offset = found
        try:
            if folder not in self._files:
                self._files[folder] = open(folder / JOURNAL, "rb")
            f = self._files[folder]
            f.seek(offset)
            entry = _parse(f.readline())
            document = entry["document"]
            clean_text = None
            if document.get("clean_path"):
                clean_text = (folder / document["clean_path"]).read_text(encoding="utf-8")
        except (OSError, TypeError, ValueError):
            return None  # gone or damaged: the page is done again
        return document, entry["claims"], clean_text

    def close(self) -> None:
        for f in self._files.values():
            f.close()
        self._files.clear()
