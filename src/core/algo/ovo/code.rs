//! One-vs-one in "This run in code": scikit-learn's `OneVsOneClassifier(Perceptron(…))`, and
//! the pairs' binary rules in NumPy.

use super::OvoTrainer;
use crate::core::code::{all_zero, initial_weights_code, rows, CodeRun, Py, PythonCode};

impl PythonCode for OvoTrainer {
    fn settings_code(&self, run: &CodeRun, py: &mut Py) {
        initial_weights_code(run.input.settings, "W0", &rows(self.weights()), py);
        py.line("# Row p is the pair (i, j), i < j: class j (+1) against class i (-1).");
        py.line("pairs = [(i, j) for i in range(K) for j in range(i + 1, K)]");
    }

    fn sklearn_code(&self, run: &CodeRun, py: &mut Py) {
        py.line("from sklearn.linear_model import Perceptron");
        py.line("from sklearn.multiclass import OneVsOneClassifier");
        py.line("");
        py.line(
            "# OneVsOneClassifier trains one Perceptron per pair (i, j), i < j, on the samples of",
        );
        py.line("# classes i and j, class j positive: the lab's pairs, in the same order.");
        if run.steps == 0 {
            py.line("# No step yet: nothing to train.");
            return;
        }
        if !self.weights().iter().all(|r| all_zero(r)) {
            py.line(
                "# OneVsOneClassifier cannot start its pairs from given weights; see NumPy below.",
            );
            return;
        }
        py.lines(&[
            "clf = OneVsOneClassifier(Perceptron(",
            "    eta0=eta, shuffle=False, tol=None, penalty=None, max_iter=1,",
            "    fit_intercept=fit_intercept,",
            "))",
            "visits = [i for order in epochs for i in order]  # the lab's visits, in order",
            "clf.partial_fit(X[visits], y[visits], classes=np.arange(K))",
            "rows = []",
            "for est in clf.estimators_:  # a pair without a sample yet was never trained: zero",
            "    if hasattr(est, \"coef_\"):",
            "        rows.append([est.intercept_[0], *est.coef_[0]])",
            "    else:",
            "        rows.append([0.0] * (X.shape[1] + 1))",
            "show(\"sklearn\", \"W\", rows)",
        ]);
    }

    fn numpy_code(&self, _run: &CodeRun, py: &mut Py) {
        py.lines(&[
            "W = np.array(W0, dtype=float)  # one row per pair",
            "for order in epochs:",
            "    for i in order:",
            "        f = np.array([1.0 if fit_intercept else 0.0, *X[i]])  # f(x) = [1, x]",
            "        for p, (a, c) in enumerate(pairs):",
            "            if y[i] not in (a, c):",
            "                continue  # the pair does not see this class",
            "            yp = 1 if y[i] == c else -1",
            "            if yp * (W[p][0] * f[0] + dot(W[p][1:], f[1:])) <= 0:  # a mistake",
            "                W[p] += eta * yp * f",
            "show(\"numpy\", \"W\", W)",
        ]);
    }
}
