"""`Lab`: the lab as a Jupyter widget (anywidget), with its state held in Python."""

from __future__ import annotations

import pathlib
from typing import Any, Dict, List, Optional

import anywidget
import numpy as np
import traitlets

from . import _core, _inputs

_MODULE = pathlib.Path(__file__).parent / "static" / "perceptron-lab.mjs"


class Lab(anywidget.AnyWidget):
    """Perceptron Lab in a notebook.

    Python holds the lab's state (the same Rust core as the page) and the widget shows it: the
    two meet in the scenario link (`scenario`, synced both ways). A step, a click or a drag in
    the widget sends its link and Python opens it; `step`, `back`, `reset`, `run` and
    `practice` change the state here and the widget opens the new link. What a student did in
    the widget is what the next cell reads (the widget's messages reach the kernel before the
    cell that follows them runs); a cell that steps and reads in one go reads its own steps.
    How it looks (`full`, `hide`, `open_panels`, `height`, `name`, `theme`) is read when the
    lab is shown: set it before, or show the lab again.
    """

    _esm = _MODULE if _MODULE.exists() else "export default { render({ el }) { el.textContent = 'perceptron-lab.mjs is missing from this install'; } };"

    #: The scenario link of the state on show (synced with the widget).
    scenario = traitlets.Unicode("").tag(sync=True)
    #: Every panel and control of the lab; False (the default) is the compact lab: the plot,
    #: the step buttons, the status and the step table, the size of a notebook's output.
    full = traitlets.Bool(False).tag(sync=True)
    #: Controls and panels to hide, as the `<perceptron-lab>` element's hide names.
    hide = traitlets.Unicode("").tag(sync=True)
    #: Panels open from the start (the element's open-panels).
    open_panels = traitlets.Unicode("").tag(sync=True)
    #: The widget's largest height (a CSS length, e.g. "640px"); it scrolls beyond. Empty: as
    #: tall as the lab.
    height = traitlets.Unicode("").tag(sync=True)
    #: The lab's accessible name.
    name = traitlets.Unicode("Perceptron Lab").tag(sync=True)
    #: "light", "dark", or empty for JupyterLab's theme (the system's elsewhere).
    theme = traitlets.Unicode("").tag(sync=True)
    #: The student's answers to the exercise set and its end, as the page reports them.
    results = traitlets.List([]).tag(sync=True)

    def __init__(
        self,
        X: Any = None,
        y: Any = None,
        *,
        algorithm: str = "perceptron",
        eta: float = 1.0,
        bias: bool = True,
        init: _inputs.Init = "zero",
        order: str = "fixed",
        seed: int = 1,
        max_epochs: int = 1000,
        kernel: Optional[str] = None,
        link: Optional[str] = None,
        full: bool = False,
        hide: str = "",
        open_panels: str = "",
        height: str = "",
        name: str = "Perceptron Lab",
        theme: str = "",
        **params: float,
    ) -> None:
        """A lab with the points `X` (two features per row) and labels `y` (as `trace` takes
        them) and the settings given, at step 0; or the scenario of `link`; or, with neither,
        the lab's own start. Raises ValueError with the core's message for what it refuses."""
        native = _core.NativeLab()
        if link is not None:
            if X is not None or y is not None:
                raise ValueError("give the points as X and y, or a link, not both")
            native.open_link(str(link))
        elif X is not None or y is not None:
            if X is None or y is None:
                raise ValueError("the points need both X and y")
            native.load(
                _inputs.points(X),
                _inputs.labels(y),
                _inputs.settings(
                    algorithm, kernel, params, bias, init, eta, order, seed, max_epochs
                ),
            )
        self._native = native
        self._writing = True
        try:
            super().__init__(
                scenario=native.link(),
                full=full,
                hide=hide,
                open_panels=open_panels,
                height=height,
                name=name,
                theme=theme,
            )
        finally:
            self._writing = False

    @classmethod
    def from_link(cls, link: str, **options: Any) -> "Lab":
        """A lab opened from a scenario link (a whole URL, `#v=1&…` or `v=1&…`)."""
        return cls(link=link, **options)

    @traitlets.validate("scenario")
    def _open(self, proposal: Dict[str, Any]) -> str:
        # A link from the widget (or set here) is opened in the native lab first: one it
        # refuses raises, and the state and the trait stay as they were.
        text = proposal["value"]
        if not self._writing and text:
            try:
                self._native.open_link(text)
            except ValueError as err:
                raise traitlets.TraitError(str(err)) from None
        return text

    def _show(self) -> None:
        """Sends the native state to the widget."""
        self._writing = True
        try:
            self.scenario = self._native.link()
        finally:
            self._writing = False

    # Training, as the page's buttons.

    def step(self, n: int = 1) -> int:
        """`n` steps forward (fewer when training stops first); returns how many were taken."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"n must be a whole number ≥ 0, not {n!r}")
        taken = self._native.step(n)
        self._show()
        return taken

    def back(self) -> bool:
        """One step back (an exact undo); False when at step 0."""
        went = self._native.back()
        self._show()
        return went

    def reset(self) -> None:
        """Back to step 0, keeping the points."""
        self._native.reset()
        self._show()

    def run(self) -> None:
        """Runs until training stops (converged, the epoch cap, a cycle, or the page's work
        budget, as Run to convergence does in the page)."""
        self._native.run()
        self._show()

    def load(self, link: str) -> None:
        """Opens a scenario link; one it refuses raises ValueError and changes nothing."""
        self._native.open_link(str(link))
        self._show()

    def practice(self, exercise_link: str) -> None:
        """Opens an exercise set (a link made by the page's practice composer) in the widget:
        `results` starts empty and receives each answer and the end of the set, one dict
        each as the page reports them, with "event" "answer" or "finish". A step, a link or a reset from Python ends the set.
        Raises ValueError for a link the core refuses."""
        link = str(exercise_link)
        self._native.open_link(link)
        self.results = []
        self._writing = True
        try:
            self.scenario = link
        finally:
            self._writing = False

    # The state on show, read-only.

    @property
    def link(self) -> str:
        """The scenario link of the state now (opens the same state in the page)."""
        return self._native.link()

    @property
    def weights(self) -> Optional[np.ndarray]:
        """The weights without the bias: `[w1, w2]`, a row per class for the multiclass
        algorithms, None for the kernel perceptron."""
        w = self._native.weights()
        if w is not None:
            return np.asarray(w[1:], dtype=float)
        rows = self._native.rows()
        return None if rows is None else np.asarray([r[1:] for r in rows], dtype=float)

    @property
    def bias(self) -> Any:
        """The bias w0 (an array, one per row, for the multiclass algorithms)."""
        w = self._native.weights()
        if w is not None:
            return float(w[0])
        rows = self._native.rows()
        return None if rows is None else np.asarray([r[0] for r in rows], dtype=float)

    @property
    def step_index(self) -> int:
        """The step on show (0 before the first)."""
        return self._native.step_index()

    @property
    def epoch(self) -> int:
        """The epoch under way."""
        return self._native.epoch()

    @property
    def converged(self) -> bool:
        """Whether training converged."""
        return self._native.converged()

    @property
    def algorithm(self) -> str:
        """The algorithm's name."""
        return self._native.algorithm()

    @property
    def points(self) -> np.ndarray:
        """The points on the plot, one row (x1, x2) each."""
        return np.asarray([p[:2] for p in self._native.points()], dtype=float).reshape(-1, 2)

    @property
    def labels(self) -> np.ndarray:
        """The points' labels: -1/+1 for the binary algorithms, the class names otherwise."""
        names = self._native.class_names()
        classes = [p[2] for p in self._native.points()]
        if self.algorithm in ("multiclass", "ovr", "ovo"):
            return np.asarray([names[c] for c in classes], dtype=object)
        return np.asarray([1 if c == 1 else -1 for c in classes], dtype=int)

    @property
    def trace(self) -> List[Dict[str, Any]]:
        """The step table as the page shows it, up to the step on show."""
        keys = ("step", "weights", "score", "correct", "update")
        return [dict(zip(keys, row)) for row in self._native.trace_rows()]

    def trace_table(self, format: str = "markdown") -> str:
        """The step table as the page exports it: "markdown", "csv" or "latex"."""
        return self._native.trace_export(format)

    def field(self, name: str) -> Optional[str]:
        """What the lab's status shows as `name` (step, weights, notice, …)."""
        return self._native.field(name)
