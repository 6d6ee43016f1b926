"""The install's own checks (setup.py): without numpy it stops with one line
naming the Debian packages, before any build."""
import subprocess
import sys

from conftest import ROOT

# setup.py's build_ext, run by a Python that cannot import numpy.
HIDE_NUMPY_AND_BUILD = """
import sys
sys.modules["numpy"] = None  # `import numpy` raises ImportError
sys.argv = ["setup.py", "-q", "build_ext", "--build-temp", sys.argv[1], "--build-lib", sys.argv[1]]
__file__ = sys.argv[0] = {setup!r}
exec(compile(open(__file__).read(), __file__, "exec"))
"""


def test_setup_without_numpy_names_the_debian_packages(tmp_path):
    setup = str(ROOT / "setup.py")
    result = subprocess.run([sys.executable, "-c", HIDE_NUMPY_AND_BUILD.format(setup=setup),
                             str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    message = result.stderr.strip().splitlines()[-1]
    assert message.startswith("lud64: cannot build the Python package without numpy for ")
    assert "python3-numpy" in message and "apt-get install" in message
    assert "lud64 setup.py:" not in result.stdout  # stopped before running CMake
