"""A page's time budget: `time_budget(seconds)` raises `PageTimeout` in the thread that
runs the page once the budget is spent, so that no page can hang a run
(`Config.page_time_budget`; `pipeline.process_page` turns it into the page's error row).
"""
from __future__ import annotations

import ctypes
import signal
import threading
from contextlib import contextmanager

#: seconds between repeats of an expired page budget's PageTimeout (see `time_budget`)
BUDGET_RETRY = 0.05


class PageTimeout(BaseException):
    """A page ran over its time budget. A BaseException, so that no `except Exception`
    in a stage can swallow it."""


@contextmanager
def time_budget(seconds: float):
    """Raise PageTimeout in this thread after `seconds` (<= 0: no budget): by a timer
    signal in the main thread of a process (as pool workers run), else by a timer thread
    (Dask workers run pages in threads of their own)."""
    if seconds <= 0:
        yield
        return
    if (not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()):
        with _thread_time_budget(seconds):
            yield
        return

    def expired(signum, frame):
        raise PageTimeout(f"over the time budget of {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expired)
    # the signal comes again every BUDGET_RETRY seconds until the page ends: a handler's
    # exception that lands in a finaliser or a gc callback is printed and dropped there,
    # and the page would run on unbounded
    signal.setitimer(signal.ITIMER_REAL, seconds, BUDGET_RETRY)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def _thread_time_budget(seconds: float):
    """The budget of a thread that signals cannot reach: a timer thread raises PageTimeout
    in it, between two bytecodes as a signal handler would (so, as with the signal, a long
    call into C finishes first)."""
    message = f"over the time budget of {seconds:g} s"

    class Expired(PageTimeout):  # raised by class, without arguments: it brings its message
        def __init__(self):
            super().__init__(message)
    Expired.__name__ = Expired.__qualname__ = PageTimeout.__name__

    thread_id, lock, inside = ctypes.c_ulong(threading.get_ident()), threading.Lock(), [True]
    set_async_exc = ctypes.pythonapi.PyThreadState_SetAsyncExc
    ended = threading.Event()

    def expired():
        # raised again every BUDGET_RETRY seconds while the page runs: one that lands in a
        # finaliser or a gc callback is printed and dropped there (seen: hypothesis's gc
        # callback), and the page would run on unbounded
        while True:
            with lock:
                if not inside[0]:
                    return
                set_async_exc(thread_id, ctypes.py_object(Expired))
            if ended.wait(BUDGET_RETRY):
                return

    timer = threading.Timer(seconds, expired)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        with lock:
            inside[0] = False
            timer.cancel()
            ended.set()
            set_async_exc(thread_id, None)  # one set but not raised yet must not fire later
