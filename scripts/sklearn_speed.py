#!/usr/bin/env python3
"""Times scikit-learn's `Perceptron.fit` per sample per epoch, for scripts/bench.sh to set
beside the classic rule's epoch (benches/core.rs, `perceptron/1000000/epoch`).

The data is the benchmark's recipe: N points in two overlapping clusters in the square of side
4 around ±(0.8, 0.8), with 10% of the labels flipped, so that training never converges and
every epoch does real work. `Perceptron(tol=None, penalty=None, eta0=1)` runs exactly
`max_iter` epochs, in data order (`shuffle=False`) or reshuffled each epoch (`shuffle=True`,
scikit-learn's default). The figure is the median of `--repeat` fits, divided by N·epochs.

    target/python-venv/bin/python scripts/sklearn_speed.py [--n 1000000] [--epochs 5]

Prints one JSON object: {"sklearn": version, "n": N, "epochs": E,
"fixed_ns": ns per sample, "shuffled_ns": ns per sample}.
"""
import argparse
import json
import statistics
import time
import warnings

import numpy as np
import sklearn
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron


def noisy(n, seed=11):
    rng = np.random.default_rng(seed)
    u = rng.random((n, 3))
    positive = u[:, 2] < 0.5
    shift = np.where(positive, 0.8, -0.8)
    x = np.column_stack([shift + 4.0 * (u[:, 0] - 0.5), shift + 4.0 * (u[:, 1] - 0.5)])
    noise = np.modf(u[:, 0] * 1e6)[0] < 0.1
    y = np.where(positive != noise, 1, -1)
    return np.ascontiguousarray(x), y


def per_sample(x, y, epochs, shuffle, repeat):
    times = []
    for _ in range(repeat):
        model = Perceptron(tol=None, penalty=None, eta0=1.0, max_iter=epochs,
                           shuffle=shuffle, random_state=0)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            start = time.perf_counter()
            model.fit(x, y)
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e9 / (len(y) * epochs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    x, y = noisy(args.n)
    print(json.dumps({
        "sklearn": sklearn.__version__,
        "n": args.n,
        "epochs": args.epochs,
        "fixed_ns": per_sample(x, y, args.epochs, False, args.repeat),
        "shuffled_ns": per_sample(x, y, args.epochs, True, args.repeat),
    }))


if __name__ == "__main__":
    main()
