"""One BLAS thread for the bots' nets, unless the user chose otherwise.

The nets multiply small matrices, where OpenBLAS's worker threads cost far more
than they save on a busy two-core machine: the expert's decisions measured 3-6
times slower with them, and a Fevga match took 2,173 s against 180 s with one
thread. OpenBLAS reads ``OPENBLAS_NUM_THREADS`` once, when numpy is first
imported, so importing this module sets it and must come first::

    from tavli_voice import blas  # noqa: F401  (before anything imports numpy)

The program (``tavli_voice/cli.py``) and the benchmarks share this one setting.

>>> import os
>>> from tavli_voice import blas
>>> os.environ[blas.VARIABLE] != ""
True
"""

from __future__ import annotations

import os

VARIABLE = "OPENBLAS_NUM_THREADS"

os.environ.setdefault(VARIABLE, "1")
