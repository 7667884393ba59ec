"""Writes the Python API reference (docs/src/python-api.md) from the package's docstrings.

    target/python-venv/bin/python scripts/python_api.py > docs/src/python-api.md

python/tests/test_docs.py checks that the committed page is what this prints for the installed
package, so the reference never drifts from the code.
"""

import inspect

import traitlets

import perceptron_lab
from perceptron_lab import Lab, Trace


def signature(name, fn):
    text = str(inspect.signature(fn, eval_str=True))
    text = text.replace("typing.", "").replace("perceptron_lab._trace.", "").replace("perceptron_lab._lab.", "")
    return f"{name}{text}".replace("'", '"')


def doc(obj):
    return inspect.getdoc(obj) or ""


def line(obj):
    """A docstring as one paragraph, for a list item."""
    return " ".join(doc(obj).split())


def members(cls, names):
    out = []
    for name in names:
        member = inspect.getattr_static(cls, name)
        if isinstance(member, property):
            out.append(f"- **`{name}`** (read-only): {line(member)}")
        else:
            fn = getattr(cls, name)
            out.append(f"- **`{signature(name, fn)}`**: {line(fn)}")
    return "\n".join(out)


def own(cls):
    """Public methods and properties defined by `cls` itself, in source order."""
    return [n for n in cls.__dict__ if not n.startswith("_") and (callable(cls.__dict__[n])
            or isinstance(cls.__dict__[n], (property, classmethod)))]


def traits(cls):
    rows = ["| trait | type | default | |", "|---|---|---|---|"]
    source = inspect.getsource(cls).splitlines()
    for name, trait in cls.class_own_traits(sync=True).items():
        if name.startswith("_"):
            continue
        # The comment above the trait's line is its documentation.
        line = next(i for i, text in enumerate(source) if text.strip().startswith(f"{name} = traitlets."))
        comment = []
        for text in reversed(source[:line]):
            if not text.strip().startswith("#:"):
                break
            comment.insert(0, text.strip()[2:].strip())
        default = trait.default()
        kind = type(trait).__name__
        rows.append(f"| `{name}` | {kind} | `{default!r}` | {' '.join(comment)} |")
    return "\n".join(rows)


def main():
    assert isinstance(Lab.scenario, traitlets.Unicode)
    print(f"""# Python API reference

<!-- Written by scripts/python_api.py from the docstrings of perceptron_lab {perceptron_lab.__version__};
     python/tests/test_docs.py checks that it is current. -->

{doc(perceptron_lab)}

`perceptron_lab.ALGORITHMS`: the algorithms' names, in the registry's order:
{", ".join(f"`{a}`" for a in perceptron_lab.ALGORITHMS)}.

## `trace`

```python
{signature("perceptron_lab.trace", perceptron_lab.trace)}
```

{doc(perceptron_lab.trace)}

## `Trace`

{doc(Trace)}

{members(Trace, own(Trace))}

## `Lab`

{doc(Lab)}

```python
{signature("perceptron_lab.Lab", Lab.__init__).replace("(self, ", "(")}
```

{doc(Lab.__init__)}

### Methods and state

{members(Lab, own(Lab))}

### Traits (synced with the widget)

{traits(Lab)}""")


if __name__ == "__main__":
    main()
