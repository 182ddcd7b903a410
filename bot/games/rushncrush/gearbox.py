"""The dashboard's gearbox: the lever's bubbles (gear, speed), the solid lines that accelerate
and decelerate, the dotted lines that change gear, and each bubble's heat colour."""

from __future__ import annotations

from bot.games.rushncrush import data

Bubble = data.Bubble


def heat_colour(bubble: data.Bubble) -> str:
    gear, speed = bubble
    if gear == 0:
        return data.WHITE
    return dict(data.GEAR_BUBBLES[gear])[speed]


def accelerated(bubble: data.Bubble) -> data.Bubble | None:
    """One step up a solid line, or None at the top of the gear."""
    gear, speed = bubble
    if gear == 0:
        return data.FIRST_BUBBLE
    speeds = [s for s, _ in data.GEAR_BUBBLES[gear]]
    index = speeds.index(speed)
    return (gear, speeds[index + 1]) if index + 1 < len(speeds) else None


def decelerated(bubble: data.Bubble) -> data.Bubble | None:
    """One step back down a solid line, or None at the bottom of the chain."""
    gear, speed = bubble
    if gear == 0:
        return None
    if bubble == data.FIRST_BUBBLE:
        return data.NEUTRAL
    speeds = [s for s, _ in data.GEAR_BUBBLES[gear]]
    index = speeds.index(speed)
    return (gear, speeds[index - 1]) if index > 0 else None


def gear_changes(bubble: data.Bubble) -> list[int]:
    """The gears reachable along the dotted line through this bubble."""
    gear, speed = bubble
    joined = data.DOTTED_LINES.get(speed, ())
    return [g for g in joined if g != gear] if gear in joined else []
