"""Shared fixtures: the repository's data, the command line to compare with."""

import csv
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def read_csv(path):
    """A data file as (X, y): feature rows as floats, labels as written."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.reader(f)][1:]
    rows = [r for r in rows if any(cell.strip() for cell in r)]
    return [[float(v) for v in r[:-1]] for r in rows], [r[-1].strip() for r in rows]


@pytest.fixture(scope="session")
def cli():
    """The path of perceptron-trace (PERCEPTRON_TRACE, else the debug build)."""
    path = pathlib.Path(os.environ.get("PERCEPTRON_TRACE", ROOT / "target" / "debug" / "perceptron-trace"))
    if not path.exists():
        pytest.fail(f"{path} is missing: cargo build first")
    return path
