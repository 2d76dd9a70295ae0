"""call count: each run calls a slot at most N times, or exactly N times.

N is a number or a config entry as the caller gave it. The rule counts the
calls of the slot on every path through the delegation, as two bounds that
hold for every value of the config entries (each a count, so never
negative):

- **most**: a call counts once, plus its ``retry:``; a loop multiplies its
  body by its count (``repeat N``, ``max: N``); a ``for`` over a list input
  the delegation never rebinds by the list's length, counted by the list's
  name (the count of "once per scene"); a ``for`` over anything else walks
  a list of any length, so a call inside one has no bound; of the branches of an
  ``if`` or a ``choice`` the largest counts; ``try`` counts its body, its
  ``catch`` and its ``finally`` together.
- **least** (for "exactly"): only calls that every run which returns makes:
  a statement that may leave its block (a ``return`` of the pattern, not
  of one iteration of a collected loop; a ``break`` or ``continue`` of an
  enclosing loop) ends what the block is sure to do; a ``throw`` ends a run
  that does not return, so it bounds nothing; of branches the smallest
  counts (no ``else`` counts as none); a ``for`` over a list input counts
  its body once per element, and over anything else may walk an empty list.

"At most N" is proved when *most* never exceeds N; "exactly N" when *most*
and *least* are both N. Where *least* is only a floor (a ``loop`` or a
``try`` whose body calls the slot, a ``parallel`` that may stop early, a
later ``elif`` test that calls it), a run that makes fewer calls is not
shown to exist, so "exactly N" is then neither proved nor violated; except
where N bounds a loop a delegate's answer may end after its first round,
or a round of which may reach a ``return`` by tests a delegate, the caller
or the judge may settle either way (:func:`_early_exit`), a run that makes
fewer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ... import ir
from ...diagnostics import Span
from ..claims import CallCount
from ..flow import stmt_exprs
from .base import Facts, Problem, Verdict, undecided, unsettled, verdict

#: A count as a linear form: "" → the constant, a config name → its
#: coefficient. None: no bound.
Count = dict[str, int]

_LEAVES = (ir.Return, ir.Break, ir.Continue, ir.Throw)
_LOOPS = (ir.Repeat, ir.For, ir.LoopUntil)


def check(claim: CallCount, facts: Facts) -> Verdict:
    """Check a call-count claim."""
    slot = claim.target.slot or ""
    program = facts.a.program
    fixed = _fixed_names(program.body, facts.a.inputs)
    counter = _Counter(
        slot, fixed, frozenset(facts.a.returns), _collected_lengths(program.body, fixed), _built(program.body, facts.a.inputs)
    )
    most = counter.most(program.body)
    least = counter.least(program.body)
    want: Count = {"": int(claim.count)} if claim.count.isdigit() else {claim.count: 1}
    ends = _ends_run_after_call(program.body, slot, counter.returns)
    if claim.loose is not None:
        return _loose(claim, slot, want, counter, (most, least), program.span, ends)
    said = f"`{slot}` is called " + ("exactly " if claim.exact else "at most ") + _spell(want)
    where = counter.first_site
    if most is None:
        at = counter.unbounded or where or program.span
        why = f"the call of `{slot}` on line {at.line} is in a loop with no bound that counts it"
        problem = Problem(at, f"{why}: a run may call `{slot}` any number of times, so {said} does not hold")
        if ends is not None:
            return _overcounted(ends, [problem])
        if counter.uncounted is not None:
            return unsettled(
                f"`{counter.uncounted}`, which the call's loop walks, is a list the delegation builds or appends to: "
                "how many elements it has is not counted",
                [problem],
                [],
            )
        return verdict([problem], [])
    problems: list[Problem] = []
    if not _at_most(most, want):
        at = where or program.span
        problems.append(Problem(at, f"a run may call `{slot}` {_spell(most)}: more than {_spell(want)}"))
        if ends is not None:
            return _overcounted(ends, problems)
        if counter.loose_cap is not None:
            why = f"the guard on line {counter.loose_cap.line} leaves a list one element shorter than its bound, which is not counted"
            return unsettled(why, problems, [])
    elif claim.exact and least != want:
        at = where or program.span
        short = Problem(at, f"a run may call `{slot}` only {_spell(least)}, not exactly {_spell(want)}")
        if counter.rough is not None:
            early = _early_exit(program.body, slot, fixed, counter.returns, most, want)
            if early is not None:
                return verdict([early], [])
            why = f"the fewest calls of `{slot}` a run makes are not counted exactly (line {counter.rough.line})"
            return unsettled(why, [short], [f"every run calls `{slot}` at most {_spell(most)}"])
        problems.append(short)
    sure = f"at least {_spell(least)} and " if claim.exact else ""
    return verdict(problems, [f"every run calls `{slot}` {sure}at most {_spell(most)}"])


def _loose(
    claim: CallCount,
    slot: str,
    want: Count,
    counter: _Counter,
    counted: tuple[Count | None, Count],
    span: Span,
    ends: Span | None,
) -> Verdict:
    """A count said bare ("called twice") or with "only" ("only called
    once"): exactly that many, or else at least (at most) that many.
    Proved when every run that returns makes exactly that many calls, which
    both meanings allow; broken when the weaker meaning is broken too: a
    run that returns with fewer calls (a bare count, when the fewest a run
    makes are counted exactly), or one that may make more (with "only")."""
    most, least = counted
    at = counter.first_site or counter.unbounded or span
    exact = most is not None and _at_most(most, want) and least == want
    if exact:
        return verdict([], [f"every run calls `{slot}` at least {_spell(least)} and at most {_spell(least)}"])
    found = [f"every run calls `{slot}` at least {_spell(least)}"]
    if most is not None:
        found.append(f"and at most {_spell(most)}")
    if claim.loose == "least":
        short = Problem(at, f"a run may call `{slot}` only {_spell(least)}, not {_spell(want)}")
        if claim.per and not any(least.values()) and not _at_most(want, least) and most is not None and _at_most(most, want):
            # "called once for each pupil", of a walk over the pupils that
            # a run taking another branch never reaches: of every run, or of
            # each run that walks the list (as for "each pupil gets exactly
            # one call")?
            why = "a run may not walk the list at all: whether once per element speaks of every run, or of the runs that walk it, is not something the words settle"
            return unsettled(why, [short], [" ".join(found)])
        if not _at_most(want, least):
            if counter.rough is None:
                return verdict([short], [])
            why = f"the fewest calls of `{slot}` a run makes are not counted exactly (line {counter.rough.line})"
            return unsettled(why, [short], [" ".join(found)])
        problem = Problem(at, f"a run may call `{slot}` more than {_spell(want)}")
        why = f"{_spell(want)} may mean exactly or at least so many"
    else:
        if most is None or not _at_most(most, want):
            many = "any number of times" if most is None else _spell(most)
            over = [Problem(at, f"a run may call `{slot}` {many}: more than {_spell(want)}")]
            if ends is not None:
                return _overcounted(ends, over)
            return verdict(over, [])
        problem = Problem(at, f"a run may call `{slot}` only {_spell(least)}, not exactly {_spell(want)}")
        why = f"only {_spell(want)} may mean exactly or at most so many"
    return undecided(f"{why}, and the checks answer the two differently", [problem], [" ".join(found)])


def _leaves(stmt: ir.Stmt, returns: frozenset[Span], *, in_loop: bool = False) -> bool:
    """Whether the statement may end its block early in a run that
    returns: a return of the pattern (one of ``returns``), or a
    ``break``/``continue`` of a loop the statement is in (a ``throw`` ends
    a run that does not)."""
    match stmt:
        case ir.Return(span=span):
            return span in returns
        case ir.Break() | ir.Continue():
            return not in_loop
        case ir.Throw():
            return False
        case _:
            loop = in_loop or isinstance(stmt, _LOOPS) or isinstance(getattr(stmt, "value", None), _LOOPS)
            return any(_leaves(s, returns, in_loop=loop) for block in ir.children(stmt) for s in block)


def _ends_run(block: ir.Block, returns: frozenset[Span]) -> bool:
    """Whether every path through the block ends the run: a return of the
    pattern, a ``throw``, or an ``if`` each branch of which, ``else`` too,
    does."""
    for stmt in block:
        match stmt:
            case ir.Return(span=span) if span in returns:
                return True
            case ir.Throw():
                return True
            case ir.If(branches=branches, orelse=orelse) if orelse is not None and all(
                _ends_run(body, returns) for _, body in branches
            ) and _ends_run(orelse, returns):
                return True
            case _:
                pass
    return False


def _call_bound(stmt: ir.Stmt) -> str | None:
    """The local a statement binds to a call's result (``let v = call x``,
    ``v = call x``), or None."""
    match stmt:
        case ir.Bind(name=local, value=ir.Call()) | ir.Assign(target=ir.Name(name=local), value=ir.Call()):
            return local
        case _:
            return None


def _written(stmts: ir.Block) -> list[tuple[str, ir.Stmt]]:
    """Each local the statements (and those nested in them) bind, assign
    or append to, with the statement."""
    found: list[tuple[str, ir.Stmt]] = []
    for s in ir.walk(stmts):
        if isinstance(s, ir.Bind):
            found.append((s.name, s))
        elif isinstance(s, ir.Assign | ir.Append) and isinstance(s.target, ir.Name):
            found.append((s.target.name, s))
    return found


def _early_exit(
    body: ir.Block, slot: str, fixed: frozenset[str], returns: frozenset[Span], most: Count, want: Count
) -> Problem | None:
    """A run that makes fewer calls than "exactly N", where N bounds a
    ``loop until``/``loop while`` whose test reads what a delegate just
    returned (the delegate may end the loop after its first round, and the
    run goes on to return with the other loops' counts as they are), or a
    loop a round of which may reach a ``return`` (:func:`_returns_freely`).

    Shown only where every run reaches the loop (nothing before it may
    leave or throw), nothing after it throws, its body never leaves early,
    the test's local is bound to a call once in each round, and the calls a
    run makes with one round of that loop do not grow with N: then, with N
    larger than them, the run makes fewer than N calls."""
    names = [n for n, v in want.items() if v]
    if len(names) != 1 or not names[0] or want[names[0]] != 1 or _nonzero(most) != _nonzero(want):
        return None
    (name,) = names
    for i, stmt in enumerate(body):
        loop = stmt.value if isinstance(stmt, ir.Bind | ir.Assign) else stmt
        bound = loop.max if isinstance(loop, ir.LoopUntil) else loop.count if isinstance(loop, ir.Repeat) else None
        if isinstance(bound, ir.Name) and bound.name == name and isinstance(loop, ir.LoopUntil | ir.Repeat):
            if isinstance(loop, ir.LoopUntil) and _ends_freely(loop):
                how = "end the loop after one round"
                if any(isinstance(s, ir.Throw) for s in ir.walk(body[i + 1 :])):
                    return None
            elif not (isinstance(loop, ir.Repeat) and loop.parallel) and _returns_freely(loop.body, returns, fixed):
                how = "return in the first round"
            elif not (isinstance(loop, ir.Repeat) and loop.parallel) and _breaks_freely(loop.body, fixed):
                how = "leave the loop in the first round"
                if any(isinstance(s, ir.Throw) for s in ir.walk(body[i + 1 :])):
                    return None
            else:
                return None
            once = _Counter(slot, fixed, returns, _collected_lengths(body, fixed), once=loop.span)
            fewer = once.most(body)
            if fewer is None or fewer.get(name, 0):
                return None
            leaving = "`break`" if how.startswith("leave") else "`return`"
            lead = (
                f"the loop on line {loop.span.line} tests what a delegate returned in that round"
                if how.startswith("end")
                else f"a round of the loop on line {loop.span.line} may reach a {leaving} by tests a delegate, the caller or the judge settles"
            )
            return Problem(
                loop.span,
                f"{lead}: a run may {how} and call `{slot}` at most {_spell(fewer)} (with `{name}` larger), "
                f"not exactly {_spell(want)}",
            )
        if _leaves(stmt, returns) or any(isinstance(s, ir.Throw) for s in ir.walk((stmt,))):
            return None
    return None


def _returns_freely(body: ir.Block, returns: frozenset[Span], inputs: frozenset[str] = frozenset()) -> bool:
    """A round may return: a path through it reaches a ``return`` of the
    pattern, where every test on the way is free to go either way — a
    verdict test of a local the round has just bound to a call, or of an
    input, or a question to the judge — and nothing before leaves the
    round (a ``try`` is walked as its body: the calls in it may succeed)."""
    return _can_return(body, set(), returns, inputs)


def _breaks_freely(body: ir.Block, inputs: frozenset[str] = frozenset()) -> bool:
    """A round may leave its loop: a path through it reaches a ``break`` of
    that loop (not of a loop inside it) by tests as free as
    :func:`_returns_freely`'s, and nothing before leaves the round."""
    return _can_return(body, set(), frozenset(), inputs, breaks=True)


def _free(cond: ir.Cond, fresh: set[str], inputs: frozenset[str]) -> bool:
    """A test a delegate's answer, the caller or the judge may settle either
    way: nothing earlier in the round has fixed it."""
    if isinstance(cond, ir.Judge | ir.Criteria):
        return True  # (the judge's answer, or criteria the caller gives)
    local = ir.verdict_local(cond)
    return local is not None and (local in fresh or local in inputs)


def _can_return(
    block: ir.Block, fresh: set[str], returns: frozenset[Span], inputs: frozenset[str], *, breaks: bool = False
) -> bool:
    for stmt in block:
        if (local := _call_bound(stmt)) is not None:
            fresh.add(local)
            continue
        match stmt:
            case ir.Return(span=span):
                return span in returns
            case ir.Break():
                return breaks
            case ir.Continue() | ir.Throw():
                return False
            case ir.Parallel(branches=branches) if not any(isinstance(s, _LEAVES) for s in ir.walk(branches)):
                fresh.update(local for b in branches if (local := _call_bound(b)) is not None)
                continue
            case ir.Try(body=body):
                if _can_return(body, set(fresh), returns, inputs, breaks=breaks):
                    return True
            case ir.If(branches=branches, orelse=orelse) if all(_free(cond, fresh, inputs) for cond, _ in branches):
                blocks = [b for _, b in branches] + [orelse if orelse is not None else ()]
                if any(_can_return(b, set(fresh), returns, inputs, breaks=breaks) for b in blocks):
                    return True
                if any(not any(isinstance(s, _LEAVES) for s in ir.walk(b)) for b in blocks):
                    continue  # (a way past the `if` that leaves nothing)
                return False
            case _:
                pass
        if any(isinstance(s, _LEAVES) for s in ir.walk((stmt,))):
            return False
        fresh -= {local for local, _ in _written((stmt,))}
    return False


def _ends_freely(loop: ir.LoopUntil) -> bool:
    """The loop's test reads a verdict (an approval, a decision word) of a
    local its body binds to a call once in each round, and the body never
    leaves early: a delegate's answer may end the loop after any round."""
    local = ir.verdict_local(loop.cond) if loop.cond is not None else None
    if local is None or any(isinstance(s, _LEAVES) for s in ir.walk(loop.body)):
        return False
    writes = [s for name, s in _written(loop.body) if name == local]
    top = [s for s in loop.body if s in writes]
    return len(writes) == 1 and len(top) == 1 and _call_bound(top[0]) == local


def _ends_run_after_call(block: ir.Block, slot: str, returns: frozenset[Span], *, looped: bool = False) -> Span | None:
    """A ``return`` of the pattern that follows a call of the slot in the
    same block, inside a loop: the run ends there, so the loop makes that
    call fewer times than *most* multiplies it by ("if the batch is
    accepted: call certifier, return ..." in a loop of reviews). Its span,
    or None."""
    seen = False
    for stmt in block:
        if any(isinstance(e, ir.Call) and e.callee == slot for s in ir.walk((stmt,)) for e in stmt_exprs(s)):
            seen = True
        if looped and seen and isinstance(stmt, ir.Return) and stmt.span in returns:
            return stmt.span
        loop = isinstance(stmt, _LOOPS) or isinstance(getattr(stmt, "value", None), _LOOPS)
        for child in ir.children(stmt):
            if (found := _ends_run_after_call(child, slot, returns, looped=looped or loop)) is not None:
                return found
    return None


def _overcounted(ends: Span, problems: list[Problem]) -> Verdict:
    """More calls than said may be only what *most* adds up: a return after
    a call ends the run, which the count does not follow."""
    why = f"the `return` on line {ends.line} ends the run after a call, which the count of calls does not follow"
    return unsettled(why, problems, [])


def _spell(count: Count) -> str:
    parts = [f"{n} * `{name}`" if n != 1 else f"`{name}`" for name, n in sorted(count.items()) if name and n]
    if count.get("", 0) or not parts:
        parts.append(str(count.get("", 0)))
    text = " + ".join(parts)
    return text + (" time" if text == "1" else " times")


def _at_most(count: Count, bound: Count) -> bool:
    """count ≤ bound for every non-negative value of the config entries."""
    names = set(count) | set(bound)
    return all(count.get(n, 0) <= bound.get(n, 0) for n in names)


def _add(a: Count | None, b: Count | None) -> Count | None:
    if a is None or b is None:
        return None
    return {n: a.get(n, 0) + b.get(n, 0) for n in set(a) | set(b)}


def _pick(a: Count | None, b: Count | None, choose: Callable[[Iterable[int]], int]) -> Count | None:
    if a is None or b is None:
        return None
    return {n: choose((a.get(n, 0), b.get(n, 0))) for n in set(a) | set(b)}


def _joined(
    paths: list[tuple[bool, Count | None, bool, Count | None]], ends: bool, out: Count | None
) -> tuple[bool, Count | None, bool, Count | None]:
    """The ways through a statement's parts (whether each reaches its end,
    the most calls there; whether it leaves the run, the most calls there)
    joined with the paths that left the run before it: (whether any goes
    on, the most calls on those; whether any left, the most calls on
    those)."""
    falls, after = False, None
    for f, c, e, o in paths:
        if f:
            after = c if not falls else _pick(after, c, max)
            falls = True
        if e:
            out = o if not ends else _pick(out, o, max)
            ends = True
    return falls, after, ends, out


def _times(body: Count | None, count: Count | None) -> Count | None:
    """``body`` run ``count`` times; a product of two config entries has no
    linear form (None)."""
    if body is not None and not _nonzero(body):
        return {"": 0}  # no call of the slot, however many times
    if body is None or count is None:
        return None
    if set(_nonzero(count)) <= {""}:
        return {n: v * count.get("", 0) for n, v in body.items()}
    if set(_nonzero(body)) <= {""}:
        return {n: v * body.get("", 0) for n, v in count.items()}
    return None


def _nonzero(count: Count) -> Count:
    return {n: v for n, v in count.items() if v}


def _fixed_names(block: ir.Block, inputs: frozenset[str]) -> frozenset[str]:
    """The inputs and config entries the delegation never rebinds, nor
    appends to (a list input grown by ``append`` is longer than the
    caller's)."""
    bound: set[str] = set()
    for stmt in ir.walk(block):
        match stmt:
            case ir.Bind(name=name) | ir.Assign(target=ir.Name(name=name)):
                bound.add(name)
            case ir.Append(target=ir.Name(name=name)):
                bound.add(name)
            case ir.For(var=var, index=index):
                bound.update(n for n in (var, index) if n)
            case ir.Repeat(var=var) | ir.LoopUntil(var=var) if var:
                bound.add(var)
            case ir.Try(catch_var=var) if var:
                bound.add(var)
            case _:
                pass
    return frozenset(inputs - bound)


def _collected_lengths(block: ir.Block, fixed: frozenset[str]) -> dict[str, Count]:
    """The locals the delegation binds once, and writes nowhere else, to a
    collected loop of a known count, with that count: a loop that collects
    one value per iteration (``let drafts = parallel repeat N``, ``let notes
    = for room in rooms``), joining all and failing fast, with no ``break``
    or ``continue`` in it, has as many elements as it has rounds."""
    written: dict[str, list[ir.Stmt]] = {}
    for name, stmt in _written(block):
        written.setdefault(name, []).append(stmt)
    out: dict[str, Count] = {}
    for name, stmts in written.items():
        match stmts:
            case [ir.Bind(value=ir.Repeat(count=count, mods=mods, body=body))] if _collects_all(mods, body):
                match count:
                    case ir.Literal_(value=int() as n) if not isinstance(n, bool) and n >= 0:
                        out[name] = {"": n}
                    case ir.Name(name=counted) if counted in fixed:
                        out[name] = {counted: 1}
                    case _:
                        pass
            case [ir.Bind(value=ir.For(iterable=ir.Name(name=walked), mods=mods, body=body))] if walked in fixed and _collects_all(
                mods, body
            ):
                out[name] = {walked: 1}
            case _:
                pass
    return out


def _built(block: ir.Block, inputs: frozenset[str]) -> frozenset[str]:
    """The locals some write of which is neither a delegate's result nor an
    input nor a field of one: a list the delegation builds (``let seen =
    []`` and ``append``, a collected loop), whose length a walk over it is
    not bounded by here, though it may be bounded."""
    out: set[str] = set()
    for name, stmt in _written(block):
        match stmt:
            case ir.Bind(value=ir.Call() | ir.Attr() | ir.Index()) | ir.Assign(value=ir.Call() | ir.Attr() | ir.Index()):
                pass
            case ir.Bind(value=ir.Name(name=other)) | ir.Assign(value=ir.Name(name=other)) if other in inputs:
                pass
            case _:
                out.add(name)
    return frozenset(out)


def _collects_all(mods: ir.Mods, body: ir.Block) -> bool:
    return mods.join == "all" and mods.on_fail == "fail-fast" and not any(
        isinstance(s, ir.Break | ir.Continue) for s in ir.walk(body)
    )


class _Counter:
    """The two bounds for one slot."""

    def __init__(
        self,
        slot: str,
        fixed: frozenset[str],
        returns: frozenset[Span],
        lengths: dict[str, Count],
        built: frozenset[str] = frozenset(),
        *,
        once: Span | None = None,
    ) -> None:
        self.slot = slot
        #: the locals bound to collected loops, with their counts
        self.lengths = lengths
        #: the locals some write of which is not a delegate's result nor an
        #: input: lists the delegation builds, of lengths not counted here
        self.built = built
        #: a loop counted as one round (the run :func:`_early_exit` shows)
        self.once = once
        self.fixed = fixed
        #: the spans of the pattern's own returns (not an iteration's)
        self.returns = returns
        self.first_site: Span | None = None
        self.unbounded: Span | None = None
        #: a local the delegation builds (by `append`, a literal, a loop),
        #: walked by the loop that leaves the count unbounded
        self.uncounted: str | None = None
        #: where *least* is a floor rather than the fewest calls a run makes
        self.rough: Span | None = None
        #: a run returns with no call of the slot, counted exactly
        self.zero_exit = False
        #: list inputs whose length a guard met before bounds (*most* only)
        self.caps: dict[str, Count] = {}
        #: a guard ``meets`` a config entry: its list has fewer elements than
        #: the entry, counted as many
        self.loose_cap: Span | None = None

    # ------------------------------------------------------------ values

    def _value(self, e: ir.Expr) -> Count | None:
        match e:
            case ir.Literal_(value=int() as n) if not isinstance(n, bool) and n >= 0:
                return {"": n}
            case ir.Name(name=name) if name in self.fixed:
                return {name: 1}
            case _:
                return None

    def _length(self, e: ir.Expr) -> Count | None:
        """The number of elements a ``for`` walks: of a list input the
        delegation never rebinds, its length, counted by its name; of a
        local bound once to a collected loop, that loop's count."""
        match e:
            case ir.Name(name=name) if name in self.fixed:
                return {name: 1}
            case ir.Name(name=name) if name in self.lengths:
                return self.lengths[name]
            case _:
                return None

    def _calls(self, stmt: ir.Stmt, *, most: bool) -> Count | None:
        """The calls of the slot in the statement's own expressions."""
        total: Count | None = {"": 0}
        for e in stmt_exprs(stmt):
            if isinstance(e, ir.Call) and e.callee == self.slot:
                if self.first_site is None:
                    self.first_site = e.span
                tries: Count | None = {"": 1}
                if most and e.retry is not None:
                    tries = _add(tries, self._value(e.retry))
                total = _add(total, tries)
        return total

    # ------------------------------------------------------------ at most

    def most(self, block: ir.Block) -> Count | None:
        """The most calls a run makes in ``block``: over the paths that
        reach its end, and those a `return` (or `throw`) inside it ends,
        whose calls after that never happen ("billing" called in a
        branch that returns, and once more after it: once a run)."""
        caps = self.caps
        falls, cont, ends, out = self._most_paths(block)
        self.caps = caps
        if not ends:
            return cont
        if not falls:
            return out
        return _pick(cont, out, max)

    def _most_paths(self, block: ir.Block) -> tuple[bool, Count | None, bool, Count | None]:
        """(whether a path reaches the end of ``block``, the most calls on
        those; whether a path leaves the run inside it, the most calls on
        those)."""
        cont: Count | None = {"": 0}
        out: Count | None = None
        ends = False
        for stmt in block:
            match stmt:
                case ir.Return() | ir.Throw():
                    done = _add(cont, self._calls(stmt, most=True))
                    out = done if not ends else _pick(out, done, max)
                    return False, None, True, out
                case ir.If(branches=branches, orelse=orelse) if any(isinstance(s, ir.Return | ir.Throw) for s in ir.walk((stmt,))):
                    base = _add(cont, self._calls(stmt, most=True))
                    paths = [self._most_paths(body) for body in [*(b for _, b in branches), orelse or ()]]
                    falls, after, ends, out = _joined([(f, _add(base, c), e, _add(base, o)) for f, c, e, o in paths], ends, out)
                    if not falls:
                        return False, None, ends, out
                    cont = after
                case ir.Try(body=body, catch_body=catch_body, finally_body=finally_body) if any(
                    isinstance(s, ir.Return | ir.Throw) for s in ir.walk((stmt,))
                ) and not any(isinstance(s, ir.Return | ir.Throw) for s in ir.walk(finally_body or ())):
                    # a `catch` that returns: the calls of a body that
                    # failed (at most all of them) and of the catch end the
                    # run there, not before the calls after the `try`
                    base = _add(cont, self._calls(stmt, most=True))
                    fin = self.most(finally_body or ())
                    f, c, e, o = self._most_paths(body)
                    paths = [(f, _add(base, c), e, _add(base, o))]
                    failed = _add(base, self.most(body))
                    if catch_body is not None:
                        f, c, e, o = self._most_paths(catch_body)
                        paths.append((f, _add(failed, c), e, _add(failed, o)))
                    else:
                        # (a failure no `catch` takes ends the run)
                        paths.append((False, None, True, failed))
                    falls, after, ends, out = _joined([(f, _add(c, fin), e, _add(o, fin)) for f, c, e, o in paths], ends, out)
                    if not falls:
                        return False, None, ends, out
                    cont = after
                case _:
                    cont = _add(cont, self._most(stmt))
            if (cap := self._cap(stmt)) is not None:
                self.caps = {**self.caps, **cap}
        return True, cont, ends, out

    def _cap(self, stmt: ir.Stmt) -> dict[str, Count] | None:
        """A list input's length as bounded after a guard that leaves the
        run when the list is longer (``if items.length exceeds max_items:
        return ...``): on every run that goes on, the caller's list has at
        most that many elements (as it has when the test is ``meets``, one
        fewer). The guard's one branch must end the run on every path."""
        match stmt:
            case ir.If(branches=((ir.Compare(subject=ir.Length(base=ir.Name(name=name)), op=op, threshold=limit), body),)) if (
                name in self.fixed and _ends_run(body, self.returns)
            ):
                bound = self._value(limit)
                if bound is None:
                    return None
                if op == ">=":
                    if set(_nonzero(bound)) <= {""}:
                        return {name: {"": max(bound.get("", 0) - 1, 0)}}
                    # one fewer than a config entry (which may be 0) has
                    # no count here: the entry bounds it, more loosely
                    self.loose_cap = self.loose_cap or stmt.span
                return {name: bound}
            case _:
                return None

    def _most(self, stmt: ir.Stmt) -> Count | None:
        own = self._calls(stmt, most=True)
        match stmt:
            case ir.Bind(value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel() as loop) | ir.Assign(
                value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel() as loop
            ):
                return _add(own, self._loop_most(loop))
            case ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel():
                return _add(own, self._loop_most(stmt))
            case ir.If(branches=branches, orelse=orelse):
                best: Count | None = self.most(orelse or ())
                for _, body in branches:
                    best = _pick(best, self.most(body), max)
                return _add(own, best)
            case ir.Choice(options=options):
                best = {"": 0}
                for option in options:
                    best = _pick(best, self.most(option.body), max)
                return _add(own, best)
            case ir.Try(body=body, catch_body=catch_body, finally_body=finally_body):
                return _add(own, _add(self.most(body), _add(self.most(catch_body or ()), self.most(finally_body or ()))))
            case _:
                return own

    def _loop_most(self, loop: ir.Loop) -> Count | None:
        match loop:
            case ir.Repeat(body=body, span=span) if span == self.once:
                return self.most(body)
            case ir.Repeat(count=count, body=body):
                return self._bounded_by(loop, _times(self.most(body), self._value(count)))
            case ir.LoopUntil(body=body, span=span) if span == self.once:
                return self.most(body)
            case ir.LoopUntil(max=limit, body=body):
                return self._bounded_by(loop, _times(self.most(body), self._value(limit)))
            case ir.For(body=body, iterable=iterable):
                inner = self.most(body)
                if inner is not None and not _nonzero(inner):
                    return inner
                length = self.caps.get(iterable.name) if isinstance(iterable, ir.Name) else None
                if (times := _times(inner, length or self._length(iterable))) is not None:
                    return times
                if self.unbounded is None:
                    self.unbounded = next(
                        (e.span for s in ir.walk(body) for e in stmt_exprs(s) if isinstance(e, ir.Call) and e.callee == self.slot),
                        loop.span,
                    )
                    if isinstance(iterable, ir.Name) and iterable.name in self.built and self._length(iterable) is None:
                        self.uncounted = iterable.name
                return None
            case ir.Parallel(branches=branches):
                return self.most(branches)

    def _bounded_by(self, loop: ir.Loop, count: Count | None) -> Count | None:
        if count is None and self.unbounded is None:
            self.unbounded = loop.span
        return count

    # ------------------------------------------------------------ at least

    def least(self, block: ir.Block) -> Count:
        """The fewest calls a run that returns makes in ``block``: over
        the paths that reach its end and those a `return` inside it ends
        (a branch that calls the slot and returns, and a call after it:
        once a run, either way)."""
        rough, outer = self.rough, self.zero_exit
        self.zero_exit = False
        falls, cont, ends, out = self._least_paths(block)
        if falls and ends:
            total = _pick(cont, out, min) or {"": 0}
        else:
            total = (cont if falls else out) or {"": 0}
        mine, self.zero_exit = self.zero_exit, outer
        if rough is None and mine and not _nonzero(total):
            # a run returns with no call, counted exactly: the fewest calls
            # are none, however roughly the paths that go on are counted
            self.rough = None
        return _nonzero(total) or {"": 0}

    def _least_paths(self, block: ir.Block) -> tuple[bool, Count, bool, Count | None]:
        """(whether a path reaches the end of ``block``, the fewest calls on
        those; whether a returning path leaves it early, the fewest calls
        on those). A `throw` ends no run that returns."""
        cont: Count = {"": 0}
        out: Count | None = None
        ends = False

        def left(count: Count) -> None:
            nonlocal out, ends
            out = count if not ends else (_pick(out, count, min) or {"": 0})
            ends = True
            if self.rough is None and not _nonzero(count):
                self.zero_exit = True

        for stmt in block:
            match stmt:
                case ir.Return():
                    left(_add(cont, self._calls(stmt, most=False)) or cont)
                    return False, {"": 0}, ends, out
                case ir.Throw():
                    return False, {"": 0}, ends, out
                case ir.If(branches=branches, orelse=orelse) if any(isinstance(s, ir.Return | ir.Throw) for s in ir.walk((stmt,))):
                    own = self._calls(stmt, most=False) or {"": 0}
                    if len(branches) > 1 and _nonzero(own):
                        self._floor(stmt)  # only the first test is sure to run
                    base = _add(cont, own if len(branches) == 1 else {"": 0}) or cont
                    falls = False
                    after: Count = {"": 0}
                    for body in [*(b for _, b in branches), orelse or ()]:
                        f, c, e, o = self._least_paths(body)
                        if f:
                            got = _add(base, c) or base
                            after = got if not falls else (_pick(after, got, min) or {"": 0})
                            falls = True
                        if e and o is not None:
                            left(_add(base, o) or base)
                    if not falls:
                        return False, {"": 0}, ends, out
                    cont = after
                case _:
                    cont = _add(cont, self._least(stmt)) or {"": 0}
                    if _leaves(stmt, self.returns):
                        # it may end the block in a way not followed here:
                        # the calls so far, the fewest a run may make
                        left(cont)
                        return False, {"": 0}, ends, out
        return True, cont, ends, out

    def _least(self, stmt: ir.Stmt) -> Count:
        own = self._calls(stmt, most=False) or {"": 0}
        match stmt:
            case ir.Bind(value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel() as loop) | ir.Assign(
                value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel() as loop
            ):
                return _add(own, self._loop_least(loop)) or own
            case ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel():
                return _add(own, self._loop_least(stmt)) or own
            case ir.If(branches=branches, orelse=orelse):
                first_cond = next(iter(branches), None)
                cond_calls = own if first_cond is not None else {"": 0}
                worst: Count | None = self.least(orelse) if orelse is not None else {"": 0}
                for _, body in branches:
                    worst = _pick(worst, self.least(body), min)
                # only the first test is sure to run; the calls of later
                # ones are not counted
                if len(branches) > 1 and _nonzero(own):
                    self._floor(stmt)
                return _add(cond_calls if len(branches) == 1 else {"": 0}, worst) or {"": 0}
            case ir.Choice(options=options):
                worst = None
                for option in options:
                    got = self.least(option.body)
                    worst = got if worst is None else _pick(worst, got, min)
                return _add(own, worst or {"": 0}) or own
            case ir.Try(body=body, finally_body=finally_body):
                self._floor(stmt, body)
                return _add(own, self.least(finally_body or ())) or own
            case _:
                return own

    def _loop_least(self, loop: ir.Loop) -> Count:
        match loop:
            case ir.Repeat(count=count, body=body, mods=mods) if mods.join == "all" and not any(
                isinstance(s, _LEAVES) for s in ir.walk(body)
            ):
                times = _times(self.least(body), self._value(count))
                if times is None:
                    self._floor(loop, body)
                return times or {"": 0}
            case ir.Parallel(branches=branches, mods=mods) if mods.join == "all" and mods.on_fail == "fail-fast":
                return self.least(branches)
            case ir.For(body=body, iterable=iterable, mods=mods) if mods.join == "all" and not any(
                isinstance(s, _LEAVES) for s in ir.walk(body)
            ) and self._length(iterable) is not None:
                # a list the caller gave, never rebound: its every element,
                # however many (none, when it is empty)
                times = _times(self.least(body), self._length(iterable))
                if times is None:
                    self._floor(loop, body)
                return times or {"": 0}
            case ir.For():
                # the list may be empty: no call is a run that returns
                return {"": 0}
            case ir.LoopUntil(test="until" | None, body=body) if not any(isinstance(s, _LEAVES) for s in ir.walk(body)):
                # its block runs at least once (the runtime requires `max:`
                # to be at least 1): a floor, since whether a run that
                # returns may stop after that round is not followed here
                once = self.least(body)
                self._floor(loop, body)
                return once
            case ir.Repeat(body=body) | ir.LoopUntil(body=body) | ir.Parallel(branches=body):
                self._floor(loop, body)
                return {"": 0}

    def _floor(self, stmt: ir.Stmt, body: ir.Block | None = None) -> None:
        """*least* counts none of the calls of the slot in ``body`` (all of
        the statement's when None), though a run may have to make some."""
        inner = ir.walk(body) if body is not None else ir.walk((stmt,))
        if self.rough is None and any(
            isinstance(e, ir.Call) and e.callee == self.slot for s in inner for e in stmt_exprs(s)
        ):
            self.rough = stmt.span

