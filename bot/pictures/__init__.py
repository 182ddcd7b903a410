"""Pictures drawn off the event loop: boards in render workers (``painter``, ``boards``)
and replays as animations (``animation``)."""
