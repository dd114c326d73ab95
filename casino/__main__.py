"""``python -m casino`` and the ``casino`` launcher: the game window."""

from __future__ import annotations

import sys


def main() -> int:
    from casino.desktop import run as desktop_run
    from casino.native import stale_warning

    stale = stale_warning()
    if stale:
        print(stale, file=sys.stderr)

    status = desktop_run(sys.argv[1:])
    if status is not None:
        return status
    from casino.ui.app import run

    return run(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
