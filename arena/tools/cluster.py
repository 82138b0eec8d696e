"""`arena batch --scheduler ADDRESS`: the seed sweep's shards on an existing Dask cluster.

Dask (`pip install 'arena[cluster]'`) is imported only here and only when asked for. Each
shard is a few battles; a worker process loads the assets and scenario once per job (as a
`--jobs` worker does) and fights one battle at a time (the esper world is process-global, so
a worker's threads take turns). Results come back in seed order: the CSV is the same bytes
as `--jobs 1`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from arena.errors import ArenaError
from arena.text import one_line
from arena.tools.battlerow import Fought
from arena.tools.sweep import Job, fight_shard

CONNECT_SECONDS = 10
SHARDS_PER_THREAD = 8  # enough shards to balance battles of uneven length


def _client(address: str) -> Any:
    """A Dask client connected to `address`, or a one-line ArenaError."""
    try:
        import distributed  # noqa: PLC0415 - the optional extra, only when asked
    except ImportError:
        raise ArenaError("--scheduler needs Dask: pip install 'arena[cluster]'") from None
    try:
        client: Any = distributed.Client
        return client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as e:
        raise ArenaError(f"--scheduler {one_line(address, 80)}: cannot reach a Dask scheduler "
                         f"({one_line(str(e) or type(e).__name__, 120)})") from None


def sweep_on_cluster(job: Job, address: str,
                     tick: Callable[[], None] = lambda: None) -> Iterator[Fought]:
    """Fight every battle of the job on the cluster at `address`, yielding in seed order."""
    client = _client(address)
    try:
        battles = job.battles()
        threads = max(1, sum(client.nthreads().values()))
        size = max(1, min(8, len(battles) // (threads * SHARDS_PER_THREAD)))
        shards = [battles[i:i + size] for i in range(0, len(battles), size)]
        futures = [client.submit(fight_shard, job, shard, pure=False) for shard in shards]
        for future in futures:
            for fought in future.result():
                yield fought
                tick()
    finally:
        client.close()
