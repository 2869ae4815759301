#!/usr/bin/env python3
"""Writes a hunt with N tasks (default 10,000) and 50 teams to the path given.

Usage: .ci/bench/validate-generate.py OUT.yaml [N]
Tasks mix the coordinate forms, units, `after` links, tags, hints and reveals, so the benchmark
exercises every reader the way a large generated hunt would.
"""
import random
import sys

out = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
rng = random.Random(42)
lines = [
    "hunt: Generated Benchmark Hunt",
    "timezone: Europe/Amsterdam",
    "window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }",
    "defaults: { radius: 30 m, points: 10 }",
    "policy: { accuracy: 10 m, clock-skew: 10 min, duplicates: reject, edited: review }",
    "bands: { found: 100 m, hot: 300 m, warm: 500 m }",
    "teams:",
]
for t in range(50):
    lines.append(f"  - {{ id: team-{t}, name: Team {t}, members: [a{t}, b{t}] }}")
lines.append("tasks:")
for i in range(n):
    lat = 52.0 + rng.random() * 0.2
    lon = 5.0 + rng.random() * 0.2
    lines.append(f"  - id: task-{i}")
    lines.append(f"    title: Task number {i}")
    lines.append(f"    clue: Find the place with the number {i} on it.")
    form = i % 4
    if form == 0:
        lines.append(f"    at: {lat:.5f}, {lon:.5f}")
    elif form == 1:
        lines.append(f"    at: [{lat:.5f}, {lon:.5f}]")
    elif form == 2:
        lines.append(f"    at: {{ lat: {lat:.5f}, lon: {lon:.5f} }}")
    else:
        def dms(value):
            tenths = round(value * 36000)          # whole tenths of a second, so 59.96" never prints as 60.0
            d, rest = divmod(tenths, 36000)
            m, s = divmod(rest, 600)
            return f"{d}°{m:02d}'{s / 10:04.1f}\""
        lines.append(f"    at: {dms(lat)}N {dms(lon)}E")
    lines.append(f"    radius: {rng.choice(['25 m', '40 m', '0.05 km', '100 ft'])}")
    lines.append(f"    points: {rng.randint(1, 30)}")
    if i > 0 and i % 10 == 0:
        lines.append(f"    after: [task-{i - 1}, task-{i - 10}]")
    lines.append(f"    tags: [t{i % 7}, t{i % 11}]")
    if i % 3 == 0:
        lines.append("    hint: Look up.")
        lines.append("    reveal: Built long ago.")
lines.append("rewards:")
for p in (10, 50, 100):
    lines.append(f"  - {{ points: {p}, reward: Prize {p} }}")
with open(out, "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
