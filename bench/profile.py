#!/usr/bin/env python3
"""Per-function guest instructions per operation, from nc-tbprof counts.

    profile.py OUT.md REFERENCE CONFIG:MAP:N0=FILE,N1=FILE,N2=FILE ...

Each CONFIG was booted three times, running the workload N0 < N1 < N2
times (scripts/profile). A block's instructions go to the function of
System.map that contains its first address; user space counts as
"[user]". Two estimates of a function's instructions per operation come
from the runs: (N1 - N0) and (N2 - N0) more operations. A function's
share of the operation is the same in both; boot-time work (calibration
loops) and scheduling vary from boot to boot and give estimates that
disagree. A difference between two configurations is listed only when
its two estimates agree within 10 % (or 2 instructions), as the smaller.
"""
import bisect
import collections
import sys


def load_map(path):
    """Text symbols, sorted; the boot-only __init code counts as "[init]"."""
    with open(path) as f:
        entries = [(int(a, 16), t, n) for a, t, n, *_ in
                   (line.split() for line in f if len(line.split()) >= 3)]
    marks = {n: a for a, _, n in entries if n in ("__init_begin", "__init_end")}
    init = (marks["__init_begin"], marks["__init_end"])
    syms = [(init[0], "[init]"), (init[1], "[data]")]
    syms += [(a, n) for a, t, n in entries
             if t in "tTwW" and not init[0] <= a < init[1]]
    syms.sort()
    return [a for a, _ in syms], [n for _, n in syms]


def by_function(path, symbols):
    addrs, names = symbols
    counts = collections.Counter()
    with open(path) as f:
        for line in f:
            vaddr, insns, runs = line.split()
            vaddr = int(vaddr, 16)
            total = int(insns) * int(runs)
            if vaddr < 0xFFFF800000000000:
                counts["[user]"] += total
                continue
            i = bisect.bisect_right(addrs, vaddr) - 1
            counts[names[i] if i >= 0 else "[?]"] += total
    return counts


def estimates(spec):
    """CONFIG:MAP:N0=F0,N1=F1,N2=F2 -> (config, [per-op dict, per-op dict])"""
    config, mapfile, runs = spec.split(":", 2)
    symbols = load_map(mapfile)
    runs = sorted((int(n), f) for n, f in
                  (r.split("=", 1) for r in runs.split(",")))
    (n0, f0), rest = runs[0], runs[1:]
    base = by_function(f0, symbols)
    out = []
    for n, f in rest:
        c = by_function(f, symbols)
        out.append({k: (c[k] - base[k]) / (n - n0) for k in set(c) | set(base)})
    return config, out


def stable_difference(a, b):
    """Functions whose a - b is the same in both estimates."""
    rows = []
    for k in set(a[0]) | set(a[1]) | set(b[0]) | set(b[1]):
        d = [a[i].get(k, 0.0) - b[i].get(k, 0.0) for i in (0, 1)]
        big = max(abs(d[0]), abs(d[1]))
        if k == "[init]":
            continue    # runs once, at boot: never part of an operation
        if d[0] * d[1] > 0 and abs(d[0] - d[1]) <= max(2.0, 0.1 * big):
            rows.append((min(abs(d[0]), abs(d[1])) * (1 if d[0] > 0 else -1),
                         d[0], d[1], k))
    rows.sort(key=lambda r: -abs(r[0]))
    return rows


def main():
    out, reference, specs = sys.argv[1], sys.argv[2], sys.argv[3:]
    configs = dict(estimates(s) for s in specs)
    lines = ["### Profile: guest instructions per operation, by function", ""]
    lines.append("| configuration | all instructions per operation (two estimates) |")
    lines.append("|---|---|")
    for name, est in configs.items():
        lines.append("| %s | %.0f, %.0f |" % (name, sum(est[0].values()),
                                            sum(est[1].values())))
    for name, est in configs.items():
        if name == reference:
            continue
        rows = stable_difference(est, configs[reference])
        shown = [r for r in rows if abs(r[0]) >= 5]
        lines += ["", "#### %s against %s" % (name, reference), "",
                  "Functions whose instructions per operation differ by 5 or "
                  "more, the same in both estimates (sum of these: %+.0f)." %
                  sum(r[0] for r in shown), "",
                  "| function | difference | estimate 1 | estimate 2 |",
                  "|---|---|---|---|"]
        lines += ["| `%s` | %+.0f | %+.0f | %+.0f |" % (r[3], r[0], r[1], r[2])
                  for r in shown[:60]]
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
