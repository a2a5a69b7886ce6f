#!/usr/bin/env python3
"""What a hop to the worker's main queue costs a provider call (issue 40: at most 1 ms more).

    Benchmarks/main-queue-hop.py [BIN] [--calls 2000] [--rounds 5]

Runs `ProfileTimeline CALLS worker KIND` (BIN: the benchmarks' release products, default
Benchmarks/.build/release) for the ten-entry provider that completes at once (TenEntryWidget,
the floor) and for the same provider completing from `DispatchQueue.main.async`
(TenEntryMainQueueWidget), alternately, ROUNDS times each: the same host path, worker and
machine, one process per run. Prints each kind's per-call time (median, minimum, maximum over
the rounds) and the median of the paired differences.
"""
import argparse
import re
import statistics
import subprocess
from pathlib import Path

KINDS = ["TenEntryWidget", "TenEntryMainQueueWidget"]


def per_call_seconds(binary, calls, kind):
    output = subprocess.run([str(binary), str(calls), "worker", kind], capture_output=True, text=True, check=True).stdout
    match = re.search(r"calls, ([0-9.e-]+) seconds each", output)
    if not match:
        raise SystemExit(f"unexpected output from ProfileTimeline: {output!r}")
    return float(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bin", nargs="?", default=str(Path(__file__).resolve().parent / ".build" / "release"))
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    arguments = parser.parse_args()
    binary = Path(arguments.bin) / "ProfileTimeline"
    times = {kind: [] for kind in KINDS}
    for _ in range(arguments.rounds):
        for kind in KINDS:
            times[kind].append(per_call_seconds(binary, arguments.calls, kind))
    for kind in KINDS:
        values = [value * 1e6 for value in times[kind]]
        print(f"{kind:<24} {statistics.median(values):8.1f} µs a call (min {min(values):.1f}, max {max(values):.1f})")
    differences = [(hop - floor) * 1e6 for floor, hop in zip(times[KINDS[0]], times[KINDS[1]])]
    print(f"the hop to the main queue: {statistics.median(differences):+.1f} µs a call (median of {len(differences)} pairs)")


if __name__ == "__main__":
    main()
