"""The page time budget (`extractor.time_budget`): it fires in the main thread and in
worker threads, and comes again when a first PageTimeout is swallowed."""
import threading

from extractor.time_budget import PageTimeout, time_budget


def _timeouts_while_busy(seconds: float) -> int:
    """PageTimeouts of a 0.05 s budget caught while working for up to `seconds`, each
    swallowed (as a finaliser or a gc callback that one lands in would), up to two."""
    import time

    caught = 0
    end = time.monotonic() + seconds
    try:
        with time_budget(0.05):
            while caught < 2 and time.monotonic() < end:
                try:
                    while time.monotonic() < end:
                        sum(range(1000))
                except PageTimeout:
                    caught += 1
    except PageTimeout:  # one more, as the budget's context ended: it may come there too
        pass
    return caught


def test_a_swallowed_time_budget_comes_again_in_the_main_thread_and_in_a_worker_thread():
    assert _timeouts_while_busy(3.0) == 2
    found = []
    thread = threading.Thread(target=lambda: found.append(_timeouts_while_busy(3.0)))
    thread.start()
    thread.join(timeout=60)
    assert found == [2]
