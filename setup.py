"""Package discovery for setuptools; everything else is in pyproject.toml.

setuptools' ``[tool.setuptools.packages.find]`` finds the packages under ``pokerkit_teach/`` but cannot add a
subpackage that lives in another folder: the widgets are in ``widgets/`` and install as
``pokerkit_teach.widgets`` (``[tool.setuptools.package-dir]``). So the list is made here, once: every package
and data folder under ``pokerkit_teach/`` (a new game or language needs no edit) and the widgets.
"""

from setuptools import find_namespace_packages, setup

setup(packages=[*find_namespace_packages(include=["pokerkit_teach", "pokerkit_teach.*"]), "pokerkit_teach.widgets"])
