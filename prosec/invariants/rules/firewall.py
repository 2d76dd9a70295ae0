"""field firewall: the named fields of the source's results never reach
the slot.

Statically, no read of those fields flows to the slot. Where the slot
receives the source's whole result at the top of an argument, the fields
cannot be told apart before run time: the argument is wrapped in
``_rt.without_fields`` (``enforced``). A whole result buried inside text, a
list or an object cannot be stripped there, so it is a violation.
"""

from __future__ import annotations

from ...diagnostics import Span
from ..claims import Firewall
from ..flow import INDEX
from ..lexicon import singular
from ..model import Status
from .base import Facts, Problem, Verdict, origin, show, undecided, unsettled, where
from .isolation import quoting


def check(claim: Firewall, facts: Facts) -> Verdict:
    """Check a field firewall; collect the run-time firewalls."""
    calls = facts.calls(claim.target)
    names = " / ".join(f"`{f}`" for f in claim.fields)
    if not calls:
        note = f"{claim.target.describe()} is never called"
        return Verdict(Status.PROVED, [note], vacuous=note)
    problems: list[Problem] = []
    # "only the splits, never the comments": of the other delegates' outputs
    # only that one, or only that one's output rather than its comments?
    extras: list[Problem] = []
    walls: dict[Span, tuple[str, ...]] = {}
    quoted: list[Problem] = []  # a reason read, which may quote the output
    named = {singular(x.lower()) for x in claim.fields}
    for call in calls:
        for prop, flows in facts.props(call, claim.target.phase):
            value = prop.prop.value
            said = f"`{call.slot}` receives `{show(value)}` (line {value.span.line})"
            for f in sorted(flows, key=lambda f: f.src):
                if f.src.kind not in ("call", "error"):
                    continue
                if f.src.name != claim.source:
                    if claim.only and f.src.name != call.slot:
                        extras.append(
                            Problem(value.span, f"{said}, from {origin(f)}: it may see only `{claim.source}`'s output")
                        )
                        break
                    continue
                first = f.first_field()
                # (a key matches ignoring a plural ending, as at run time;
                # read at any depth: `seat.note` of the plan's `seats`)
                if first is not None and facts.holds_field(f, lambda k: singular(k.lower()) in named):
                    problems.append(Problem(value.span, f"{said}{where(f)}, {origin(f)}"))
                    break
                if quoting(f, claim.fields) and not (f.at and f.at[0] == INDEX):
                    # a verdict's reason, where it gives none, is a sentence
                    # quoting the start of its output (language.md, api.md)
                    quoted.append(Problem(value.span, f"{said}: `{claim.source}`'s reason, which quotes the start of its output where it gives none"))
                    continue
                if first is not None or f.src.kind == "error" or (f.at and f.at[0] == INDEX):
                    continue  # another field, or only the failure
                if not f.at and facts.held_inside(claim.source, lambda k: singular(k.lower()) in named):
                    # (`{ seats: [{ student }] }`: the run-time firewall
                    # removes keys of the result, not of its parts)
                    problems.append(
                        Problem(
                            value.span,
                            f"{said}: the whole result of {f.src.describe()}{where(f)}, which holds its {names} "
                            "inside a part of it, where they cannot be removed at run time",
                        )
                    )
                    break
                if not f.at:
                    walls[prop.prop.span] = claim.fields
                    continue
                problems.append(
                    Problem(
                        value.span,
                        f"{said}: the whole result of {f.src.describe()}{where(f)}, "
                        f"where its {names} cannot be removed at run time",
                    )
                )
                break
    if problems:
        return Verdict(Status.VIOLATED, [], problems)
    if quoted:
        return unsettled(
            f"where `{claim.source}` gives no reason, the reason read quotes the start of its output, "
            f"which may hold its {names}",
            quoted,
            [f"no read of {names} flows to `{claim.target.slot}`"],
        )
    if extras:
        # the fields are kept from it all the same (stripped at run time
        # where the whole result reaches it)
        return undecided(
            f"of the other delegates' outputs only `{claim.source}`'s, or its output in place of its {names}",
            extras,
            [],
            firewalls=walls,
        )
    if walls:
        lines = sorted({s.line for s in walls})
        return Verdict(
            Status.ENFORCED,
            [
                f"`{claim.source}`'s result reaches `{claim.target.slot}` whole (line "
                f"{', '.join(map(str, lines))}); removed from it at run time: {names}",
                f"no read of {names} flows to `{claim.target.slot}`",
            ],
            firewalls=walls,
        )
    return Verdict(Status.PROVED, [f"nothing of `{claim.source}`'s {names} flows to `{claim.target.slot}`"])
