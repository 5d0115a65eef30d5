"""Where chunks of work run: in this process, in local worker processes, or on Ray.

:class:`Runner` maps a module-level function over a list of argument tuples and yields
``(index, result)`` as each task finishes, so results stream back in completion order.
A task whose worker dies (a killed process, a lost Ray node) is run again from the start
and its result counted once: a task is the unit of both work and retry, so nothing is
lost or duplicated. Process pools and Ray are imported only when asked for.
"""

from __future__ import annotations

import os
import signal
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from rulespec.errors import InvalidArgument, RulespecError

R = TypeVar("R")

EXECUTORS = ("inprocess", "processes", "ray")


class WorkerLost(RulespecError):
    """A task's worker died more times than the retry budget allows."""

    code = "worker_lost"


class ExtraMissing(RulespecError):
    """An optional dependency is not installed; the message names the extra to install."""

    code = "extra_missing"


class Runner:
    """Runs tasks on one executor; ``retries`` counts tasks re-run after a lost worker
    (on Ray, retries Ray makes itself on a crashed worker or node are not seen here)."""

    def __init__(
        self,
        executor: str = "inprocess",
        jobs: int | None = None,
        address: str | None = None,
        attempts: int = 4,
    ) -> None:
        if executor not in EXECUTORS:
            raise InvalidArgument(f"executor: one of {', '.join(EXECUTORS)}, got {executor!r}")
        if jobs is not None and (type(jobs) is not int or jobs < 1):
            raise InvalidArgument(f"jobs: a whole number of workers, 1 or more, got {jobs!r}")
        if address is not None and executor != "ray":
            raise InvalidArgument("address: only the ray executor connects to a cluster")
        self.executor = executor
        self.jobs = jobs or (1 if executor == "inprocess" else os.cpu_count() or 1)
        self.address = address
        self.attempts = attempts
        self.retries = 0
        self._started = False
        self._pool: Any = None
        """The process pool kept between :meth:`map` calls inside ``with runner:``."""
        self._keep = False

    def map(
        self, fn: Callable[..., R], tasks: Sequence[tuple[Any, ...]]
    ) -> Iterator[tuple[int, R]]:
        """``(i, fn(*tasks[i]))`` for every task, as each finishes."""
        if self.executor == "inprocess":
            for i, args in enumerate(tasks):
                yield i, fn(*args)
        elif self.executor == "processes":
            yield from self._processes(fn, tasks)
        else:
            yield from self._ray(fn, tasks)

    def _lost(self, i: int, tries: dict[int, int], todo: deque[int]) -> None:
        tries[i] = tries.get(i, 0) + 1
        if tries[i] >= self.attempts:
            raise WorkerLost(f"task {i}: its worker died {tries[i]} times; giving up")
        self.retries += 1
        todo.appendleft(i)

    def _processes(
        self, fn: Callable[..., R], tasks: Sequence[tuple[Any, ...]]
    ) -> Iterator[tuple[int, R]]:
        # imported here, not at the top: ``import rulespec`` must stay light
        import multiprocessing  # noqa: PLC0415
        from concurrent.futures import (  # noqa: PLC0415
            FIRST_COMPLETED,
            Future,
            ProcessPoolExecutor,
            wait,
        )
        from concurrent.futures.process import BrokenProcessPool  # noqa: PLC0415

        todo = deque(range(len(tasks)))
        tries: dict[int, int] = {}
        while todo:
            pool = self._pool or ProcessPoolExecutor(
                self.jobs,
                mp_context=multiprocessing.get_context("spawn"),  # the same on every platform
                initializer=_ignore_sigint,
            )
            self._pool = pool if self._keep else None
            inflight: dict[Future[R], int] = {}
            broken = finished = False
            try:
                while todo or inflight:
                    while todo and not broken and len(inflight) < 2 * self.jobs:
                        i = todo.popleft()
                        inflight[pool.submit(fn, *tasks[i])] = i
                    if not inflight:
                        break
                    done, _ = wait(inflight, return_when=FIRST_COMPLETED)
                    for future in sorted(done, key=inflight.__getitem__):
                        i = inflight.pop(future)
                        try:
                            result = future.result()
                        except BrokenProcessPool:
                            broken = True  # every task in flight fails with it: re-run them
                            self._lost(i, tries, todo)
                            continue
                        yield i, result
                finished = not broken
            finally:
                if not finished:
                    self._pool = None
                    _stop(pool)
                elif not self._keep:
                    pool.shutdown()

    def __enter__(self) -> Runner:
        """Start (or connect to) Ray, or start the worker processes, once for several
        :meth:`map` calls; without this, each call starts and stops its own (a spawned
        worker imports rulespec and the game again, which many short calls pay for)."""
        if self.executor == "ray":
            self._started = self._connect()
        self._keep = self.executor == "processes"
        return self

    def __exit__(self, *exc: object) -> None:
        self._keep = False
        if self._pool is not None:
            pool, self._pool = self._pool, None
            if exc and exc[0] is not None:
                _stop(pool)
            else:
                pool.shutdown()
        if self._started:
            import_ray().shutdown()
            self._started = False

    def _connect(self) -> bool:
        """Initialise Ray unless it already is; True if this call started it."""
        ray = import_ray()
        if ray.is_initialized():
            return False
        if self.address is None:
            ray.init(num_cpus=self.jobs, include_dashboard=False)
        else:
            ray.init(address=self.address)
        return True

    def _ray(
        self, fn: Callable[..., R], tasks: Sequence[tuple[Any, ...]]
    ) -> Iterator[tuple[int, R]]:
        ray = import_ray()
        started = self._connect()
        lost = (
            ray.exceptions.WorkerCrashedError,
            ray.exceptions.NodeDiedError,
            ray.exceptions.ObjectLostError,
        )
        # Ray itself re-runs a task whose worker or node died (max_retries); a task that
        # still fails that way is re-submitted here, within the same budget per task
        remote = ray.remote(max_retries=self.attempts - 1)(fn)
        todo = deque(range(len(tasks)))
        tries: dict[int, int] = {}
        inflight: dict[Any, int] = {}
        try:
            while todo or inflight:
                while todo and len(inflight) < 2 * self.jobs:
                    i = todo.popleft()
                    inflight[remote.remote(*tasks[i])] = i
                ready, _ = ray.wait(list(inflight), num_returns=1)
                i = inflight.pop(ready[0])
                try:
                    result = ray.get(ready[0])
                except lost:
                    self._lost(i, tries, todo)
                    continue
                yield i, result
        finally:
            for ref in inflight:
                ray.cancel(ref, force=True)
            if started:
                ray.shutdown()


def import_ray() -> Any:
    """The ``ray`` module, or :class:`ExtraMissing` naming the extra that installs it."""
    try:
        import ray  # noqa: PLC0415 (an optional extra, and slow to import)
    except ImportError:
        raise ExtraMissing(
            "the ray executor needs Ray, which is not installed; "
            "install the ray extra: pip install 'rulespec[ray]'"
        ) from None
    return ray


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them (no traceback per worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: Any) -> None:
    """Shut a pool down at once: cancel what has not started, end the running workers
    (``_processes`` is the pool's own table of them; there is no public way)."""
    workers = list(dict(getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        if process.is_alive():
            process.terminate()
    for process in workers:
        process.join(5)
