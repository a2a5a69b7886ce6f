#!/usr/bin/env python3
"""Proportional memory (PSS) of a host and all its workers over a busy simulated hour.

    Benchmarks/worker-memory.py WIDGETHOST BUNDLES [--idle S ...] [--hours H]

Runs `WIDGETHOST simulate --isolation worker` over BUNDLES (e.g. 1,000 bundles made by
scripts/generate-bundles.sh: 4,000 keys, every one reloaded in the hour) once per --idle value
(`--worker-idle`; 0 keeps every worker), with real worker processes, and samples every 50 ms
the PSS of the host and of each of its `widgethost-worker` children
(/proc/PID/smaps_rollup). Prints, per run: the peak of the total, the peak number of workers,
the host's own peak, and the mean PSS of one worker.

The simulation's clock is virtual: its hour passes in seconds of real time, while idle workers
are let go on the real clock. An idle time of S seconds here stands for S × (3600 / the run's
wall time) seconds of a real hour; the script prints that factor.

The host's own memory per 1,000 keys comes from two runs over folders of different sizes: the
difference of the host's peaks over the difference in keys.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time


def pss_kib(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        pass
    return 0


def workers_of(pid):
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/comm") as comm:
                name = comm.read().strip()
        except (FileNotFoundError, ProcessLookupError):
            continue
        if int(fields[1]) == pid and name.startswith("widgethost-work"):
            found.append(int(entry))
    return found


def sample_run(command, env):
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    started = time.monotonic()
    peak_total = peak_workers = peak_host = 0
    worker_samples = []
    while process.poll() is None:
        host = pss_kib(process.pid)
        workers = [pss_kib(worker) for worker in workers_of(process.pid)]
        workers = [kib for kib in workers if kib > 0]
        peak_host = max(peak_host, host)
        peak_workers = max(peak_workers, len(workers))
        peak_total = max(peak_total, host + sum(workers))
        worker_samples += workers
        time.sleep(0.05)
    wall = time.monotonic() - started
    if process.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({process.returncode}): {process.stderr.read().decode()[-2000:]}")
    mean_worker = sum(worker_samples) / len(worker_samples) if worker_samples else 0
    return wall, peak_total, peak_workers, peak_host, mean_worker


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("widgethost")
    parser.add_argument("bundles")
    parser.add_argument("--idle", type=float, action="append", help="--worker-idle values (default: 0 and 0.05)")
    parser.add_argument("--hours", type=float, default=1)
    arguments = parser.parse_args()
    data = tempfile.mkdtemp(prefix="widgethost-memory-")
    env = dict(os.environ, WIDGETHOST_DATA_DIR=data)
    base = [arguments.widgethost, "simulate", "--bundles", arguments.bundles, "--no-default-bundles",
            "--start", "2026-01-01T00:00:00Z", "--hours", str(arguments.hours), "--format", "json"]
    # Warm the bundle cache, so each run starts the way a daemon's restart does.
    subprocess.run([arguments.widgethost, "list", "--bundles", arguments.bundles, "--no-default-bundles"],
                   stdout=subprocess.DEVNULL, env=env, check=True)
    print("| --worker-idle (s) | wall (s) | idle in a real hour (s) | peak total PSS (MiB) | peak workers | host peak PSS (MiB) | mean PSS of a worker (MiB) |")
    print("|---|---|---|---|---|---|---|")
    for idle in arguments.idle or [0, 0.05]:
        wall, total, workers, host, worker = sample_run(base + ["--isolation", "worker", "--worker-idle", str(idle)], env)
        scaled = idle * 3600 * arguments.hours / wall if idle else 0
        print(f"| {idle:g} | {wall:.1f} | {scaled:.0f} | {total / 1024:.0f} | {workers} | {host / 1024:.1f} | {worker / 1024:.2f} |")
        sys.stdout.flush()

    keys = 4 * sum(1 for name in os.listdir(arguments.bundles) if name.endswith(".so"))
    print(f"\n{keys} keys (generated bundles have 4 each). The host's own memory per 1,000 keys: run this over two "
          "folders of different sizes and divide the difference of the host's peaks (idle 0) by the difference in keys.")


if __name__ == "__main__":
    main()
