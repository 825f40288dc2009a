"""engine.borrow: the borrowed array is the same buffer, seen the same way, from jitted code."""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.borrow import borrowed


@njit(cache=False)
def _write_through(array: np.ndarray, row: int, value: int) -> tuple[int, int, int]:
    view = borrowed(array)
    view[row, 1] = value  # through the borrowed struct
    inner = view[row]  # a slice of it: a view with no meminfo either
    inner[2] = value + 1
    return view.shape[0], view.shape[1], view.strides[0]


@njit(cache=False)
def _sum_borrowed(array: np.ndarray) -> int:
    return _recurse(borrowed(array), array.shape[0] - 1)


@njit(cache=False)
def _recurse(array: np.ndarray, i: int) -> int:
    if i < 0:
        return 0
    return array[i] + _recurse(array, i - 1)


def test_writes_through_a_borrowed_array_reach_the_original() -> None:
    array = np.zeros((5, 4), dtype=np.int64)
    rows, columns, stride = _write_through(array, 3, 7)
    assert (rows, columns, stride) == (5, 4, 32)
    assert array[3, 1] == 7 and array[3, 2] == 8
    assert int(array.sum()) == 15


def test_a_borrowed_array_passes_through_recursive_calls() -> None:
    values = np.arange(50, dtype=np.int64)
    assert _sum_borrowed(values) == int(values.sum())


def test_a_non_contiguous_array_keeps_its_strides() -> None:
    base = np.arange(40, dtype=np.int64).reshape(8, 5)
    column = base[:, 2]
    assert _sum_borrowed(column) == int(column.sum())
