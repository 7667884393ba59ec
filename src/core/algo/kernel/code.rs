//! The kernel perceptron in "This run in code": scikit-learn has no kernel perceptron, so only
//! the dual rule in NumPy, with the kernel written out.

use super::{Kernel, KernelTrainer};
use crate::core::code::{float, CodeRun, Py, PythonCode};

impl PythonCode for KernelTrainer {
    fn settings_code(&self, _run: &CodeRun, py: &mut Py) {
        py.line("# The dual form always starts from α = 0 and b = 0.");
        py.line("");
        py.line("");
        match self.kernel() {
            Kernel::Linear => py.lines(&[
                "def kernel(a, b):  # linear: K(x, x') = x·x'",
                "    return dot(a, b)",
            ]),
            Kernel::Poly { degree, gamma, c } => {
                py.line(format!(
                    "def kernel(a, b):  # polynomial: K(x, x') = (γ·x·x' + c)^d, d = {degree}"
                ));
                py.line(format!(
                    "    base = {} * dot(a, b) + {}",
                    float(gamma),
                    float(c)
                ));
                py.line("    p = base");
                py.line(format!("    for _ in range({}):", degree.saturating_sub(1)));
                py.line("        p *= base");
                py.line("    return p");
            }
            Kernel::Rbf { gamma } => {
                py.line("def kernel(a, b):  # RBF: K(x, x') = exp(−γ‖x − x'‖²)");
                py.line("    d2 = 0.0");
                py.line("    for p, q in zip(a, b):");
                py.line("        d2 += (float(p) - float(q)) * (float(p) - float(q))");
                py.line(format!("    return math.exp(-{} * d2)", float(gamma)));
            }
        }
        py.line("");
        py.line("");
    }

    fn sklearn_code(&self, _run: &CodeRun, py: &mut Py) {
        py.line(
            "# scikit-learn has no kernel perceptron. (Its Perceptron is the primal form: with the",
        );
        py.line("# linear kernel, w = Σ α_i·y_i·x_i is the classic run from zero weights; other kernels");
        py.line(
            "# can only be approximated, e.g. Nystroem features + Perceptron.) See NumPy below.",
        );
    }

    fn numpy_code(&self, _run: &CodeRun, py: &mut Py) {
        py.lines(&[
            "alpha = np.zeros(len(X))  # one α per sample",
            "b = 0.0",
            "for order in epochs:",
            "    for i in order:",
            "        score = b  # f(x_i) = Σ_j α_j·y_j·K(x_j, x_i) + b, over the support set",
            "        for j in range(len(X)):",
            "            if alpha[j] > 0:",
            "                score += alpha[j] * y[j] * kernel(X[j], X[i])",
            "        if y[i] * score <= 0:  # a mistake (a zero score is one)",
            "            alpha[i] += eta",
            "            if fit_intercept:",
            "                b += eta * y[i]",
            "show(\"numpy\", \"alpha\", alpha)",
            "show(\"numpy\", \"b\", [b])",
        ]);
    }
}
