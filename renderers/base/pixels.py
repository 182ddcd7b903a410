"""A picture's pixels read where Pillow keeps them, without copying them first.

``Image.tobytes()`` copies the picture twice (in 64 KB pieces, then joined): 0.5-1 ms for a
board, as long as mapping a tenth of it onto the palette. Pillow (11.2 on) lends its memory
through the Arrow C data interface instead; ``rgbx_pixels`` reads it there (an RGB picture
is kept as four bytes a pixel, the fourth unused) and falls back on ``tobytes`` wherever
that is not offered (an older Pillow, a picture kept in several blocks).
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from contextlib import contextmanager

from PIL import Image


class _ArrowArray(ctypes.Structure):
    """``struct ArrowArray`` of the Arrow C data interface (a stable ABI)."""


_ArrowArray._fields_ = [
    ("length", ctypes.c_int64),
    ("null_count", ctypes.c_int64),
    ("offset", ctypes.c_int64),
    ("n_buffers", ctypes.c_int64),
    ("n_children", ctypes.c_int64),
    ("buffers", ctypes.POINTER(ctypes.c_void_p)),
    ("children", ctypes.POINTER(ctypes.POINTER(_ArrowArray))),
    ("dictionary", ctypes.c_void_p),
    ("release", ctypes.c_void_p),
    ("private_data", ctypes.c_void_p),
]

_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.restype = ctypes.c_void_p
_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


@contextmanager
def rgbx_pixels(image: Image.Image) -> Iterator[memoryview]:
    """An RGB picture's pixels, four bytes each (R, G, B and one unused), row after row;
    valid only inside the ``with`` block, while the picture is left unchanged."""
    lent = _lent(image)
    if lent is None:
        yield memoryview(image.tobytes("raw", "RGBX"))
        return
    capsule, pixels = lent
    try:
        yield pixels
    finally:
        pixels.release()
        del capsule  # Pillow's memory is given back when the capsule goes


def _lent(image: Image.Image) -> tuple[object, memoryview] | None:
    """The Arrow capsule that holds the picture's memory and a view of that memory, or
    None where Pillow does not lend it."""
    if image.mode != "RGB" or not hasattr(image, "__arrow_c_array__"):
        return None
    try:
        _schema, capsule = image.__arrow_c_array__()
    except (ValueError, OSError, NotImplementedError):  # e.g. kept in several blocks
        return None
    array = _ArrowArray.from_address(_capsule_pointer(capsule, b"arrow_array"))
    expected = 4 * image.width * image.height
    if array.n_children != 1 or array.offset or array.length != image.width * image.height:
        return None
    values = array.children[0].contents
    if values.n_buffers != 2 or values.offset or values.length != expected:
        return None
    address = values.buffers[1]
    if not address:
        return None
    memory = (ctypes.c_char * expected).from_address(address)
    return capsule, memoryview(memory).cast("B")
