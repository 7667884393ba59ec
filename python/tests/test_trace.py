"""perceptron_lab.trace: the same Rust core as perceptron-trace, number for number."""

import json
import subprocess

import numpy as np
import pytest

import perceptron_lab
from conftest import DATA, read_csv

SEED_000 = """\
| step | weights | score | correct? | update |
|---:|---|---|---|---|
| 1 | [-1, 0, 0] | -1 * 1 + 0 * 1 + 0 * 1 = -1 | yes | none |
| 2 | [-1, 0, 0] | -1 * 1 + 0 * 3 + 0 * 2 = -1 | no | +[1, 3, 2] |
| 3 | [0, 3, 2] | 0 * 1 + 3 * 2 + 2 * 4 = 14 | yes | none |
| 4 | [0, 3, 2] | 0 * 1 + 3 * 3 + 2 * 4 = 17 | yes | none |
| 5 | [0, 3, 2] | 0 * 1 + 3 * 2 + 2 * 3 = 12 | no | -[1, 2, 3] |
| 6 | [-1, 1, -1] | | | |

Not converged (max epochs reached) after 1 epoch: 5 steps, 2 updates, w = [-1, 1, -1] (bias first).
"""


def test_seed_000_table_number_for_number():
    t = perceptron_lab.trace(
        [[1, 1], [3, 2], [2, 4], [3, 4], [2, 3]], [-1, 1, 1, 1, -1], init=[-1, 0, 0], max_epochs=1
    )
    assert str(t) == SEED_000
    assert t._repr_markdown_() == SEED_000
    assert len(t) == 5
    assert [s["mistake"] for s in t.steps] == [False, True, False, False, True]
    assert t.steps[1]["weights_after"] == [0.0, 3.0, 2.0]
    np.testing.assert_array_equal(t.weights, [1.0, -1.0])
    assert t.bias == -1.0 and t.converged is False


BINARY = ["seed000.csv", "seed001-example1.csv", "seed001-xor.csv", "wide-margin.csv"]
# Every algorithm of the registry, on the recorded data of its kind, with settings that vary.
CASES = [
    ("perceptron", f, {}) for f in BINARY
] + [
    ("perceptron", "seed000.csv", {"eta": 0.5, "bias": False, "max_epochs": 7}),
    ("perceptron", "seed001-example1.csv", {"order": "shuffle", "seed": 3, "init": "random"}),
    ("averaged", "seed000.csv", {}),
    ("averaged", "seed001-xor.csv", {"max_epochs": 5}),
    ("batch", "seed001-example1.csv", {}),
    ("batch", "seed000.csv", {"eta": 0.25, "max_epochs": 20}),
    ("kernel", "seed001-xor.csv", {"kernel": "poly:2:1:1"}),
    ("kernel", "seed000.csv", {"kernel": "rbf:0.5", "max_epochs": 10}),
    ("multiclass", "multi3.csv", {}),
    ("ovr", "multi3.csv", {"max_epochs": 20}),
    ("ovo", "multi3.csv", {}),
    ("pa1", "seed000.csv", {"C": 0.5, "max_epochs": 20}),
    ("pa1", "seed001-xor.csv", {"max_epochs": 3}),
    ("pa2", "wide-margin.csv", {}),
]


def cli_args(settings):
    args = []
    for key, value in settings.items():
        if key == "bias":
            args += [] if value else ["--no-bias"]
        elif key == "init":
            args += [f"--init={value}"]
        elif key in ("eta", "order", "seed", "max_epochs", "kernel"):
            args += [f"--{key.replace('_', '-')}", str(value)]
        else:
            args += [f"--{key.lower()}", str(value)]
    return args


@pytest.mark.parametrize("algorithm,data,settings", CASES)
def test_trace_equals_the_command_line(cli, algorithm, data, settings):
    if algorithm not in perceptron_lab.ALGORITHMS:
        pytest.fail(f"{algorithm} is not in the registry {perceptron_lab.ALGORITHMS}")
    X, y = read_csv(DATA / data)
    ours = perceptron_lab.trace(X, y, algorithm=algorithm, **settings)
    command = [str(cli), str(DATA / data), "--algo", algorithm, "--format"]
    for fmt, text in [("json", ours.to_json()), ("markdown", ours.to_markdown()),
                      ("csv", ours.to_csv()), ("latex", ours.to_latex())]:
        out = subprocess.run(command + [fmt] + cli_args(settings), capture_output=True, text=True, check=True)
        assert text == out.stdout, f"{algorithm} {data} {settings}: {fmt} differs"
    assert ours.steps == json.loads(out_json(cli, command, settings))["steps"]


def out_json(cli, command, settings):
    return subprocess.run(command + ["json"] + cli_args(settings), capture_output=True, text=True, check=True).stdout


def test_every_algorithm_is_covered():
    assert {c[0] for c in CASES} == set(perceptron_lab.ALGORITHMS)


def test_numpy_inputs_of_any_dtype_and_label_spellings():
    X = np.array([[1, 1], [3, 2], [2, 4], [3, 4], [2, 3]])
    reference = perceptron_lab.trace(X.astype(float), [-1, 1, 1, 1, -1]).steps
    for dtype in (np.int8, np.int64, np.float32, np.float64, np.uint16):
        for y in ([-1, 1, 1, 1, -1], np.array([0, 1, 1, 1, 0], dtype=dtype), ["-", "+", "+", "+", "-"],
                  np.array([-1.0, 1.0, 1.0, 1.0, -1.0]), [False, True, True, True, False]):
            assert perceptron_lab.trace(X.astype(dtype), y).steps == reference


def test_named_classes_for_the_multiclass_algorithms():
    X = [[0, 0], [1, 0], [4, 4], [5, 4], [-4, 4], [-5, 3]]
    y = np.array(["pear", "pear", "fig", "fig", "apple", "apple"])
    t = perceptron_lab.trace(X, y, algorithm="ovr", max_epochs=50)
    assert t.algorithm == "ovr"
    assert "apple" in t.to_markdown() and "fig" in t.to_markdown()


def test_agreement_with_scikit_learn_as_the_command_line():
    # scikit-learn 1.9's Perceptron (data order, tol=None), recorded by scripts/sklearn_reference.py.
    reference = json.loads((DATA / "sklearn_reference.json").read_text())
    assert reference["generator"].startswith("scikit-learn 1.9")
    assert len(reference["cases"]) == 54
    for case in reference["cases"]:
        points = np.array(case["points"], dtype=float)
        t = perceptron_lab.trace(points[:, :2], points[:, 2], bias=case["bias"],
                                 max_epochs=case["max_epochs"], eta=case["eta"])
        np.testing.assert_allclose(t.weights, case["weights"], atol=1e-9, err_msg=case["name"])
        assert t.bias == pytest.approx(case["intercept"], abs=1e-9), case["name"]


BAD = [
    (dict(eta=-1), "η (learning rate) should be positive and finite, but is -1"),
    (dict(eta=float("nan")), "η (learning rate) should be positive and finite"),
    (dict(algorithm="svm"), "\"svm\" is not one of"),
    (dict(order="random"), 'order must be "fixed" or "shuffle"'),
    (dict(init=[1, 2]), "init"),
    (dict(init="ones"), "init"),
    (dict(kernel="rbf:1"), "kernel applies only to algorithm=\"kernel\""),
    (dict(algorithm="kernel", kernel="cubic"), "kernel"),
    (dict(C=0.5), "C is not a number of algorithm \"perceptron\""),
    (dict(algorithm="pa1", C=-1), "C must be positive and finite, got -1"),
    (dict(init=[1, 2, 3, 4]), "expected 3 numbers [w0, w1, …] with the bias weight first, got 4"),
    (dict(max_epochs=-3), "max_epochs must be a whole number"),
    (dict(seed="one"), "seed must be a whole number"),
]


@pytest.mark.parametrize("kwargs,message", BAD)
def test_bad_settings_raise_with_the_core_message(kwargs, message):
    with pytest.raises(ValueError) as err:
        perceptron_lab.trace([[1, 1], [3, 2]], [-1, 1], **kwargs)
    assert message in str(err.value)


@pytest.mark.parametrize("X,y,message", [
    ([[1, 1], [3, 2]], [-1, 1, 1], "X has 2 rows but y has 3 labels"),
    ([[1, 1], [3, 2]], [1, 1], "all samples are of class +1; the perceptron needs samples of both classes"),
    ([[1, 1], [3, 2]], ["cat", "dog"], 'y[0]: the label "cat" is not one of -1/+1, 0/1 or -/+'),
    ([[1, float("nan")], [3, 2]], [-1, 1], "X[0][1] must be a finite number, got NaN"),
    ([[1, float("inf")], [3, 2]], [-1, 1], "must be a finite number"),
    ([["a", 1], [3, 2]], [-1, 1], "X must be numbers"),
    ([1, 2, 3], [-1, 1, 1], "X must be two-dimensional"),
    ([], [], "X must be two-dimensional"),
    ([[1, 1], [3, 2]], [[-1], [1]], "y must be one label per point"),
])
def test_bad_data_raises_with_a_message(X, y, message):
    with pytest.raises(ValueError) as err:
        perceptron_lab.trace(X, y)
    assert message in str(err.value)


def test_numbers_beyond_the_finite_range_raise_overflow():
    with pytest.raises(OverflowError, match="stopped before step"):
        perceptron_lab.trace([[1e308, 1e308], [-1e308, -1e308], [1e308, -1e308]], [1, 1, -1], eta=1e308,
                             max_epochs=50)


def test_to_pandas_or_a_clear_import_error():
    t = perceptron_lab.trace([[1, 1], [3, 2]], [-1, 1])
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pip install pandas"):
            t.to_pandas()
    else:
        frame = t.to_pandas()
        assert list(frame["step"]) == [s["step"] for s in t.steps]


@pytest.mark.parametrize("algorithm,data", [("perceptron", "seed001-xor.csv"), ("averaged", "seed000.csv"),
                                            ("ovr", "multi3.csv")])
def test_only_the_result_as_no_steps(cli, algorithm, data):
    X, y = read_csv(DATA / data)
    ours = perceptron_lab.trace(X, y, algorithm=algorithm, max_epochs=50, steps=False)
    assert ours.steps == [] and len(ours) == 0
    for fmt, text in [("json", ours.to_json()), ("markdown", ours.to_markdown()), ("csv", ours.to_csv())]:
        out = subprocess.run([str(cli), str(DATA / data), "--algo", algorithm, "--max-epochs", "50",
                              "--no-steps", "--format", fmt], capture_output=True, text=True, check=True)
        assert text == out.stdout, f"{algorithm} {data}: {fmt} differs"


def test_a_long_run_stops_at_an_interrupt():
    # An interrupt arrives as a signal while the core runs (Ctrl-C, a notebook's Interrupt):
    # here SIGALRM 0.3 s in, whose handler raises KeyboardInterrupt as SIGINT's does.
    import signal

    rng = np.random.default_rng(7)
    X = rng.normal(size=(400, 2))
    y = np.where(rng.random(400) < 0.5, -1, 1)  # no line separates random labels

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            perceptron_lab.trace(X, y, max_epochs=1_000_000, steps=False)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
