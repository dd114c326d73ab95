"""Why a table cannot be hosted on a port, in the words ``casino-cli serve`` and the window
share: each adds what to do in its own place (another ``--port``; another port typed)."""

from __future__ import annotations

import errno

from casino.engine.wording import Reason


def port_refusal(exc: OSError) -> Reason | None:
    """Why listening failed, when it is the port's fault (in use, or not allowed); None for
    anything else, which is said as the system says it."""
    if exc.errno == errno.EADDRINUSE:
        return Reason("the port is in use by another program (perhaps another casino-cli "
                      "serve, or a Casino window hosting)")
    if exc.errno == errno.EACCES:
        return Reason("not allowed to use this port (ports below 1024 need administrator "
                      "rights)")
    return None
