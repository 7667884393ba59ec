#!/usr/bin/env python3
"""Writes tests/data/pa_reference.json: the weights of scikit-learn's passive-aggressive
`SGDClassifier` (PA-I and PA-II) on the course examples and on seeded random sets, for
tests/pa.rs to compare against.

scikit-learn 1.9's `SGDClassifier(loss="hinge", penalty=None, learning_rate="pa1" | "pa2",
eta0=C, shuffle=False, tol=None, fit_intercept=bias, max_iter=E)` is the reference
implementation of the passive-aggressive perceptron (seed 004). Its `_plain_sgd`
(sklearn/linear_model/_sgd_fast.pyx.tp) does, for every sample in data order, for exactly E
epochs (tol=None: no stopping test at all, not even after an epoch without an update):

- p = w·x + b (dot product summed in feature order from 0, then b added);
- loss = 1 − y·p when y·p <= 1, else 0 (Hinge with threshold 1);
- sq = Σ x_j² over the features only (the intercept never enters);
- PA-I: if sq == 0 the sample is skipped (`continue`: no change at all, the intercept
  included); else τ = min(C, loss/sq);
- PA-II: τ = loss / (sq + 0.5/C) (no special case for sq == 0: b still moves by τ·y);
- w_j += x_j·(τ·y) and, with fit_intercept, b += τ·y (intercept decay 1 for dense data).

After `fit`, `coef_` is w and `intercept_` is b. Optionally `coef_init`/`intercept_init` give
explicit initial weights (the "init" cases, bias first as Perceptron Lab writes them).

Before writing, every case is also replayed by `replay` below, a direct transcription of the
rule in plain Python floats, and must agree with scikit-learn to 1e-12, so a disagreement
between the rule and scikit-learn shows up here and not only in Rust. The replay also records
the first epoch without an update ("clean_epoch", null if none within E), where Perceptron
Lab's stepping stops as converged.

    pip install scikit-learn==1.9.1 numpy
    python3 scripts/pa_reference.py            # rewrite the reference file
    python3 scripts/pa_reference.py --check    # compare with the committed file
"""
import json
import sys
import warnings
from pathlib import Path

import numpy as np
import sklearn
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import SGDClassifier

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "pa_reference.json"

VARIANTS = ("pa1", "pa2")
CS = (0.1, 1.0, 10.0)
EPOCHS = (1, 4, 25, 100)
INIT = [0.5, -1.0, 0.25]  # bias first; used on the two-feature course examples


def course_sets():
    """The course examples (seeds 000 and 001), as in scripts/averaged_reference.py."""
    yield "seed000", [[1, 1, -1], [3, 2, 1], [2, 4, 1], [3, 4, 1], [2, 3, -1]]
    yield "seed001-example1", [[4, 0, 1], [1, 1, -1], [0, 1, -1], [-2, -2, 1]]
    yield "seed001-xor", [[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]]


def random_sets():
    """Seeded random sets: even ones separable, odd ones with 15 % of the labels flipped; the
    last two have three features. Then a small set with a wide margin (it converges: an epoch
    with no update), and one with the origin among its points (PA-I skips it, PA-II moves b on
    it)."""
    rng = np.random.default_rng(20040014)
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
    yield "wide-margin", [[3, 3, 1], [4, 2, 1], [-3, -2, -1], [-2, -4, -1], [5, 1, 1], [-1, -5, -1]]
    yield "with-origin", [[0, 0, 1], [2, 1, 1], [-1, -2, -1], [0, 0, -1], [1, -1, -1]]


def cases(sets):
    for name, points in sets.items():
        for variant in VARIANTS:
            for c in CS:
                for fit_intercept in (True, False):
                    for max_iter in EPOCHS:
                        yield name, variant, c, fit_intercept, max_iter, None
    for name in ("seed000", "seed001-example1", "seed001-xor"):
        for variant in VARIANTS:
            for fit_intercept in (True, False):
                init = list(INIT) if fit_intercept else [0.0] + INIT[1:]
                for max_iter in (1, 25):
                    yield name, variant, 1.0, fit_intercept, max_iter, init


def run(points, variant, c, fit_intercept, max_iter, init):
    data = np.array(points, dtype=float)
    model = SGDClassifier(
        loss="hinge", penalty=None, learning_rate=variant, eta0=c, shuffle=False, tol=None,
        fit_intercept=fit_intercept, max_iter=max_iter, random_state=0,
    )
    extra = {}
    if init is not None:
        extra = {"coef_init": np.array([init[1:]]), "intercept_init": np.array([init[0]])}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(data[:, :-1], data[:, -1].astype(int), **extra)
    assert list(model.classes_) == [-1, 1]
    assert model.n_iter_ == max_iter, "tol=None must run every epoch"
    return model.coef_[0].tolist(), float(model.intercept_[0])


def replay(points, variant, c, fit_intercept, max_iter, init):
    """The passive-aggressive rule as Perceptron Lab states it, in plain Python floats."""
    xs = [[float(v) for v in p[:-1]] for p in points]
    ys = [float(p[-1]) for p in points]
    b = 0.0 if init is None else init[0]
    w = [0.0] * len(xs[0]) if init is None else list(init[1:])
    clean_epoch = None
    for epoch in range(1, max_iter + 1):
        updates = 0
        for x, y in zip(xs, ys):
            s = 0.0
            for wj, xj in zip(w, x):
                s += wj * xj
            s += b
            loss = max(0.0, 1.0 - y * s)
            sq = 0.0
            for xj in x:
                sq += xj * xj
            if variant == "pa1":
                if sq == 0.0:
                    continue  # skipped
                tau = min(c, loss / sq)
            else:
                tau = loss / (sq + 0.5 / c)
            if loss > 0.0:
                updates += 1
                w = [wj + xj * (tau * y) for wj, xj in zip(w, x)]
                if fit_intercept:
                    b += tau * y
        if updates == 0 and clean_epoch is None:
            clean_epoch = epoch
    return w, b, clean_epoch


def close(a, b, tol):
    return all(abs(p - q) <= tol * (1 + abs(q)) for p, q in zip(a, b))


def build():
    sets = dict(list(course_sets()) + list(random_sets()))
    out = []
    for name, variant, c, fit_intercept, max_iter, init in cases(sets):
        points = sets[name]
        coef, intercept = run(points, variant, c, fit_intercept, max_iter, init)
        r_coef, r_intercept, clean_epoch = replay(points, variant, c, fit_intercept, max_iter, init)
        if not (close(coef, r_coef, 1e-12) and close([intercept], [r_intercept], 1e-12)):
            raise SystemExit(
                f"{name} {variant} C={c} bias={fit_intercept} E={max_iter} init={init}: "
                f"scikit-learn {coef} {intercept} but the rule gives {r_coef} {r_intercept}"
            )
        out.append({
            "set": name, "variant": variant, "c": c, "bias": fit_intercept,
            "max_epochs": max_iter, "init": init, "coef": coef, "intercept": intercept,
            "clean_epoch": clean_epoch,
        })
    return {
        "generator": f"scikit-learn {sklearn.__version__} SGDClassifier hinge pa1/pa2",
        "sets": sets,
        "cases": out,
    }


if __name__ == "__main__":
    result = build()
    sets = ",\n  ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in result["sets"].items())
    rows = ",\n  ".join(json.dumps(case) for case in result["cases"])
    text = (
        f'{{"generator": {json.dumps(result["generator"])},\n'
        f' "sets": {{\n  {sets}\n }},\n'
        f' "cases": [\n  {rows}\n ]}}\n'
    )
    if "--check" in sys.argv:
        same = OUT.exists() and OUT.read_text() == text
        print("reference file is current" if same
              else "reference file differs from scikit-learn's output")
        sys.exit(0 if same else 1)
    OUT.write_text(text)
    print(f"wrote {len(result['cases'])} cases on {len(result['sets'])} sets to {OUT}")
