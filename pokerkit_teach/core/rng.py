"""Seeded random generators: the kit never touches global random state.

>>> bool(make_rng(5).integers(100) == make_rng(5).integers(100))
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Union
from pokerkit_teach.core.limits import quoted

if TYPE_CHECKING:
    import numpy as np

SeedLike = Union[int, "np.random.Generator", random.Random, None]


def make_rng(seed: SeedLike = None) -> np.random.Generator:
    """A ``numpy.random.Generator`` from an int seed, a Generator (used as is) or a ``random.Random``.

    ``None`` gives a fresh, unpredictable generator (still not the global one).
    """
    import numpy as np  # imported on first use, so that importing the kit stays quick

    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, random.Random):
        return np.random.default_rng(seed.getrandbits(128))
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0):
        from pokerkit_teach.core.errors import InputError  # on first use: this module stays free of the catalogues

        raise InputError(key="errors.core.seed", got=quoted(seed))
    return np.random.default_rng(seed)
