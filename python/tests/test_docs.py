"""The book's Python API reference is what scripts/python_api.py writes from the docstrings."""

import subprocess
import sys

from conftest import ROOT


def test_the_api_reference_is_current():
    written = subprocess.run([sys.executable, str(ROOT / "scripts" / "python_api.py")],
                             capture_output=True, text=True, check=True).stdout
    committed = (ROOT / "docs" / "src" / "python-api.md").read_text(encoding="utf-8")
    assert committed == written, (
        "docs/src/python-api.md is out of date: run "
        "target/python-venv/bin/python scripts/python_api.py > docs/src/python-api.md"
    )
