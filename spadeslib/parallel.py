"""Run many independent seeded jobs (deals, games, experiments) on every core,
or on a Dask cluster, with the same results as a serial run.

:func:`run` applies a function to each item of a list and returns the
results in the list's order. The backend is chosen by two arguments:

- ``jobs=1``: in this process, one job after another;
- ``jobs=N`` (default: every core this process may use, or
  ``SPADES_JOBS``: :func:`default_jobs`): ``N`` worker processes on this
  machine;
- ``scheduler="tcp://host:8786"`` (or a ``distributed.Client``, or a
  ``LocalCluster``): the workers of a Dask cluster (``pip install
  'spadeslib[dask]'``); ``jobs`` is then ignored.

The results are identical on every backend, provided each job depends only
on its item: give every job its own seed with :func:`job_seed` (the master
seed and the job's index), never a random generator shared between jobs or
kept by a worker. ``fn`` must be a module-level function (or a
``functools.partial`` of one) so that other processes can import it; in a
notebook, functions defined in the notebook work with ``jobs`` on Linux
(worker processes are forked) and with Dask (it pickles them by value).

A progress bar on stderr counts the jobs done, on every backend
(``progress=None`` shows it only on a terminal).

A job that raises stops the run. In this process and on the worker
processes the error raised is the earliest failing job's, as a serial run
would raise it; on a Dask cluster it is whichever job failed first.

>>> from spadeslib.parallel import job_seed, run
>>> run(abs, [-3, 1, -2], jobs=2)
[3, 1, 2]
>>> [job_seed(7, i) for i in range(3)]
['7/1', '7/2', '7/3']
"""

from __future__ import annotations

import math
import multiprocessing
import os
import re
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, TypeVar

from .dealing import is_seed
from .errors import SpadesError, is_whole
from .progress import Progress

__all__ = ["default_jobs", "job_seed", "run"]

T = TypeVar("T")
R = TypeVar("R")

_FN: list[Callable[[Any], Any]] = []  # the job function, set once per worker


def default_jobs() -> int:
    """The cores this process may use: ``SPADES_JOBS`` if set (a teacher's
    cap for a shared server), else the fewest of the cores it may run on,
    the CPU limit a JupyterHub gives it (``CPU_LIMIT``, as KubeSpawner and
    other spawners set it) and its container's CPU quota (cgroups); at
    least 1.

    >>> default_jobs() >= 1
    True
    """
    text = os.environ.get("SPADES_JOBS", "").strip()
    if text:
        if not text.isdigit() or int(text) < 1:
            raise SpadesError(
                f"SPADES_JOBS is how many processes a run may use: a whole "
                f"number from 1, not {text!r}"
            )
        return int(text)
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    for limit in (_hub_limit(), _cgroup_quota()):
        if limit is not None:
            cores = min(cores, limit)
    return max(1, cores)


def _hub_limit() -> int | None:
    """The whole cores of ``CPU_LIMIT`` (``"0.5"`` counts as 1), if set."""
    try:
        limit = float(os.environ.get("CPU_LIMIT", ""))
    except ValueError:
        return None
    return max(1, math.ceil(limit)) if limit > 0 else None


def _cgroup_quota(root: Path = Path("/sys/fs/cgroup")) -> int | None:
    """The whole cores of this container's CPU quota (cgroup v2 ``cpu.max``
    or v1 ``cpu.cfs_quota_us``), if it has one."""
    try:
        quota, period = (root / "cpu.max").read_text().split()[:2]
    except (OSError, ValueError):
        try:
            base = root / "cpu"
            quota = (base / "cpu.cfs_quota_us").read_text().strip()
            period = (base / "cpu.cfs_period_us").read_text().strip()
        except OSError:
            return None
    if quota in ("max", "-1") or not period.isdigit() or not quota.isdigit():
        return None
    return max(1, math.ceil(int(quota) / max(1, int(period))))


def job_seed(seed: object, index: int) -> str:
    """The seed of job ``index`` (from 0) of a run seeded with ``seed``:
    ``"SEED/INDEX+1"``, as ``spades play --games`` numbers its games.

    >>> job_seed("exp", 0)
    'exp/1'
    """
    if not is_seed(seed):
        raise SpadesError(f"a seed is a whole number or a text, not {seed!r}")
    if not is_whole(index) or index < 0:
        raise SpadesError(f"a job's index is a whole number from 0, not {index!r}")
    return f"{seed}/{index + 1}"


def run(
    fn: Callable[[T], R],
    items: Iterable[T],
    *,
    jobs: int | None = None,
    scheduler: Any = None,
    progress: bool | None = None,
    label: str = "jobs",
) -> list[R]:
    """``[fn(item) for item in items]``, computed serially, in ``jobs``
    processes, or on the Dask cluster ``scheduler``; always in item order.

    ``jobs=None`` uses every core; ``jobs=1`` runs in this process (no
    pickling, easiest to debug). An exception raised by ``fn`` is raised
    here, and the remaining jobs are cancelled. ``label`` names what the
    progress bar counts.

    >>> import math
    >>> run(math.factorial, range(6), jobs=1)
    [1, 1, 2, 6, 24, 120]
    """
    work = list(items)
    if jobs is None:
        jobs = default_jobs()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise SpadesError(
            f"jobs must be a whole number of processes >= 1, not {jobs!r}"
        )
    with Progress(len(work), label, enabled=progress) as bar:
        if scheduler is not None:
            return _run_dask(fn, work, scheduler, bar)
        jobs = min(jobs, len(work))
        if jobs <= 1 or multiprocessing.current_process().daemon:
            # a worker of a pool cannot start its own pool: run inline
            out = []
            for item in work:
                out.append(fn(item))
                bar.update()
            return out
        return _run_pool(fn, work, jobs, bar)


def _init_worker(fn: Callable[[Any], Any]) -> None:
    _FN[:] = [fn]


def _call(chunk: list[tuple[int, Any]]) -> list[tuple[int, Any]]:
    fn = _FN[0]
    return [(index, fn(item)) for index, item in chunk]


def _run_pool(
    fn: Callable[[Any], Any], work: list[Any], jobs: int, bar: Progress
) -> list[Any]:
    """Chunks of jobs on a process pool; a worker that dies raises
    ``BrokenProcessPool`` instead of hanging the run."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    size = max(1, min(32, len(work) // (jobs * 8)))
    numbered = list(enumerate(work))
    chunks = [numbered[i : i + size] for i in range(0, len(numbered), size)]
    results: list[Any] = [None] * len(work)
    pool = ProcessPoolExecutor(
        jobs, mp_context=context, initializer=_init_worker, initargs=(fn,)
    )
    # a failing job stops the run with the error ``jobs=1`` would raise: the
    # earliest failing job's (the chunks before it finish; those after are
    # cancelled), not whichever worker failed first
    failed: tuple[int, Exception] | None = None
    try:
        futures = [pool.submit(_call, chunk) for chunk in chunks]
        order = {future: number for number, future in enumerate(futures)}
        for future in as_completed(futures):
            if future.cancelled():
                continue
            number = order[future]
            try:
                done = future.result()
            except Exception as error:
                if failed is None or number < failed[0]:
                    failed = (number, error)
                    for later in futures[number + 1 :]:
                        later.cancel()
                continue
            for index, out in done:
                results[index] = out
            bar.update(len(done))
        if failed is not None:
            raise failed[1]
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return results


_ADDRESS = re.compile(
    r"inproc://\S+|(?:[a-z]+://)?(?:\[[0-9a-fA-F:]+\]|[\w.-]+):\d{1,5}"
)
"""A scheduler address: ``tcp://host:8786``, ``host:8786``, ``tls://[::1]:8786``
or an in-process ``inproc://...`` one."""


def _client(scheduler: Any) -> tuple[Any, bool]:
    """A Dask client for ``scheduler`` and whether this module owns it."""
    try:
        from distributed import Client
    except ImportError:
        raise SpadesError(
            "the Dask backend needs the dask extra: pip install 'spadeslib[dask]'"
        ) from None
    if hasattr(scheduler, "submit") and hasattr(scheduler, "gather"):
        return scheduler, False  # a Client already
    if not isinstance(scheduler, str) and not hasattr(scheduler, "scheduler_address"):
        raise SpadesError(
            f"scheduler must be an address such as 'tcp://host:8786', a Dask "
            f"Client or a cluster, not {type(scheduler).__name__}"
        )
    if isinstance(scheduler, str) and not _ADDRESS.fullmatch(scheduler):
        # checked first: a Client that fails in its constructor prints a
        # traceback when the half-built object is collected
        raise SpadesError(
            f"{scheduler!r} is not a Dask scheduler address: use PROTOCOL://HOST:PORT, "
            "for example tcp://127.0.0.1:8786"
        )
    try:
        return Client(scheduler, timeout="20s", set_as_default=False), True
    except (OSError, ValueError, TypeError) as error:
        raise SpadesError(
            f"cannot reach the Dask scheduler {scheduler}: {error}"
        ) from None


def _run_dask(
    fn: Callable[[Any], Any], work: list[Any], scheduler: Any, bar: Progress
) -> list[Any]:
    client, owned = _client(scheduler)  # says which extra is missing
    from distributed import as_completed as completed

    futures: list[Any] = []
    try:
        futures = client.map(fn, work, pure=False)
        where = {future.key: i for i, future in enumerate(futures)}
        results: list[Any] = [None] * len(work)
        for future in completed(futures, loop=client.loop):
            results[where[future.key]] = future.result()
            bar.update()
        return results
    except BaseException:
        if futures:
            client.cancel(futures)
        raise
    finally:
        if owned:
            client.close()
