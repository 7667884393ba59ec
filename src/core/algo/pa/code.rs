//! Passive-aggressive in "This run in code": scikit-learn's `SGDClassifier` with the hinge
//! loss and `learning_rate="pa1"`/`"pa2"`, and the rule in NumPy.

use super::{Pa, PaVariant};
use crate::core::code::{
    float, floats, initial_weights_code, sklearn_linear, CodeRun, Py, PythonCode,
};

impl<const TWO: bool> PythonCode for Pa<TWO> {
    fn settings_code(&self, run: &CodeRun, py: &mut Py) {
        py.line(format!(
            "C = {}  # the aggressiveness (η is not used)",
            float(self.c())
        ));
        initial_weights_code(run.input.settings, "w0", &floats(self.weights()), py);
    }

    fn sklearn_code(&self, run: &CodeRun, py: &mut Py) {
        let rate = match self.variant() {
            PaVariant::Pa1 => "pa1",
            PaVariant::Pa2 => "pa2",
        };
        py.line("from sklearn.linear_model import SGDClassifier");
        py.line("");
        py.line(format!(
            "# SGDClassifier(loss=\"hinge\", learning_rate=\"{rate}\", eta0=C) is {} (the deprecated",
            self.variant().name()
        ));
        py.line("# PassiveAggressiveClassifier gives the same numbers).");
        sklearn_linear(
            run,
            self.weights(),
            &format!(
                "SGDClassifier(\n    loss=\"hinge\", penalty=None, learning_rate=\"{rate}\", eta0=C, shuffle=False,\n    tol=None, max_iter=1, fit_intercept=fit_intercept,\n)"
            ),
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
            "        z = (w[0] + dot(w[1:], X[i])) * y[i]",
            "        loss = 1.0 - z if z <= 1.0 else 0.0  # the hinge loss",
            "        sq = dot(X[i], X[i])  # ‖x‖², the features only",
        ]);
        match self.variant() {
            PaVariant::Pa1 => py.lines(&[
                "        if sq == 0.0:",
                "            continue  # PA-I skips a zero vector (τ undefined)",
                "        tau = min(C, loss / sq)",
            ]),
            PaVariant::Pa2 => py.line("        tau = loss / (sq + 0.5 / C)"),
        }
        py.lines(&[
            "        if loss > 0:",
            "            step = tau * y[i]",
            "            if fit_intercept:",
            "                w[0] += step",
            "            w[1:] += X[i] * step",
            "show(\"numpy\", \"w\", w)",
        ]);
    }
}
