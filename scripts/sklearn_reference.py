#!/usr/bin/env python3
"""Writes tests/data/sklearn_reference.json: final weights of scikit-learn's Perceptron on the
course examples and on seeded random sets, for tests/sklearn_agreement.rs to compare against.

scikit-learn 1.9's `Perceptron` is the reference implementation of the classic rule. With
`shuffle=False, tol=None, penalty=None, eta0=η` it visits the samples in data order for exactly
`max_iter` epochs and updates on y·(w·x + b) <= 0, as Perceptron Lab does.

    pip install scikit-learn==1.9.1
    python3 scripts/sklearn_reference.py            # rewrite the reference file
    python3 scripts/sklearn_reference.py --check    # compare with the committed file
"""
import json
import sys
import warnings
from pathlib import Path

import numpy as np
import sklearn
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "sklearn_reference.json"


def course_sets():
    yield "seed000", [[1, 1, -1], [3, 2, 1], [2, 4, 1], [3, 4, 1], [2, 3, -1]]
    yield "seed001-example1", [[4, 0, 1], [1, 1, -1], [0, 1, -1], [-2, -2, 1]]
    yield "seed001-xor", [[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]]


def random_sets():
    rng = np.random.default_rng(20261121)
    for i in range(6):
        n = int(rng.integers(10, 60))
        x = np.round(rng.uniform(-5, 5, size=(n, 2)), 2)
        w = rng.normal(size=2)
        b = rng.normal()
        y = np.where(x @ w + b > 0, 1, -1)
        if i % 2 == 1:  # noisy: not separable
            flip = rng.random(n) < 0.15
            y = np.where(flip, -y, y)
        if len(set(y)) < 2:
            y[0] = -y[0]
        yield f"random-{i}", [[float(a), float(c), int(l)] for (a, c), l in zip(x, y)]


def cases():
    for name, points in list(course_sets()) + list(random_sets()):
        for fit_intercept in (True, False):
            for max_iter, eta in ((1, 1.0), (7, 1.0), (50, 0.5)):
                yield name, points, fit_intercept, max_iter, eta


def run(points, fit_intercept, max_iter, eta):
    data = np.array(points, dtype=float)
    model = Perceptron(
        fit_intercept=fit_intercept, max_iter=max_iter, eta0=eta, shuffle=False, tol=None,
        penalty=None, random_state=0,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(data[:, :2], data[:, 2].astype(int))
    return model.coef_[0].tolist(), float(model.intercept_[0])


def build():
    out = []
    for name, points, fit_intercept, max_iter, eta in cases():
        coef, intercept = run(points, fit_intercept, max_iter, eta)
        out.append({
            "name": name, "points": points, "bias": fit_intercept, "max_epochs": max_iter,
            "eta": eta, "weights": coef, "intercept": intercept,
        })
    return {"generator": f"scikit-learn {sklearn.__version__} Perceptron", "cases": out}


if __name__ == "__main__":
    result = build()
    rows = ",\n  ".join(json.dumps(case) for case in result["cases"])
    text = f'{{"generator": {json.dumps(result["generator"])},\n "cases": [\n  {rows}\n ]}}\n'
    if "--check" in sys.argv:
        same = OUT.read_text() == text
        print("reference file is current" if same else "reference file differs from scikit-learn's output")
        sys.exit(0 if same else 1)
    OUT.write_text(text)
    print(f"wrote {len(result['cases'])} cases to {OUT}")
