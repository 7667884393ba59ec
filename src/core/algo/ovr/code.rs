//! One-vs-rest in "This run in code": scikit-learn's multiclass `Perceptron` (one-vs-rest),
//! and the K binary rules in NumPy.

use super::OvrTrainer;
use crate::core::code::{
    all_zero, initial_weights_code, rows, sklearn_visits, CodeRun, Py, PythonCode,
};

impl PythonCode for OvrTrainer {
    fn settings_code(&self, run: &CodeRun, py: &mut Py) {
        initial_weights_code(run.input.settings, "W0", &rows(self.weights()), py);
    }

    fn sklearn_code(&self, run: &CodeRun, py: &mut Py) {
        let k = self.num_classes();
        py.line("from sklearn.linear_model import Perceptron");
        py.line("");
        py.line(
            "# Perceptron on K classes trains one binary perceptron per class (class k +1, the",
        );
        py.line("# others -1), each on its own: the lab's one-vs-rest.");
        if run.steps == 0 {
            py.line("# No step yet: nothing to train.");
            return;
        }
        let zero = self.weights().iter().all(|r| all_zero(r));
        if !zero && (k == 2 || !run.visits_have_all(k)) {
            py.line("# scikit-learn takes initial rows only in `fit`, which must see every class");
            py.line("# (and for K = 2 it keeps one row, from zero weights only). See NumPy below.");
            return;
        }
        py.lines(&[
            "clf = Perceptron(",
            "    eta0=eta, shuffle=False, tol=None, penalty=None, max_iter=1,",
            "    fit_intercept=fit_intercept,",
            ")",
        ]);
        if !zero {
            py.line("W0a = np.array(W0)");
        }
        sklearn_visits(
            zero,
            "classes=np.arange(K)",
            "coef_init=W0a[:, 1:], intercept_init=W0a[:, 0]",
            py,
        );
        py.line("rows = np.column_stack([clf.intercept_, clf.coef_])");
        if k == 2 {
            py.line("# For K = 2 scikit-learn keeps one classifier, class 1 vs class 0; from zero weights");
            py.line("# the lab's row 0 is its exact negation.");
            py.line("rows = np.vstack([-rows[0], rows[0]])");
        }
        py.line("show(\"sklearn\", \"W\", rows)");
    }

    fn numpy_code(&self, _run: &CodeRun, py: &mut Py) {
        py.lines(&[
            "W = np.array(W0, dtype=float)  # row k: class k (+1) vs the rest (-1)",
            "for order in epochs:",
            "    for i in order:",
            "        f = np.array([1.0 if fit_intercept else 0.0, *X[i]])  # f(x) = [1, x]",
            "        for k in range(K):",
            "            yk = 1 if y[i] == k else -1",
            "            if yk * (W[k][0] * f[0] + dot(W[k][1:], f[1:])) <= 0:  # a mistake",
            "                W[k] += eta * yk * f",
            "show(\"numpy\", \"W\", W)",
        ]);
    }
}
