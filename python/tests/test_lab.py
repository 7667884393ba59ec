"""perceptron_lab.Lab: the native session and the widget's synced scenario link."""

import pathlib

import numpy as np
import pytest
import traitlets

import perceptron_lab

X = np.array([[1, 1], [3, 2], [2, 4], [3, 4], [2, 3]])
Y = np.array([-1, 1, 1, 1, -1])


def seed_000(**kwargs):
    return perceptron_lab.Lab(X, Y, init=[-1, 0, 0], **kwargs)


def test_the_widget_module_is_the_single_file_lab():
    esm = pathlib.Path(perceptron_lab.__file__).parent / "static" / "perceptron-lab.mjs"
    text = esm.read_text(encoding="utf-8")
    assert str(perceptron_lab.Lab._esm) == text
    assert "export default { render }" in text and "const WASM = " in text
    assert not list(esm.parent.glob("*.wasm"))


def test_steps_from_python_follow_seed_000_and_change_the_link():
    lab = seed_000()
    assert lab.step_index == 0 and lab.scenario == lab.link
    start = lab.scenario
    assert lab.step(2) == 2
    assert lab.step_index == 2 and lab.scenario != start and lab.scenario == lab.link
    np.testing.assert_array_equal(lab.weights, [3.0, 2.0])
    assert lab.bias == 0.0
    assert lab.step(3) == 3
    np.testing.assert_array_equal(lab.weights, [1.0, -1.0])
    assert lab.bias == -1.0 and lab.epoch == 2 and not lab.converged
    assert [r["update"] for r in lab.trace] == ["none", "+[1, 3, 2]", "none", "none", "-[1, 2, 3]"]
    assert lab.back() is True and lab.step_index == 4
    lab.reset()
    assert lab.step_index == 0 and lab.scenario == start
    lab.run()
    assert lab.converged and lab.step_index > 5
    assert lab.field("step") is not None
    assert "| step |" in lab.trace_table("markdown")


def test_a_link_from_the_widget_changes_the_native_state():
    there = seed_000()
    there.step(4)
    here = seed_000()
    # What a comm message from the browser does: the frontend's state set on the widget.
    here.set_state({"scenario": there.link})
    assert here.step_index == 4
    np.testing.assert_array_equal(here.weights, there.weights)
    assert here.link == there.link


def test_a_point_added_in_the_widget_arrives_in_python():
    there = seed_000()
    there.step(2)
    link = there.link
    # The page's link after a click at (0.5, 4) adding a +1 point: its points key grows.
    assert "&p=" in link
    grown = perceptron_lab.Lab(np.vstack([X, [[0.5, 4]]]), np.append(Y, 1), init=[-1, 0, 0])
    here = seed_000()
    here.set_state({"scenario": grown.link})
    assert len(here.points) == 6 and here.labels[-1] == 1
    np.testing.assert_array_equal(here.points[-1], [0.5, 4.0])


def test_a_link_the_core_refuses_changes_nothing():
    lab = seed_000()
    lab.step(2)
    before = lab.link
    with pytest.raises(traitlets.TraitError, match="version"):
        lab.set_state({"scenario": "v=99&a=perceptron"})
    assert lab.link == before and lab.scenario == before and lab.step_index == 2
    with pytest.raises(ValueError):
        lab.load("v=1&e=-1")
    assert lab.link == before


def test_from_link_opens_exactly():
    lab = seed_000()
    lab.step(3)
    again = perceptron_lab.Lab.from_link("https://example.org/lab/#" + lab.link)
    assert again.step_index == 3 and again.link == lab.link
    np.testing.assert_array_equal(again.points, lab.points)


def test_named_classes_and_multiclass_weights():
    lab = perceptron_lab.Lab([[0, 0], [1, 0], [4, 4], [5, 4], [-4, 4], [-5, 3]],
                             ["pear", "pear", "fig", "fig", "apple", "apple"], algorithm="multiclass")
    assert list(lab.labels) == ["pear", "pear", "fig", "fig", "apple", "apple"]
    lab.run()
    assert lab.weights.shape == (3, 2) and lab.bias.shape == (3,)
    again = perceptron_lab.Lab.from_link(lab.link)
    assert list(again.labels) == list(lab.labels)


def test_practice_sends_the_set_and_clears_the_results():
    lab = seed_000()
    lab.step(2)
    lab.results = [{"kind": "answer"}]
    link = "xv=1&xid=nb&xk=predict&xn=1&xa=perceptron&xd=ex:seed000&xs=1"
    lab.practice(link)
    # The set goes to the widget as the scenario; a set without a scenario leaves the lab's.
    assert lab.scenario == link and lab.results == [] and lab.step_index == 2
    with pytest.raises(ValueError):
        lab.practice("xv=9&xid=nb")
    assert lab.scenario == link
    lab.step()
    assert lab.scenario == lab.link and lab.step_index == 3


@pytest.mark.parametrize("args,kwargs,message", [
    ((X[:, :1], Y), {}, "the lab plots points with 2 features; X has 1"),
    ((np.hstack([X, X]), Y), {}, "the lab plots points with 2 features; X has 4"),
    ((X, None), {}, "the points need both X and y"),
    ((X, Y), {"link": "v=1"}, "give the points as X and y, or a link, not both"),
    ((X, Y), {"eta": 0}, "η (learning rate) should be positive and finite, but is 0"),
    ((X, Y), {"algorithm": "nope"}, "is not one of"),
    ((), {"link": "v=1&a=nope"}, "nope"),
])
def test_bad_input_raises_never_crashes(args, kwargs, message):
    with pytest.raises(ValueError) as err:
        perceptron_lab.Lab(*args, **kwargs)
    assert message in str(err.value)


def test_bad_step_counts_raise():
    lab = seed_000()
    for n in (-1, 1.5, True, "2"):
        with pytest.raises(ValueError):
            lab.step(n)
    assert lab.step_index == 0


def test_a_lab_without_points_is_the_lab_start():
    lab = perceptron_lab.Lab()
    assert lab.scenario == lab.link and lab.step_index == 0
