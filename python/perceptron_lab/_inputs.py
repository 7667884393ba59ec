"""What Python hands to the core: points as rows of floats, labels as the text a CSV file
would hold, settings as the command line spells them. Every check of meaning is the core's;
these only turn NumPy arrays, lists and Python numbers into that form."""

from __future__ import annotations

import numbers
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

Init = Union[str, Sequence[float]]


def points(X: Any) -> List[List[float]]:
    """X as rows of floats: any array-like of numbers with one row per point."""
    try:
        array = np.asarray(X, dtype=float)
    except (TypeError, ValueError) as err:
        raise ValueError(f"X must be numbers, one row of features per point ({err})") from None
    if array.ndim != 2:
        raise ValueError(
            f"X must be two-dimensional (one row of features per point), not of shape {array.shape}"
        )
    return array.tolist()


def label_text(value: Any) -> str:
    """One label as a CSV file would spell it: whole numbers without a decimal point."""
    if isinstance(value, (bool, np.bool_)):
        return "1" if value else "0"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        number = float(value)
        return str(int(number)) if number.is_integer() else repr(number)
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return str(value)


def labels(y: Any) -> List[str]:
    """y as label strings: ±1, 0/1 or names (NumPy arrays of any dtype, lists, pandas)."""
    values = np.asarray(y, dtype=object)
    if values.ndim != 1:
        raise ValueError(f"y must be one label per point, not of shape {values.shape}")
    return [label_text(v) for v in values.tolist()]


def init_text(init: Init) -> str:
    """`zero`, `random` or weights (bias first) as the command line's `W0,W1,…`."""
    if isinstance(init, str):
        return init
    try:
        values = [float(v) for v in init]
    except (TypeError, ValueError):
        raise ValueError(
            f"init must be 'zero', 'random' or the initial weights, bias first, not {init!r}"
        ) from None
    return ",".join(repr(v) for v in values)


def params(extra: Mapping[str, Any]) -> List[Tuple[str, float]]:
    """The algorithms' own numbers (C=0.5, …), as the registry names them."""
    out = []
    for key, value in extra.items():
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise ValueError(f"{key} must be a number, not {value!r}")
        out.append((key, float(value)))
    return out


def settings(
    algorithm: str,
    kernel: Optional[str],
    extra: Mapping[str, Any],
    bias: bool,
    init: Init,
    eta: float,
    order: str,
    seed: int,
    max_epochs: int,
) -> Dict[str, Any]:
    """What the core's trace and load take besides the points, checked for type."""
    for name, value in (("seed", seed), ("max_epochs", max_epochs)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
            raise ValueError(f"{name} must be a whole number ≥ 0, not {value!r}")
    if isinstance(eta, bool) or not isinstance(eta, numbers.Real):
        raise ValueError(f"eta must be a number, not {eta!r}")
    return dict(
        algorithm=str(algorithm),
        kernel=None if kernel is None else str(kernel),
        params=params(extra),
        bias=bool(bias),
        init=init_text(init),
        eta=float(eta),
        order=str(order),
        seed=int(seed),
        max_epochs=int(max_epochs),
    )
