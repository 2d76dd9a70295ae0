"""A path → the bytes of a regular file, read safely.

Opened without blocking and checked to be a regular file on the open
descriptor, so a file swapped for a FIFO or a device after it was looked at
cannot hang a build, and a huge file is never read whole.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


def read_regular(path: Path, limit: int, *, follow_links: bool = True) -> bytes:
    """At most ``limit + 1`` bytes of the regular file at ``path`` (one byte
    past the limit tells the caller it is too large). Raises OSError for
    anything else, and for a link when ``follow_links`` is false."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
