//! The batch perceptron in "This run in code": scikit-learn has no full-batch perceptron, so
//! only the NumPy rule.

use super::Batch;
use crate::core::code::{floats, initial_weights_code, CodeRun, Py, PythonCode};

impl PythonCode for Batch {
    fn settings_code(&self, run: &CodeRun, py: &mut Py) {
        initial_weights_code(run.input.settings, "w0", &floats(self.weights()), py);
    }

    fn sklearn_code(&self, _run: &CodeRun, py: &mut Py) {
        py.line(
            "# scikit-learn has no batch perceptron: its Perceptron and SGDClassifier update after",
        );
        py.line(
            "# every sample, never once per epoch with the sum over all mistakes. See NumPy below.",
        );
    }

    fn numpy_code(&self, _run: &CodeRun, py: &mut Py) {
        py.lines(&[
            "w = np.array(w0, dtype=float)  # [b, w1, w2, ...]",
            "for step in range(steps):  # one step is one epoch",
            "    M = [i for i in range(len(X)) if y[i] * (w[0] + dot(w[1:], X[i])) <= 0]",
            "    g = np.zeros_like(w)  # Σ over M of y·[1, x] (the negative gradient of J_p)",
            "    for i in M:",
            "        if fit_intercept:",
            "            g[0] += y[i]",
            "        g[1:] += y[i] * X[i]",
            "    w += eta * g",
            "show(\"numpy\", \"w\", w)",
        ]);
    }
}
