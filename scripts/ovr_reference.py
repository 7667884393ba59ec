#!/usr/bin/env python3
"""Writes tests/data/ovr_reference.json: the weights of scikit-learn's multiclass `Perceptron`
(one-vs-rest) on hand-made and seeded random 2-, 3- and 4-class sets, for tests/ovr.rs.

With `shuffle=False, tol=None, penalty=None, eta0=η, fit_intercept=bias, max_iter=E`,
scikit-learn 1.9 trains one binary perceptron per class (class k is +1, every other class −1),
each on its own for exactly E epochs in data order, and updates on y·(w·x + b) <= 0.
`coef_[k]` and `intercept_[k]` are classifier k; `classes_` is the sorted set of labels.

For K = 2 scikit-learn trains ONE classifier (`coef_` has one row): `classes_[1]` is +1 and
`classes_[0]` is −1, so it is Perceptron Lab's classifier 1 and, from zero weights, classifier 0
is its exact negation. The file records it as it comes (one row); the test checks both.

    pip install scikit-learn==1.9.1
    python3 scripts/ovr_reference.py            # rewrite the reference file
    python3 scripts/ovr_reference.py --check    # compare with the committed file
"""
import json
import sys
import warnings
from pathlib import Path

import numpy as np
import sklearn
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "ovr_reference.json"


def hand_sets():
    # Three clusters, numeric labels that sort differently as strings ("-1" < "10" < "2").
    yield "hand-3-numeric", [
        [0, 0, "10"], [1, 0, "10"], [0, 1, "10"],
        [4, 4, "2"], [5, 4, "2"], [4, 5, "2"],
        [-4, 4, "-1"], [-5, 3, "-1"], [-4, 5, "-1"],
    ]
    # Four classes named by words, one per quadrant, listed out of order.
    yield "hand-4-words", [
        [2, 2, "pear"], [-2, 2, "apple"], [-2, -2, "fig"], [2, -2, "kiwi"],
        [3, 1, "pear"], [-1, 3, "apple"], [-3, -1, "fig"], [1, -3, "kiwi"],
        [0.5, 0.5, "pear"], [-0.5, 0.5, "apple"], [-0.5, -0.5, "fig"], [0.5, -0.5, "kiwi"],
    ]
    # The middle class of three on a line: not separable one-vs-rest without a bias.
    yield "hand-3-line", [
        [-3, 0, "a"], [-2, 0.5, "a"], [0, 0, "b"], [0.5, -0.5, "b"], [2, 0, "c"], [3, 1, "c"],
    ]
    # Two classes: scikit-learn trains one classifier.
    yield "hand-2", [[4, 0, "1"], [1, 1, "0"], [0, 1, "0"], [-2, -2, "1"], [3, 3, "1"]]


def random_sets():
    rng = np.random.default_rng(20261122)
    for k in (3, 4):
        for i in range(3):
            n = int(rng.integers(12, 40))
            x = np.round(rng.uniform(-5, 5, size=(n, 2)), 2)
            w = rng.normal(size=(k, 2))
            b = rng.normal(size=k)
            y = np.argmax(x @ w.T + b, axis=1)
            if i == 2:  # noisy: relabel some points at random
                flip = rng.random(n) < 0.2
                y = np.where(flip, rng.integers(0, k, size=n), y)
            y[:k] = np.arange(k)  # every class present
            yield f"random-{k}-{i}", [[float(a), float(c), str(int(l))] for (a, c), l in zip(x, y)]


def fit(points, fit_intercept, max_iter, eta):
    x = np.array([p[:2] for p in points], dtype=float)
    labels = [p[2] for p in points]
    numeric = all(is_number(l) for l in labels)
    y = np.array([int(l) for l in labels]) if numeric else np.array(labels)
    model = Perceptron(
        fit_intercept=fit_intercept, max_iter=max_iter, eta0=eta, shuffle=False, tol=None,
        penalty=None, random_state=0,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(x, y)
    assert model.n_iter_ == max_iter, (model.n_iter_, max_iter)
    return model


def is_number(text):
    try:
        float(text)
        return True
    except ValueError:
        return False


def build():
    sets = dict(list(hand_sets()) + list(random_sets()))
    cases = []
    for name, points in sets.items():
        for fit_intercept in (True, False):
            for max_iter in (1, 5, 30):
                for eta in (1.0, 0.5):
                    model = fit(points, fit_intercept, max_iter, eta)
                    cases.append({
                        "set": name, "bias": fit_intercept, "max_epochs": max_iter, "eta": eta,
                        "classes": [str(c) for c in model.classes_],
                        "coef": model.coef_.tolist(),
                        "intercept": model.intercept_.tolist(),
                    })
    return {
        "generator": f"scikit-learn {sklearn.__version__} Perceptron (one-vs-rest)",
        "sets": sets,
        "cases": cases,
    }


def dump(result):
    sets = ",\n  ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in result["sets"].items())
    cases = ",\n  ".join(json.dumps(case) for case in result["cases"])
    return (
        f'{{"generator": {json.dumps(result["generator"])},\n'
        f' "sets": {{\n  {sets}\n }},\n'
        f' "cases": [\n  {cases}\n ]}}\n'
    )


if __name__ == "__main__":
    text = dump(build())
    if "--check" in sys.argv:
        same = OUT.read_text() == text
        print("reference file is current" if same else "reference file differs from scikit-learn's output")
        sys.exit(0 if same else 1)
    OUT.write_text(text)
    print(f"wrote {text.count(chr(10)) - 5} lines to {OUT}")
