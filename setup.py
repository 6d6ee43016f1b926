"""Builds the compiled core of the Python package lud64 with CMake (pyproject.toml).

The core is the CMake target lud64_python (python/CMakeLists.txt), built with
the tests, benchmarks and link-time optimisation off, for the Python running
this script, in build/pip-<python>/ (kept, so a second install only links).
LUD64_BUILD_DIR=<a configured build tree> (say build/ci-release) takes the
core from that tree instead, after `cmake --build` of that one target (a
no-op when it is up to date): CI installs what it has just built.
LUD64_CMAKE_ARGS adds configure arguments; LUD64_JOBS sets the build's jobs.
"""
import glob
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent
DEBIAN = ("on Debian 12, install them with: sudo apt-get install cmake ninja-build g++ "
          "libabsl-dev pybind11-dev python3-dev python3-numpy (tools/setup.sh installs all "
          "of lud64's build dependencies)")


def version():
    text = (ROOT / "python" / "src" / "lud64" / "_version.py").read_text()
    return re.search(r'__version__ = "([^"]+)"', text).group(1)


def pybind11_found():
    for pattern in ("/usr/lib/cmake/pybind11/pybind11Config.cmake",
                    "/usr/share/cmake/pybind11/pybind11Config.cmake",
                    "/usr/lib/*/cmake/pybind11/pybind11Config.cmake",
                    "/usr/local/share/cmake/pybind11/pybind11Config.cmake"):
        if glob.glob(pattern):
            return True
    try:
        import pybind11  # noqa: F401  (pip's pybind11 carries its CMake files)
        return True
    except ImportError:
        return False


def check_prerequisites():
    """Stops with one message naming what is missing and the Debian packages."""
    missing = []
    try:
        import numpy  # noqa: F401
    except ImportError:
        missing.append(f"numpy for {sys.executable} (python3-numpy)")
    if not pybind11_found():
        missing.append("pybind11 (pybind11-dev)")
    if not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
        missing.append("the Python headers (python3-dev)")
    if shutil.which("cmake") is None:
        missing.append("cmake (cmake)")
    if missing:
        sys.exit("lud64: cannot build the Python package without " + ", ".join(missing) +
                 "; " + DEBIAN)


def run(command, cwd=None):
    print("lud64 setup.py:", " ".join(shlex.quote(str(c)) for c in command), flush=True)
    subprocess.run([str(c) for c in command], cwd=cwd, check=True)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        check_prerequisites()
        jobs = os.environ.get("LUD64_JOBS", str(os.cpu_count() or 1))
        tree = os.environ.get("LUD64_BUILD_DIR")
        if tree:
            tree = pathlib.Path(tree).resolve()
            if not (tree / "CMakeCache.txt").exists():
                sys.exit(f"lud64: LUD64_BUILD_DIR={tree} is not a configured CMake build tree")
        else:
            tag = sysconfig.get_config_var("SOABI") or "python"
            tree = ROOT / "build" / f"pip-{tag}"
            configure = ["cmake", "-S", ROOT, "-B", tree, "-DCMAKE_BUILD_TYPE=Release",
                         "-DLUD64_TESTS=OFF", "-DLUD64_BENCHMARKS=OFF", "-DLUD64_LTO=OFF",
                         "-DLUD64_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}",
                         # four files to a unit, as CI builds: about 40% less compile time
                         "-DCMAKE_UNITY_BUILD=ON", "-DCMAKE_UNITY_BUILD_BATCH_SIZE=4"]
            if shutil.which("ninja"):
                configure += ["-G", "Ninja"]
            if shutil.which("ccache"):
                configure += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
            configure += shlex.split(os.environ.get("LUD64_CMAKE_ARGS", ""))
            if not (tree / "CMakeCache.txt").exists() or os.environ.get("LUD64_CMAKE_ARGS"):
                run(configure)
        run(["cmake", "--build", tree, "--target", "lud64_python", "-j", jobs])
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = tree / "python" / "lud64" / f"_core{suffix}"
        if not built.exists():
            sys.exit(f"lud64: the build made no {built} (is that tree built for {sys.executable}?)")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    version=version(),
    ext_modules=[Extension("lud64._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
