"""Builds the compiled modules (docs/speed.md): ``TABLETOP_COMPILE=1 python setup.py build_ext
--inplace``, which ``make compile`` runs. Without ``TABLETOP_COMPILE`` (a plain ``pip install``)
nothing is compiled and the package runs as pure Python. The list of modules is
``src/tabletop/native.py``'s, read without importing the package."""

import os
import runpy

from setuptools import setup

ext_modules = []
if os.environ.get("TABLETOP_COMPILE") == "1":
    from mypyc.build import mypycify

    native = runpy.run_path(os.path.join("src", "tabletop", "native.py"), run_name="native")
    ext_modules = mypycify(
        [str(p.relative_to(native["SRC"].parent)) for p in native["sources"]()],
        group_name=native["GROUP"],
        multi_file=True,
    )

setup(ext_modules=ext_modules)
