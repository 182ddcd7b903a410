"""Figures the benchmarks share."""

from __future__ import annotations

import math

#: The normal distribution's 97.5th percentile: a 95% interval spans this many deviations.
Z95 = 1.959964


def percentile(values: list[float], fraction: float) -> float:
    """The value at ``fraction`` (0.95: p95) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); a shared win counts its
    share of ``successes``."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))
