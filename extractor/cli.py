"""Command line: `extractor run|clean|langid|quantities|explain|score|check`.

Thin by design: it parses arguments, sets up logging and the progress bar, and calls
library functions. Bad arguments give a one-line message and exit status 2.
"""
from __future__ import annotations

import argparse
import io
import json
import logging
import os
import signal
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from extractor import __version__

#: 3: the run finished and wrote all its tables, but a view (the report) or another
#: step beside the tables failed: run.json's `warnings` say what (docs/usage.md)
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_WARNINGS, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


class UsageError(Exception):
    """Bad arguments: reported in one line, exit status 2."""


class RunFailed(Exception):
    """The run could not write its outputs (disk full, ...): one line, exit status 1."""


class _Termination:
    """SIGTERM stops a run as Ctrl-C does (finished pages kept for --resume), and a file
    size limit (`ulimit -f`) is a write error rather than a silent kill (SIGXFSZ).

    The handler raises KeyboardInterrupt where the main thread happens to be. Python
    swallows an exception raised inside a finaliser ("Exception ignored in __del__": a
    Dask future being collected), so the request is also remembered and `checked` raises
    it again before the next page is written."""

    def __init__(self) -> None:
        self.requested = False

    def install(self) -> None:
        signal.signal(signal.SIGTERM, self._terminated)
        if hasattr(signal, "SIGXFSZ"):
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    def _terminated(self, signum, frame):
        self.requested = True
        raise KeyboardInterrupt

    def checked(self, results: Iterable) -> Iterator:
        """`results`, raising KeyboardInterrupt before the next one once SIGTERM came."""
        for result in results:
            if self.requested:
                raise KeyboardInterrupt
            yield result


def _stdin_lines():
    stream = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    for line in stream:
        yield line.rstrip("\n").rstrip("\r")


def _stdout():
    return io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n",
                            line_buffering=False, write_through=False)


def _existing_file(path: str) -> Path:
    p = Path(path)
    if not p.is_file():
        raise UsageError(f"no such file: {path}")
    return p


def cmd_run(args) -> int:
    from extractor.distributed import EngineError, SchedulerUnreachable
    from extractor.outputs import OutputError, OutputWriteError
    from extractor.pipeline import run
    from extractor.verdicts import ReferenceTableError

    config = _run_config(args)
    termination = _Termination()
    progress, stage = termination.checked, None
    if sys.stderr.isatty() and not args.quiet:
        progress, stage = _progress_bar(config, termination)
    options = {"engine": _dask_engine(args)} if args.engine == "dask" else {}
    termination.install()
    try:
        summary = run(config, progress=progress, stage=stage, **options)
    except OutputWriteError as exc:
        raise RunFailed(str(exc)) from exc
    except (OutputError, ReferenceTableError, SchedulerUnreachable) as exc:
        raise UsageError(str(exc)) from exc
    except EngineError as exc:
        raise RunFailed(str(exc)) from exc
    except KeyboardInterrupt:
        print("extractor: interrupted; the finished pages are kept: "
              "`extractor run --resume` continues", file=sys.stderr)
        return EXIT_INTERRUPTED
    if not args.quiet:
        warned = (f"; finished with {len(summary.run_warnings)} warning"
                  f"{'s' if len(summary.run_warnings) > 1 else ''} (run.json)"
                  if summary.has_warnings else "")
        print(f"{summary.n_pages} pages ({summary.n_errors} failed), {summary.n_claims} claims, "
              f"{summary.n_groups} groups -> {config.out}{warned}", file=sys.stderr)
    return EXIT_WARNINGS if summary.has_warnings else EXIT_OK


def _run_config(args):
    """The run's Config from the command line; a missing corpus or an option of the other
    engine is a usage error."""
    from extractor.config import Config

    corpus = Path(args.corpus)
    if not corpus.exists():  # a folder, or one file: a page or a crawl (WARC)
        raise UsageError(f"corpus not found: {args.corpus}")
    if args.engine != "dask" and (args.scheduler or args.send_pages):
        raise UsageError(f"{'--scheduler' if args.scheduler else '--send-pages'} "
                         f"needs --engine dask")
    reference = _existing_file(args.reference) if args.reference else None
    config = Config(corpus=corpus, out=Path(args.out), reference=reference, jobs=args.jobs,
                    write_clean=not args.no_clean, resume=args.resume,
                    follow_links=args.follow_links)
    if args.max_page_bytes is not None:
        config.max_page_bytes = args.max_page_bytes
    if args.page_time_budget is not None:
        config.page_time_budget = args.page_time_budget
    return config


def _dask_engine(args):
    """The Dask engine the options ask for; a usage error when dask.distributed is not
    installed or the scheduler does not answer (before the output folder is locked: a dead
    address holds nothing)."""
    from extractor.distributed import DaskEngine, SchedulerUnreachable, check_scheduler

    try:
        import distributed  # noqa: F401
    except ImportError:
        raise UsageError("--engine dask needs dask.distributed: "
                         "pip install 'extractor[scale]'") from None
    if args.verbose < 2:  # Dask's own chatter (workers starting, stopping) only with -vv
        logging.getLogger("distributed").setLevel(logging.WARNING)
    if args.scheduler:
        try:
            check_scheduler(args.scheduler, args.connect_timeout)
        except SchedulerUnreachable as exc:
            raise UsageError(str(exc)) from exc
    return DaskEngine(args.scheduler, send_pages=args.send_pages,
                      connect_timeout=args.connect_timeout)

def _progress_bar(config, termination: _Termination):
    """A bar over the pages with a total and an ETA (the corpus listed first; a crawl's
    pages are not known ahead: then a count and a rate), and a line for each step after
    the pages (grouping, tables, report)."""
    from tqdm import tqdm

    from extractor.pipeline import count_inputs

    total = count_inputs(config)

    def progress(results):
        return tqdm(termination.checked(results), desc="pages", unit="page", total=total,
                    file=sys.stderr, dynamic_ncols=True)

    def stage(what: str) -> None:
        print(f"extractor: {what}...", file=sys.stderr, flush=True)

    return progress, stage


def cmd_clean(args) -> int:
    from extractor.clean import CleanConfig, CleaningStepError, clean_page, explain
    from extractor.ingest import RawPage

    path = _existing_file(args.file)
    try:
        page = clean_page(RawPage(path.name, path.read_bytes()), CleanConfig())
    except CleaningStepError as exc:
        raise RunFailed(f"{args.file}: {exc}") from exc
    out = _stdout()
    out.write(explain(page) if args.explain else page.text + "\n")
    out.flush()
    return EXIT_OK


def cmd_langid(args) -> int:
    from extractor.clean.mojibake import repaired_text
    from extractor.langid import identify

    out = _stdout()
    for line in _stdin_lines():
        # a line of mojibake is identified as the text it stands for
        result = identify(repaired_text(line))
        out.write(f"{result.lang}\t{result.confidence:.3f}\n")
    out.flush()
    return EXIT_OK


def cmd_quantities(args) -> int:
    from extractor.extract.quantities.quantities import find_quantities
    from extractor.langid import identify

    out = _stdout()
    for line in _stdin_lines():
        lang = args.lang or identify(line).base
        found = [q.as_dict() for q in find_quantities(line, lang)]
        out.write(json.dumps({"quantities": found}, ensure_ascii=False) + "\n")
    out.flush()
    return EXIT_OK


def cmd_explain(args) -> int:
    from extractor.extract.explain import explain_page

    path = _existing_file(args.page)
    try:
        explanation = explain_page(path)
    except ValueError as exc:  # a page the reader refuses (binary, too large)
        raise UsageError(str(exc)) from exc
    out = _stdout()
    out.write(explanation.format())
    out.flush()
    return EXIT_OK


def cmd_score(args) -> int:
    from extractor.score import BadScoreInput, format_scores, score_files

    try:
        scores = score_files(_existing_file(args.gold), _existing_file(args.claims))
    except BadScoreInput as exc:
        raise UsageError(str(exc)) from exc
    print(format_scores(scores, show=args.show))
    return EXIT_OK


def cmd_check(args) -> int:
    from extractor.outputs import OutputError, OutputWriteError
    from extractor.recheck import recheck
    from extractor.verdicts import ReferenceTableError

    if not Path(args.out_dir).is_dir():
        raise UsageError(f"output folder not found: {args.out_dir}")
    reference = _existing_file(args.reference) if args.reference else None
    try:
        summary = recheck(Path(args.out_dir), reference)
    except OutputWriteError as exc:
        raise RunFailed(str(exc)) from exc
    except (OutputError, ReferenceTableError) as exc:
        raise UsageError(str(exc)) from exc
    print(f"{summary.n_groups} groups -> {args.out_dir}", file=sys.stderr)
    return EXIT_WARNINGS if summary.has_warnings else EXIT_OK


def _jobs(text: str) -> int:
    """-j: a whole number of 1 or more, or `auto` (one per core)."""
    if text == "auto":
        return os.cpu_count() or 1
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number or auto: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more (or auto, one per core): {text!r}")
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
    return value


def _non_negative_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 or more: {text!r}")
    return value


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2, no usage dump
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="extractor", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"extractor {__version__}")
    parser.add_argument("-v", "--verbose", action="count", default=0,
                        help="log more (-v info, -vv debug)")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    _add_run(sub)

    p = sub.add_parser("clean", help="print the cleaned text of one page")
    p.add_argument("file")
    p.add_argument("--explain", action="store_true", help="print the repairs made instead")
    p.set_defaults(func=cmd_clean)

    p = sub.add_parser("langid", help="LANG<TAB>CONFIDENCE for each line of stdin")
    p.set_defaults(func=cmd_langid)

    p = sub.add_parser("quantities", help="JSON quantities for each line of stdin")
    p.add_argument("--lang", help="language of the lines (default: identified per line)")
    p.set_defaults(func=cmd_quantities)

    p = sub.add_parser("explain", help="every number of one page with its decision: the "
                                       "not-a-claim rule that dropped it, or its claim and link")
    p.add_argument("page")
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("score", help="score a claims table against gold (CLAIMS.md rules)")
    p.add_argument("gold")
    p.add_argument("claims")
    p.add_argument("--show", action="store_true", help="list misses and false positives")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("check", help="re-run the consistency stage on an output folder")
    p.add_argument("out_dir")
    p.add_argument("--reference", help="reference results CSV")
    p.set_defaults(func=cmd_check)
    return parser


def _add_run(sub) -> None:
    """The `run` command and its options."""
    p = sub.add_parser("run", help="process a corpus (folder, page or WARC crawl) into claims tables and a report")
    p.add_argument("corpus", nargs="?", default="corpus",
                   help="folder of pages and WARC files, or one such file (default: corpus)")
    p.add_argument("--out", default="outputs", help="output folder (default: outputs)")
    p.add_argument("--reference", help="reference results CSV (default: shipped MLPerf table)")
    p.add_argument("--jobs", "-j", type=_jobs, default=1, metavar="N",
                   help="worker processes on this machine, with --engine dask those of the "
                        "local cluster (default 1: this process; auto: one per core)")
    p.add_argument("--engine", choices=("local", "dask"), default="local",
                   help="where pages are processed: here (default), or on Dask")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="with --engine dask: a running Dask scheduler (tcp://host:8786); "
                        "default: a local cluster of -j worker processes")
    p.add_argument("--connect-timeout", type=_non_negative_float, default=10.0, metavar="SECONDS",
                   help="with --scheduler: seconds to wait for the scheduler to answer "
                        "(default 10)")
    p.add_argument("--send-pages", action="store_true",
                   help="with --engine dask: read the pages here and send their bytes, for "
                        "workers that do not see the corpus folder at the same path"
                        " (default: send paths; bytes once a worker cannot see it)")
    p.add_argument("--no-clean", action="store_true", help="do not write clean/<doc_id>.txt")
    p.add_argument("--resume", action="store_true",
                   help="reuse the pages an earlier (killed or interrupted) run on --out "
                        "finished, unless their bytes changed")
    p.add_argument("--follow-links", action="store_true",
                   help="follow symbolic links that lead out of the corpus folder")
    p.add_argument("--max-page-bytes", type=_positive_int, metavar="N",
                   help="larger pages get an error row (default: Config.max_page_bytes, 5 MB)")
    p.add_argument("--page-time-budget", type=_non_negative_float, metavar="SECONDS",
                   help="a page taking longer gets an error row (default 120; 0: no limit)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar or summary")
    p.set_defaults(func=cmd_run)


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        level = (logging.WARNING, logging.INFO, logging.DEBUG)[min(args.verbose, 2)]
        logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
        return args.func(args)
    except UsageError as exc:
        print(f"extractor: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except RunFailed as exc:
        print(f"extractor: error: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print("extractor: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
