#!/usr/bin/env python3
"""Writes a hunt with N point tasks (default 200) and two teams, for the sheets benchmark and check.

Usage: .ci/bench/sheets-hunt.py OUT.yaml [N]
Titles carry Czech, Dutch and French accents; clues vary in length; every third task has a hint.
"""
import sys

out = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
titles = ["Příliš žluťoučký kůň úpěl ďábelské ódy", "Het Domplein en de ruïne van het schip",
          "Café crème à la Défense", "IJsselmeer: één brug, twee oevers", "Hôtel de Ville — où est la façade ?",
          "Ševčíkova ulice, Žižkov"]
lines = ["hunt: Benchmark — Velký hon", "timezone: Europe/Prague",
         "window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }",
         "rules: |", "  Stay together. Send photos as files, not through a chat app.",
         "teams:", "  - { id: a, name: Zelené žáby }", "  - { id: b, name: Les Renards rusés }",
         "rewards:", "  - { points: 100, reward: Een gratis drankje }", "tasks:"]
for i in range(1, n + 1):
    clue = "Zoek het bordje bij de ingang en fotografeer de gevel. " * (1 + i % 5)
    lines += [f"  - id: t{i}", f"    title: \"Úkol {i}: {titles[i % len(titles)]}\"", f"    clue: \"{clue.strip()}\"",
              f"    at: {50 + i * 0.0137:.5f}, {4.5 + i * 0.0071:.5f}", f"    points: {5 + i % 20}"]
    if i % 3 == 0:
        lines.append("    hint: Regardez à gauche.")
open(out, "w", encoding="utf-8").write("\n".join(lines) + "\n")
