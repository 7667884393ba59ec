#!/usr/bin/env python3
"""Writes tests/data/averaged_reference.json: the averaged weights of scikit-learn's
`SGDClassifier` with the perceptron loss on the course examples and on seeded random sets, for
tests/averaged.rs to compare against.

scikit-learn 1.9's `SGDClassifier(loss="perceptron", learning_rate="constant", eta0=η,
penalty=None, shuffle=False, tol=None, average=True, fit_intercept=bias, max_iter=E)` is the
reference implementation of the averaged perceptron (seed 004):

- it visits the samples in data order for exactly E epochs (tol=None: no early stop, and no stop
  at convergence either), computes p = w·x + b and, for the perceptron loss (hinge with
  threshold 0), updates w ← w + η·y·x, b ← b + η·y when y·p <= 0: the classic rule;
- with average=True it averages (w, b) after every visit, mistake or not, from the first visit
  on (the initial weights are not part of the average), and after `fit` `coef_` and
  `intercept_` ARE the averages (the plain weights are kept in the private `_standard_coef`).

Before writing, every case is also replayed by `replay` below, a direct transcription of the
rule (sum of the per-visit weights / number of visits), and must agree with scikit-learn to
1e-12, so a disagreement between the rule and scikit-learn shows up here and not only in Rust.

    pip install scikit-learn==1.9.1
    python3 scripts/averaged_reference.py            # rewrite the reference file
    python3 scripts/averaged_reference.py --check    # compare with the committed file
"""
import json
import sys
import warnings
from pathlib import Path

import numpy as np
import sklearn
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import SGDClassifier

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "averaged_reference.json"


def course_sets():
    """The course examples (seeds 000 and 001), as in scripts/sklearn_reference.py."""
    yield "seed000", [[1, 1, -1], [3, 2, 1], [2, 4, 1], [3, 4, 1], [2, 3, -1]]
    yield "seed001-example1", [[4, 0, 1], [1, 1, -1], [0, 1, -1], [-2, -2, 1]]
    yield "seed001-xor", [[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]]


def random_sets():
    """Seeded random sets: even ones separable, odd ones with 15 % of the labels flipped; the
    last two have three features."""
    rng = np.random.default_rng(20040004)
    for i in range(8):
        d = 2 if i < 6 else 3
        n = int(rng.integers(10, 60))
        x = np.round(rng.uniform(-5, 5, size=(n, d)), 2)
        w = rng.normal(size=d)
        b = rng.normal()
        y = np.where(x @ w + b > 0, 1, -1)
        if i % 2 == 1:  # noisy: not separable
            flip = rng.random(n) < 0.15
            y = np.where(flip, -y, y)
        if len(set(y)) < 2:
            y[0] = -y[0]
        yield f"random-{i}", [[float(v) for v in row] + [int(l)] for row, l in zip(x, y)]


def cases():
    for name, points in list(course_sets()) + list(random_sets()):
        for fit_intercept in (True, False):
            for max_iter, eta in ((1, 1.0), (7, 1.0), (50, 0.5), (20, 0.1)):
                yield name, points, fit_intercept, max_iter, eta


def run(points, fit_intercept, max_iter, eta):
    data = np.array(points, dtype=float)
    model = SGDClassifier(
        loss="perceptron", learning_rate="constant", eta0=eta, penalty=None, shuffle=False,
        tol=None, average=True, fit_intercept=fit_intercept, max_iter=max_iter, random_state=0,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(data[:, :-1], data[:, -1].astype(int))
    assert model.n_iter_ == max_iter, "tol=None must run every epoch"
    assert model.t_ == 1 + max_iter * len(points)
    return (
        model.coef_[0].tolist(),
        float(model.intercept_[0]),
        model._standard_coef.ravel().tolist(),
    )


def replay(points, fit_intercept, max_iter, eta):
    """The averaged perceptron as Perceptron Lab states it, written out plainly."""
    data = np.array(points, dtype=float)
    x, y = data[:, :-1], data[:, -1]
    w = np.zeros(x.shape[1])
    b = 0.0
    w_sum = np.zeros_like(w)
    b_sum = 0.0
    visits = 0
    for _ in range(max_iter):
        for xi, yi in zip(x, y):
            if yi * (float(w @ xi) + b) <= 0:
                w = w + eta * yi * xi
                if fit_intercept:
                    b += eta * yi
            w_sum += w
            b_sum += b
            visits += 1
    return (w_sum / visits).tolist(), b_sum / visits, w.tolist()


def close(a, b, tol):
    return all(abs(p - q) <= tol * (1 + abs(q)) for p, q in zip(a, b))


def build():
    out = []
    for name, points, fit_intercept, max_iter, eta in cases():
        coef, intercept, plain = run(points, fit_intercept, max_iter, eta)
        r_coef, r_intercept, r_plain = replay(points, fit_intercept, max_iter, eta)
        if not (
            close(coef, r_coef, 1e-12)
            and close([intercept], [r_intercept], 1e-12)
            and close(plain, r_plain, 1e-12)
        ):
            raise SystemExit(
                f"{name} bias={fit_intercept} E={max_iter} eta={eta}: scikit-learn "
                f"{coef} {intercept} {plain} but the rule gives {r_coef} {r_intercept} {r_plain}"
            )
        out.append({
            "name": name, "points": points, "bias": fit_intercept, "max_epochs": max_iter,
            "eta": eta, "average": coef, "average_intercept": intercept, "weights": plain,
        })
    return {"generator": f"scikit-learn {sklearn.__version__} SGDClassifier average=True",
            "cases": out}


if __name__ == "__main__":
    result = build()
    rows = ",\n  ".join(json.dumps(case) for case in result["cases"])
    text = f'{{"generator": {json.dumps(result["generator"])},\n "cases": [\n  {rows}\n ]}}\n'
    if "--check" in sys.argv:
        same = OUT.exists() and OUT.read_text() == text
        print("reference file is current" if same else "reference file differs from scikit-learn's output")
        sys.exit(0 if same else 1)
    OUT.write_text(text)
    print(f"wrote {len(result['cases'])} cases to {OUT}")
