//! The classic rule in "This run in code": scikit-learn's `Perceptron`, and the rule in NumPy.

use super::Trainer;
use crate::core::code::{floats, initial_weights_code, sklearn_linear, CodeRun, Py, PythonCode};

impl PythonCode for Trainer {
    fn settings_code(&self, run: &CodeRun, py: &mut Py) {
        initial_weights_code(run.input.settings, "w0", &floats(self.weights()), py);
    }

    fn sklearn_code(&self, run: &CodeRun, py: &mut Py) {
        py.line("from sklearn.linear_model import Perceptron");
        py.line("");
        py.line(
            "# Perceptron updates on y·(w·x + b) <= 0 by eta0·y·x, as the lab does. For E whole",
        );
        py.line("# epochs in data order from zero weights this is Perceptron(..., max_iter=E).fit(X, y).");
        sklearn_linear(
            run,
            self.weights(),
            "Perceptron(\n    eta0=eta, shuffle=False, tol=None, penalty=None, max_iter=1,\n    fit_intercept=fit_intercept,\n)",
            "w",
            "scikit-learn's arithmetic overflows with numbers of this size where the lab's \
             stays finite",
            py,
        );
    }

    fn numpy_code(&self, _run: &CodeRun, py: &mut Py) {
        py.lines(&[
            "w = np.array(w0, dtype=float)  # [b, w1, w2, ...]",
            "for order in epochs:",
            "    for i in order:",
            "        score = w[0] + dot(w[1:], X[i])",
            "        if y[i] * score <= 0:  # a mistake (a zero score is one)",
            "            w[1:] += eta * y[i] * X[i]",
            "            if fit_intercept:",
            "                w[0] += eta * y[i]",
            "show(\"numpy\", \"w\", w)",
        ]);
    }
}
