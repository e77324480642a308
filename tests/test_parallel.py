"""The job runner: the same results, in the same order, for any number of
processes and on a Dask cluster."""

from __future__ import annotations

import math
import os
import re
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from spadeslib import SpadesError
from spadeslib.cli_play import GameJob, play_job
from spadeslib.parallel import default_jobs, job_seed, run


def game_jobs(count: int, seed: str = "t") -> list[GameJob]:
    specs = ["cards4net", "classic+jokers", "two-player", "yppedia+suicide"]
    return [
        GameJob(
            rules=specs[i % len(specs)],
            bots="random",
            seed=job_seed(seed, i),
            hands=3,
            record=True,
        )
        for i in range(count)
    ]


def test_processes_give_the_serial_results_in_order() -> None:
    jobs = game_jobs(6)
    serial = run(play_job, jobs, jobs=1)
    assert [g.rules for g in serial] == [j.rules for j in jobs]
    assert run(play_job, jobs, jobs=2) == serial
    assert run(play_job, jobs, jobs=6) == serial
    # each job's seed, not the order of work, decides its game
    again = run(play_job, list(reversed(jobs)), jobs=2)
    assert again == list(reversed(serial))
    assert len({str(g.record) for g in serial}) == len(serial)


def test_many_small_jobs_keep_their_order() -> None:
    items = [(i * 37) % 200 for i in range(300)]
    assert run(math.factorial, items, jobs=2) == [math.factorial(i) for i in items]
    assert run(math.factorial, [], jobs=2) == []


def test_errors_and_options() -> None:
    with pytest.raises(ValueError, match="negative"):
        run(math.factorial, [3, -1, 4], jobs=2)
    for bad in (0, -2, 1.5, True):
        with pytest.raises(SpadesError, match="jobs must be"):
            run(abs, [1], jobs=bad)  # type: ignore[arg-type]
    with pytest.raises(SpadesError, match="scheduler must be"):
        run(abs, [1], scheduler=42)
    for bad in ("42", "tcp://host", "host 8786"):  # refused before any Client exists
        with pytest.raises(SpadesError, match="not a Dask scheduler address"):
            run(abs, [1], scheduler=bad)
    assert default_jobs() >= 1
    assert job_seed(0, 0) == "0/1" and job_seed("x", 9) == "x/10"


def _slow_check(x: int) -> int:
    """``x``, or an error naming it when negative; the further down the
    list a failing job is, the sooner it fails (a race the runner must not
    let decide which error is raised)."""
    if x < 0:
        import time

        time.sleep(0.002 * (200 + x))
        raise ValueError(f"job {-x} failed")
    return x


def test_the_error_is_the_earliest_failing_jobs_as_with_one_process() -> None:
    items = list(range(400))
    items[40], items[360] = -40, -199  # the later one fails much sooner
    for jobs in (1, 2):
        with pytest.raises(ValueError, match="job 40 failed"):
            run(_slow_check, items, jobs=jobs)


def test_a_worker_that_dies_stops_the_run_instead_of_hanging() -> None:
    with pytest.raises(BrokenProcessPool):
        run(os._exit, [3, 3, 3], jobs=2)


def test_progress_counts_jobs_on_every_backend(capsys) -> None:
    for jobs in (1, 2):
        run(abs, range(-5, 5), jobs=jobs, progress=True, label="deals")
        err = capsys.readouterr().err
        assert re.search(r"deals \[#+\] 10/10 in \d", err), err
        assert err.endswith("\n")
    run(abs, range(3), jobs=2, progress=False)
    assert capsys.readouterr().err == ""


def test_dask_local_cluster_gives_the_serial_results(capsys) -> None:
    distributed = pytest.importorskip("distributed")
    jobs = game_jobs(4, seed="dask")
    serial = run(play_job, jobs, jobs=1)
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=50,
    ) as cluster:
        # an address, as `spades play --scheduler` gives it ...
        assert run(play_job, jobs, scheduler=cluster.scheduler_address) == serial
        # ... or a client the caller keeps
        with distributed.Client(cluster, set_as_default=False) as client:
            out = run(play_job, jobs, scheduler=client, progress=True)
            assert out == serial
            assert "jobs [" in capsys.readouterr().err
            with pytest.raises(ValueError, match="negative"):
                run(math.factorial, [2, -1], scheduler=client)
            assert client.status == "running"


def test_default_jobs_follows_a_teachers_cap_and_the_servers_limits(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from spadeslib import parallel

    monkeypatch.delenv("SPADES_JOBS", raising=False)
    monkeypatch.delenv("CPU_LIMIT", raising=False)
    quota = parallel._cgroup_quota
    monkeypatch.setattr(parallel, "_cgroup_quota", lambda: None)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3, 4, 5, 6, 7})
    assert parallel.default_jobs() == 8
    monkeypatch.setenv("CPU_LIMIT", "1.5")  # a JupyterHub spawner's limit
    assert parallel.default_jobs() == 2
    monkeypatch.setenv("CPU_LIMIT", "0.25")
    assert parallel.default_jobs() == 1
    monkeypatch.setenv("SPADES_JOBS", "3")  # the teacher's cap wins
    assert parallel.default_jobs() == 3
    monkeypatch.setenv("SPADES_JOBS", "0")
    with pytest.raises(SpadesError, match=r"SPADES_JOBS .* not '0'"):
        parallel.default_jobs()
    # a container's quota: cgroup v2, then v1
    (tmp_path / "cpu.max").write_text("250000 100000\n")
    assert quota(tmp_path) == 3
    (tmp_path / "cpu.max").write_text("max 100000\n")
    assert quota(tmp_path) is None
    (tmp_path / "cpu.max").unlink()
    (tmp_path / "cpu").mkdir()
    (tmp_path / "cpu" / "cpu.cfs_quota_us").write_text("100000\n")
    (tmp_path / "cpu" / "cpu.cfs_period_us").write_text("100000\n")
    assert quota(tmp_path) == 1
    assert quota(tmp_path / "missing") is None
