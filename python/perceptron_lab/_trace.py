"""`trace`: a whole run of an algorithm as the course's step table."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

import numpy as np

from . import _core, _inputs


class Trace:
    """A whole run: every step (`steps`, as `perceptron-trace --format json` writes them) and
    the result. `print(trace)` prints the Markdown table of the command line; a notebook shows
    it as a table."""

    def __init__(self, native: "_core.NativeTrace") -> None:
        self._native = native
        data = json.loads(native.text("json"))
        self.algorithm: Optional[str] = data.get("algo")
        self.steps: List[Dict[str, Any]] = data.get("steps", [])
        self.result: Dict[str, Any] = data["result"]

    @property
    def weights(self) -> Optional[np.ndarray]:
        """The final weights without the bias (a row per class for the multiclass
        algorithms), or None when the model has none (the kernel perceptron)."""
        w = self.result.get("weights")
        return None if w is None else np.asarray(w, dtype=float)

    @property
    def bias(self) -> Any:
        """The final bias (one per class for the multiclass algorithms), if the model has one."""
        return self.result.get("bias")

    @property
    def converged(self) -> Optional[bool]:
        """Whether training converged."""
        return self.result.get("converged")

    def to_markdown(self) -> str:
        """The table and summary exactly as `perceptron-trace` prints them."""
        return self._native.text("markdown")

    def to_csv(self) -> str:
        """One CSV row per step, as `perceptron-trace --format csv`."""
        return self._native.text("csv")

    def to_latex(self) -> str:
        """A LaTeX tabular with booktabs rules, as `perceptron-trace --format latex`."""
        return self._native.text("latex")

    def to_json(self) -> str:
        """The run as `perceptron-trace --format json` prints it."""
        return self._native.text("json")

    def to_pandas(self) -> Any:
        """The steps as a pandas DataFrame (pandas must be installed)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("to_pandas needs pandas: pip install pandas") from None
        return pd.DataFrame(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def __str__(self) -> str:
        return self.to_markdown()

    def __repr__(self) -> str:
        return self.to_markdown()

    def _repr_markdown_(self) -> str:
        return self.to_markdown()


def trace(
    X: Any,
    y: Any,
    algorithm: str = "perceptron",
    eta: float = 1.0,
    bias: bool = True,
    init: _inputs.Init = "zero",
    order: str = "fixed",
    seed: int = 1,
    max_epochs: int = 1000,
    kernel: Optional[str] = None,
    steps: bool = True,
    **params: float,
) -> Trace:
    """Runs `algorithm` on the points `X` (one row of features each) with labels `y` until it
    stops, with the same Rust core as the page and `perceptron-trace`.

    Labels are ±1, 0/1 or -/+ for the binary algorithms, and any 2 to 6 names or numbers for
    `multiclass`, `ovr` and `ovo` (ordered as a CSV file's are). `init` is "zero", "random"
    or the initial weights, bias first; `kernel` (for algorithm="kernel") is "linear",
    "poly:D:GAMMA:C" or "rbf:GAMMA"; further keywords are the algorithm's own numbers (C=0.5
    for passive-aggressive). `steps=False` keeps only the result (as `--no-steps`), for runs
    too long to keep a row per step. Raises ValueError with the core's message for anything it
    refuses, OverflowError when the numbers leave the finite range, and KeyboardInterrupt
    when interrupted.
    """
    native = _core.trace(
        _inputs.points(X),
        _inputs.labels(y),
        _inputs.settings(algorithm, kernel, params, bias, init, eta, order, seed, max_epochs),
        bool(steps),
    )
    return Trace(native)
