"""Entry point of the PyInstaller bundle: the ``casino`` launcher, frozen."""

import multiprocessing
import sys

from casino.__main__ import main

if __name__ == "__main__":
    # The computer players think in a spawned process; a frozen program must route
    # the child's start-up through here.
    multiprocessing.freeze_support()
    sys.exit(main())
