"""Builds the extension module with the project's own CMake (the core, io and the pybind11
bindings, nothing else) for `pip install .` / `pip wheel .`; pyproject.toml has the metadata."""
import os
import pathlib
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = pathlib.Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        options = [f"-DPYTHON_EXECUTABLE={sys.executable}", "-DCMAKE_BUILD_TYPE=Release", "-DDYNSKIN_BUILD_VIEWER=OFF",
                   "-DDYNSKIN_BUILD_TESTS=OFF", "-DDYNSKIN_BUILD_BENCH=OFF"]
        if shutil.which("ninja"):
            options += ["-G", "Ninja"]
        if shutil.which("ccache"):  # repeated builds (CI) reuse the objects
            options += ["-DCMAKE_C_COMPILER_LAUNCHER=ccache", "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
        subprocess.run(["cmake", "-S", str(SOURCE), "-B", str(build)] + options, check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "dynskin_python", "-j", str(os.cpu_count() or 2)],
                       check=True)
        built = next((build / "python").glob("dynskin*.so"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


(SOURCE / "build" / "python-package").mkdir(parents=True, exist_ok=True)  # setup.cfg's folders
setup(ext_modules=[CMakeExtension("dynskin")], cmdclass={"build_ext": CMakeBuild})
