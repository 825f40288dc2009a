"""benchmarks/jit_profile.py: Numba's mangled names shortened for the profile's table."""

from __future__ import annotations

from jit_profile import short_name


def test_numba_symbols_become_module_and_function() -> None:
    mangled = "_ZN6engine6search7negamaxB3v39B52c8tJTIeFIjxB2IKSgI4CrvSCKg1MMfAwK4LJISUWsIgmAA_3d_3dE5ArrayIxLi1E1C"
    assert short_name(mangled) == "search.negamax"
    assert short_name("_ZN6engine3see14least_attackerB4v168B52c8tJTIeFIjxB2_3dE5ArrayIxLi1E1C7mutablexx") == (
        "see.least_attacker"
    )


def test_other_symbols_are_left_alone() -> None:
    assert short_name("_PyEval_EvalFrameDefault") == "_PyEval_EvalFrameDefault"
    assert short_name("NRT_incref") == "NRT_incref"
