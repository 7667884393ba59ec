//! The multiclass (argmax) perceptron in "This run in code": scikit-learn's multiclass
//! `Perceptron` is one-vs-rest, not this rule, so only the NumPy rule.

use super::MulticlassTrainer;
use crate::core::code::{initial_weights_code, rows, CodeRun, Py, PythonCode};

impl PythonCode for MulticlassTrainer {
    fn settings_code(&self, run: &CodeRun, py: &mut Py) {
        if run.input.setup.rows.is_some() {
            py.line(format!(
                "W0 = {}  # initial rows as set, one per class, bias weight first",
                rows(self.weights())
            ));
        } else {
            initial_weights_code(run.input.settings, "W0", &rows(self.weights()), py);
        }
    }

    fn sklearn_code(&self, _run: &CodeRun, py: &mut Py) {
        py.line(
            "# scikit-learn has no multiclass (argmax) perceptron: its Perceptron on K classes is",
        );
        py.line("# one-vs-rest, K independent binary rules (the lab's \"ovr\"). See NumPy below.");
    }

    fn numpy_code(&self, _run: &CodeRun, py: &mut Py) {
        py.lines(&[
            "W = np.array(W0, dtype=float)  # one row [b_k, w_k1, w_k2, ...] per class",
            "for order in epochs:",
            "    for i in order:",
            "        f = np.array([1.0 if fit_intercept else 0.0, *X[i]])  # f(x) = [1, x]",
            "        s = [row[0] * f[0] + dot(row[1:], f[1:]) for row in W]",
            "        predicted = int(np.argmax(s))  # ties go to the lowest class index",
            "        if predicted != y[i]:  # a mistake: reward the true class, punish the predicted",
            "            W[y[i]] += eta * f",
            "            W[predicted] -= eta * f",
            "show(\"numpy\", \"W\", W)",
        ]);
    }
}
