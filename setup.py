"""Packages of tavli_voice, and the top-level models/ folder installed as tavli_voice.models.

Everything else is in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(packages=find_packages(include=["tavli_voice*"]) + ["tavli_voice.models"],
      package_dir={"tavli_voice.models": "models"})
