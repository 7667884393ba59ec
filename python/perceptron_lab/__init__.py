"""Perceptron Lab in Python: the perceptron, made visible.

- `trace(X, y, ...)`: a whole run as the course's step table, computed by the same Rust core
  as the page and `perceptron-trace` (`print(trace(...))` prints its Markdown table).
- `Lab(X, y, ...)`: the lab as a Jupyter widget whose state Python reads and steps.
"""

from ._core import ALGORITHMS
from ._lab import Lab
from ._trace import Trace, trace

__all__ = ["ALGORITHMS", "Lab", "Trace", "trace"]
__version__ = "0.1.0"
