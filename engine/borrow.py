"""Arrays the jitted search reads and writes without Numba's reference counting.

Numba passes an array to a jitted function as a struct holding a pointer to its *meminfo*, the
reference count of the buffer, and every call between jitted functions that are not inlined
increments it on the way in and decrements it on the way out, each an atomic ``lock inc``/
``lock dec``. The search makes dozens of such calls a node (move generation, make/unmake, the
ordering, the TT, the evaluation, each with several arrays), so these atomic operations were
**47%** of the engine's time on the bench (``perf record`` on the jitted code, 2026-12-04), and with
Lazy SMP two threads increment the same counters from two cores, whose cache line then bounces
between them.

:func:`borrowed` returns the same array (same buffer, shape, strides and type) with a null
meminfo and no parent object. Numba skips the count of an array whose meminfo is null (it tests
the pointer first), so once ``negamax`` has borrowed its arguments at its top, every call below it,
its own recursion included, passes arrays that cost no atomic operation.

Contract: a borrowed array must not outlive the array it was borrowed from. ``negamax`` borrows
the arrays its caller (Python: engine.root.RootSearch, engine.smp) owns and holds for the whole
call, and no jitted function stores an array or returns one, so the buffers stay alive. Without
the JIT (``NUMBA_DISABLE_JIT=1``) :func:`borrowed` is the identity, so results stay identical.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import config, types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def _borrowed(typingctx: Any, array: Any) -> Any:
    """The intrinsic: a copy of the array struct with its meminfo and parent set to null."""
    if not isinstance(array, types.Array):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        source = context.make_array(array)(context, builder, value=args[0])
        view = context.make_array(array)(context, builder)
        view.meminfo = cgutils.get_null_value(view.meminfo.type)
        view.parent = cgutils.get_null_value(view.parent.type)
        view.nitems = source.nitems
        view.itemsize = source.itemsize
        view.data = source.data
        view.shape = source.shape
        view.strides = source.strides
        return view._getvalue()

    return array(array), codegen


def _identity(array: np.ndarray) -> np.ndarray:
    """Without the JIT there is no reference count to skip."""
    return array


borrowed: Any = _identity if config.DISABLE_JIT else _borrowed
"""``borrowed(array)``: the array without reference counting (see the module doc); jitted code only."""
