//! The averaged perceptron in "This run in code": scikit-learn's `SGDClassifier` with the
//! perceptron loss and `average=True`, and the rule with its running sum in NumPy.

use super::Averaged;
use crate::core::code::{floats, initial_weights_code, sklearn_linear, CodeRun, Py, PythonCode};

impl PythonCode for Averaged {
    fn settings_code(&self, run: &CodeRun, py: &mut Py) {
        initial_weights_code(run.input.settings, "w0", &floats(self.weights()), py);
    }

    fn sklearn_code(&self, run: &CodeRun, py: &mut Py) {
        py.line("from sklearn.linear_model import SGDClassifier");
        py.line("");
        py.line("# SGDClassifier(average=True) averages the weights after every visit, as the lab");
        py.line("# does; its coef_ and intercept_ are the averages w̄ and b̄ (its running mean may");
        py.line(
            "# differ from the lab's sum / t in the last bits). fit(X, y) with max_iter=E would",
        );
        py.line("# go on visiting after convergence, moving the average; the lab stops there.");
        py.line("# At extreme sizes (η = 5e-324, points near 1e308) its running mean overflows");
        py.line("# where the lab's sum / t does not: the snippet then says so instead of NaN.");
        sklearn_linear(
            run,
            self.weights(),
            "SGDClassifier(\n    loss=\"perceptron\", learning_rate=\"constant\", eta0=eta, penalty=None,\n    shuffle=False, tol=None, average=True, max_iter=1, fit_intercept=fit_intercept,\n)",
            "w_avg",
            "scikit-learn's running mean cannot follow numbers of this size (it overflows or \
             underflows where the lab's sum / t stays finite)",
            py,
        );
    }

    fn numpy_code(&self, _run: &CodeRun, py: &mut Py) {
        py.lines(&[
            "w = np.array(w0, dtype=float)  # [b, w1, w2, ...]",
            "total = np.zeros_like(w)  # the sum of the weights after every visit",
            "t = 0  # visits",
            "for order in epochs:",
            "    for i in order:",
            "        score = w[0] + dot(w[1:], X[i])",
            "        if y[i] * score <= 0:  # a mistake (a zero score is one)",
            "            w[1:] += eta * y[i] * X[i]",
            "            if fit_intercept:",
            "                w[0] += eta * y[i]",
            "        total += w",
            "        t += 1",
            "w_avg = total / t if t else w  # before the first visit, w itself",
            "show(\"numpy\", \"w\", w)",
            "show(\"numpy\", \"w_avg\", w_avg)",
        ]);
    }
}
