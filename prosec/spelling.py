"""Near misses for did-you-mean: an edit distance and the closest name.

Used by every stage that suggests a name: scopes, sections, call modifiers.
"""

from __future__ import annotations

from collections.abc import Iterable


def distance(a: str, b: str) -> int:
    """Edit distance for did-you-mean: insertions, deletions, substitutions
    and transpositions of two neighbouring letters (``wrok`` → ``work``)
    each count as one edit (optimal string alignment)."""
    if a == b:
        return 0
    rows: list[list[int]] = [list(range(len(b) + 1))]
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            best = min(rows[-1][j] + 1, cur[j - 1] + 1, rows[-1][j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                best = min(best, rows[-2][j - 2] + 1)
            cur.append(best)
        rows.append(cur)
    return rows[-1][-1]


def _within(a: str, b: str, limit: int) -> int | None:
    """The edit distance of ``a`` and ``b`` (as :func:`distance` counts it)
    if it is at most ``limit``: only a band of the table around its diagonal
    is filled, and the work stops once every cell of a row is past the
    limit (no later row can then come back under it)."""
    if abs(len(a) - len(b)) > limit:
        return None
    big = limit + 1
    before = [big] * (len(b) + 1)
    prev = [j if j <= limit else big for j in range(len(b) + 1)]
    for i in range(1, len(a) + 1):
        cur = [i if i <= limit else big] + [big] * len(b)
        for j in range(max(1, i - limit), min(len(b), i + limit) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            best = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost, big)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                best = min(best, before[j - 2] + 1)
            cur[j] = best
        if min(cur) > limit:
            return None
        before, prev = prev, cur
    return prev[-1] if prev[-1] <= limit else None


def near_miss(name: str, known: Iterable[str]) -> str | None:
    """The closest known name within a small edit distance, if any."""
    limit = 1 if len(name) <= 4 else 2
    best: tuple[int, str] | None = None
    lowered = name.lower()
    for candidate in sorted(known):
        # The distance is at least the difference in length: most
        # candidates are ruled out before the quadratic comparison.
        if candidate == name or abs(len(candidate) - len(name)) > limit:
            continue
        d = _within(lowered, candidate.lower(), limit)
        # Replacing all of a one-letter name is no typo (`k` is not `a`).
        if d is not None and d < len(name) and (best is None or d < best[0]):
            best = (d, candidate)
    return best[1] if best else None
