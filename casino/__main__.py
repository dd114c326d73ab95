"""``python -m casino`` and the ``casino`` launcher: the game window, or the CLI for now."""

from __future__ import annotations

import sys


def main() -> int:
    from casino.desktop import run as desktop_run

    status = desktop_run(sys.argv[1:])
    if status is not None:
        return status
    try:
        from casino.ui.app import run
    except ImportError:
        from casino.cli import main as cli_main

        return cli_main(["simulate", "--games", "1", "--players", "greedy,random"])
    return run(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
