"""Figures the benchmarks share."""

from __future__ import annotations


def percentile(values: list[float], fraction: float) -> float:
    """The value at ``fraction`` (0.95: p95) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]
