"""lark parse tree → IR ``Program``, plus diagnostics for malformed constructs.

The only module that touches lark trees. It checks what is local to one
construct (escapes, modifiers, call properties, loop bounds); names and
scopes are scope.py's job.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal, cast

from lark import Token, Tree

from . import ir
from .conditions import lower_condition, operator_comparison, strip_markers
from .diagnostics import Diagnostic, Span, error, info, warning
from .spelling import distance

# PS3xx: structure.
#   PS301  `loop` without `(max: N)`
#   PS302  unknown or misplaced modifier
#   PS303  `count:` without "any"
#   PS304  duplicate call property
#   PS305  properties under a statement that is not a call
#   PS306  `try` without `catch` or `finally`
#   PS307  `throw` without a value outside `catch`
#   PS308  code after `return`/`break`/`continue`/`throw` never runs
#   PS309  `break`/`continue` outside a loop
#   PS310  negative repeat count
#   PS311  bad `retry`/`backoff`
#   PS312  `return` inside a parallel branch that collects no values
#   PS313  `break` inside a parallel loop
#   PS314  assignment target is not a name, property or index
#   PS315  bad `max:` value
#   PS316  a call property spelled like a modifier (`retries:`) is an input
#   PS319  `append` inside a parallel region to a list from outside it: the
#          list is in the order the branches finish (warning)
# PS4xx: values.
#   PS401  unknown escape in a string
#   PS402  description used as a value, lowered to an iteration count
#   PS403  description used as a value with no loop to count
#   PS404  number literal out of range
#   PS406  comparison operator in a condition
#   PS407  a `choice`, which always asks the judge (info; scope.py reports
#          the conditions that go to the judge)
#   PS208  more interpolations than the limit

MAX_INTERPOLATIONS = 2_000
"""``{name}`` interpolations in one delegation. Each becomes an expression of
the generated code, like a token; real patterns have a handful."""

# Characters that a string literal treats specially; the rest is copied.
_SPECIAL = re.compile(r"[\\{]")
_NEWLINE = re.compile(r"\n")
_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "{": "{", "}": "}"}
_INTERPOLATION = re.compile(r"\{([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)*)\}")
_DESCRIPTION = re.compile(
    r"^\s*(?:the\s+)?(?:number|count|total|how\s+many)\b", re.IGNORECASE
)


def span_of(node: Tree[Token] | Token) -> Span:
    if isinstance(node, Token):
        return Span(
            node.line or 1,
            node.column or 1,
            node.end_line or node.line or 1,
            node.end_column or (node.column or 1) + len(str(node.value)),
        )
    meta = node.meta
    if getattr(meta, "empty", True):
        return Span(1, 1, 1, 1)
    return Span(meta.line, meta.column, meta.end_line, meta.end_column)


@dataclass
class Context:
    """Where lowering is: enclosing loops and constructs, innermost last."""

    frames: list[tuple[str, Span]] = field(default_factory=list)

    def innermost(self, *kinds: str) -> tuple[str, Span] | None:
        for kind, span in reversed(self.frames):
            if kind in kinds:
                return kind, span
        return None


def bound_names(tree: Tree[Token]) -> set[str]:
    """Every name the delegation binds anywhere (for reading conditions)."""
    names: set[str] = set()
    for sub in tree.iter_subtrees():
        toks = [c for c in sub.children if isinstance(c, Token) and c.type == "NAME"]
        if sub.data in ("binding", "loop_binding", "for_stmt") or (
            sub.data in ("repeat_stmt", "loop_stmt", "catch_clause")
        ):
            names.update(str(t) for t in toks)
    return names


class Lowerer:
    """Turns one parse tree into a ``Program``; collects diagnostics."""

    def __init__(
        self,
        path: str,
        *,
        known: Callable[[str], bool],
        is_config: Callable[[str], bool],
    ) -> None:
        self.path = path
        self.known = known
        self.is_config = is_config
        self.diagnostics: list[Diagnostic] = []
        self.ctx = Context()
        #: ``{name}`` interpolations lowered so far (bounded like tokens).
        self.interpolations = 0

    # ------------------------------------------------------------ helpers

    def error(self, span: Span, code: str, message: str, hint: str | None = None) -> None:
        self.diagnostics.append(error(self.path, span, code, message, hint))

    def warn(self, span: Span, code: str, message: str, hint: str | None = None) -> None:
        self.diagnostics.append(warning(self.path, span, code, message, hint))

    @staticmethod
    def trees(node: Tree[Token]) -> list[Tree[Token]]:
        return [c for c in node.children if isinstance(c, Tree)]

    @staticmethod
    def tokens(node: Tree[Token], *types: str) -> list[Token]:
        return [c for c in node.children if isinstance(c, Token) and (not types or c.type in types)]

    # ------------------------------------------------------------ program

    def program(self, tree: Tree[Token]) -> ir.Program:
        body = self.block(self.trees(tree))
        return ir.Program(body=body, span=span_of(tree))

    def block(self, nodes: list[Tree[Token]]) -> ir.Block:
        out: list[ir.Stmt] = []
        ended: Span | None = None
        for node in nodes:
            stmt = self.stmt(node)
            if stmt is None:
                continue
            if ended is not None:
                self.warn(
                    stmt.span,
                    "PS308",
                    "this statement never runs",
                    f"the statement on line {ended.line} leaves the block first",
                )
                ended = None
            out.append(stmt)
            if isinstance(stmt, ir.Return | ir.Break | ir.Continue | ir.Throw):
                ended = stmt.span
        return tuple(out)

    def body(self, node: Tree[Token]) -> ir.Block:
        assert node.data == "body"
        return self.block(self.trees(node))

    def stmt(self, node: Tree[Token]) -> ir.Stmt | None:
        kind = node.data
        if kind == "simple_stmt":
            return self.simple(node)
        if kind in ("loop_binding", "loop_assign"):
            return self.loop_binding(node)
        if kind == "if_stmt":
            return self.if_stmt(node)
        if kind == "try_stmt":
            return self.try_stmt(node)
        if kind == "choice_stmt":
            return self.choice(node)
        if kind in ("repeat_stmt", "for_stmt", "loop_stmt", "parallel_block"):
            return self.loop(node, collecting=False)
        raise AssertionError(f"unknown statement {kind}")  # grammar and lowerer disagree

    # ------------------------------------------------------------ simple statements

    def simple(self, node: Tree[Token]) -> ir.Stmt | None:
        small, *rest = self.trees(node)
        props_node = rest[0] if rest else None
        span = span_of(small)
        kind = small.data
        kids = self.trees(small)
        props = self.props(props_node) if props_node is not None else None

        def value(expr_node: Tree[Token]) -> ir.Expr:
            return self.attach(self.expr(expr_node), props, props_node)

        if kind == "binding":
            keyword, name = self.tokens(small)
            val = value(kids[0])
            return ir.Bind(
                name=str(name),
                name_span=span_of(name),
                value=val,
                const=keyword.type == "CONST",
                span=span,
            )
        if kind == "assign":
            target = self.target(kids[0])
            val = value(kids[1])
            if target is None:
                return None
            return ir.Assign(target=target, value=val, span=span)
        if kind == "expr_stmt":
            return ir.ExprStmt(expr=value(kids[0]), span=span)
        if kind == "return_stmt":
            if self.ctx.innermost("branch") and not self.ctx.innermost("collect"):
                self.error(
                    span,
                    "PS312",
                    "`return` inside a parallel branch that does not collect values",
                    "bind the parallel loop with `let x = parallel ...` to "
                    "collect one value per iteration, or return after it",
                )
            if not kids:
                self.no_props(props_node)
            return ir.Return(value=value(kids[0]) if kids else None, span=span)
        if kind in ("record", "append"):
            self.no_props(props_node)
            target = self.target(kids[1])
            if target is None:
                return None
            return ir.Append(value=self.expr(kids[0]), target=target, span=span)
        if kind in ("continue_stmt", "break_stmt"):
            self.no_props(props_node)
            word = "continue" if kind == "continue_stmt" else "break"
            frame = self.ctx.innermost("loop", "collect", "branch")
            if frame is None:
                self.error(span, "PS309", f"`{word}` outside a loop")
            elif frame[0] == "branch" and word == "break":
                self.error(
                    span,
                    "PS313",
                    "`break` inside a parallel loop",
                    "parallel iterations all start together; use "
                    '`("first")` or `("any")` to stop at the first result',
                )
            return ir.Continue(span=span) if word == "continue" else ir.Break(span=span)
        if kind == "throw_stmt":
            if not kids and not self.ctx.innermost("catch"):
                self.error(
                    span,
                    "PS307",
                    "`throw` without a value outside `catch`",
                    'give it a value (`throw "what went wrong"`) or move it into a `catch` block',
                )
            if not kids:
                self.no_props(props_node)
            return ir.Throw(value=value(kids[0]) if kids else None, span=span)
        raise AssertionError(kind)

    def no_props(self, props_node: Tree[Token] | None) -> None:
        if props_node is not None:
            self.error(
                span_of(props_node),
                "PS305",
                "indented properties under a statement that is not a call",
                "only `call NAME` takes indented `key: value` lines",
            )

    def attach(
        self, expr: ir.Expr, props: tuple[tuple[str, ir.Expr, Span], ...] | None, node: Tree[Token] | None
    ) -> ir.Expr:
        """Give a call the properties indented under its statement."""
        if props is None:
            return expr
        if not isinstance(expr, ir.Call):
            self.no_props(node)
            return expr
        inputs: list[ir.Prop] = []
        retry: ir.Expr | None = None
        backoff: Literal["none", "linear", "exponential"] = "none"
        seen: dict[str, Span] = {}
        for key, val, span in props:
            if key in seen:
                self.error(
                    span,
                    "PS304",
                    f"duplicate property {key!r} in this call",
                    f"it is already given on line {seen[key].line}",
                )
                continue
            seen[key] = span
            if key == "retry":
                if isinstance(val, ir.Literal_) and (
                    not isinstance(val.value, int) or isinstance(val.value, bool) or val.value < 0
                ):
                    self.error(span, "PS311", "`retry` must be a non-negative whole number")
                retry = val
            elif key == "backoff":
                word = (
                    val.name
                    if isinstance(val, ir.Name)
                    else val.value
                    if isinstance(val, ir.Literal_) and isinstance(val.value, str)
                    else None
                )
                if word in ("none", "linear", "exponential"):
                    backoff = cast(Literal["none", "linear", "exponential"], word)
                else:
                    self.error(
                        span,
                        "PS311",
                        "`backoff` must be none, linear or exponential",
                    )
            else:
                modifier = _modifier_like(key)
                if modifier is not None:
                    self.warn(
                        span,
                        "PS316",
                        f"{key!r} is passed to the delegate as an input; did you mean "
                        f"the call modifier `{modifier}:`?",
                        "`retry: N` tries a failed call up to N more times and "
                        "`backoff: none|linear|exponential` sets the wait; a property "
                        "with any other name is an input of the delegate",
                    )
                inputs.append(ir.Prop(key=key, value=val, span=span))
        return ir.Call(
            callee=expr.callee,
            callee_span=expr.callee_span,
            props=tuple(inputs),
            retry=retry,
            backoff=backoff,
            span=expr.span.to(span_of(node)) if node is not None else expr.span,
        )

    def props(self, node: Tree[Token]) -> tuple[tuple[str, ir.Expr, Span], ...]:
        out = []
        for prop in self.trees(node):
            key_node, value_node = self.trees(prop)
            out.append((self.key(key_node), self.expr(value_node), span_of(prop)))
        return tuple(out)

    def key(self, node: Tree[Token]) -> str:
        return str(self.tokens(node)[0])

    def target(self, node: Tree[Token]) -> ir.Name | ir.Attr | ir.Index | None:
        expr = self.expr(node)
        if isinstance(expr, ir.Name | ir.Attr | ir.Index):
            return expr
        self.error(
            expr.span,
            "PS314",
            "this is not something that can be assigned or appended to",
            "the target must be a name, a property (`a.b`) or an index (`a[i]`)",
        )
        return None

    # ------------------------------------------------------------ compound statements

    def loop_binding(self, node: Tree[Token]) -> ir.Stmt | None:
        loop_node = self.trees(node)[-1]
        loop = self.loop(loop_node, collecting=True)
        if node.data == "loop_assign":
            target = self.target(self.trees(node)[0])
            if target is None:
                return None
            return ir.Assign(target=target, value=loop, span=span_of(node))
        keyword, name = self.tokens(node)
        return ir.Bind(
            name=str(name),
            name_span=span_of(name),
            value=loop,
            const=keyword.type == "CONST",
            span=span_of(node),
        )

    def if_stmt(self, node: Tree[Token]) -> ir.If:
        cond_tok = self.tokens(node, "COND")[0]
        kids = self.trees(node)
        branches = [(self.cond(cond_tok), self.body(kids[0]))]
        orelse: ir.Block | None = None
        for clause in kids[1:]:
            if clause.data == "elif_clause":
                tok = self.tokens(clause, "COND")[0]
                branches.append((self.cond(tok), self.body(self.trees(clause)[0])))
            else:
                orelse = self.body(self.trees(clause)[0])
        return ir.If(branches=tuple(branches), orelse=orelse, span=span_of(node))

    def cond(self, token: Token) -> ir.Cond:
        span = span_of(token)
        found = operator_comparison(str(token), self.known)
        if found is not None:
            op, words = found
            self.error(
                span,
                "PS406",
                f"`{op}` in a condition: ProseScript writes comparisons in words",
                f"write `{words}`"
                if words
                else "ProseScript has no equality test of two values: for numbers, nest "
                "`if X is at least Y:` and `if X is at most Y:`; the forms prosec decides are "
                "`X is at least Y`, `X exceeds Y`, `X is below Y`, `X is at most Y`, `X says WORD`",
            )
            return ir.Judge(text=strip_markers(str(token)), span=span)
        return lower_condition(str(token), span, self.known, self.is_config)

    def try_stmt(self, node: Tree[Token]) -> ir.Try:
        kids = self.trees(node)
        body = self.body(kids[0])
        catch_var: str | None = None
        catch_body: ir.Block | None = None
        finally_body: ir.Block | None = None
        for clause in kids[1:]:
            if clause.data == "catch_clause":
                names = self.tokens(clause, "NAME")
                catch_var = str(names[0]) if names else None
                self.ctx.frames.append(("catch", span_of(clause)))
                catch_body = self.body(self.trees(clause)[0])
                self.ctx.frames.pop()
            else:
                finally_body = self.body(self.trees(clause)[0])
        if catch_body is None and finally_body is None:
            self.error(
                span_of(self.tokens(node, "TRY")[0]),
                "PS306",
                "`try` without `catch` or `finally`",
                "add `catch as error:` to handle the failure, or `finally:`",
            )
        return ir.Try(
            body=body,
            catch_var=catch_var,
            catch_body=catch_body,
            finally_body=finally_body,
            span=span_of(node),
        )

    def choice(self, node: Tree[Token]) -> ir.Choice:
        cond = self.tokens(node, "COND")[0]
        self.diagnostics.append(
            info(
                self.path,
                span_of(cond),
                "PS407",
                "`choice` asks the judge at run time which option to run",
                "callers must pass `judge=`",
            )
        )
        options = []
        for opt in self.trees(node):
            label_node, body_node = self.trees(opt)
            label = self.string(label_node)
            text = label.value if isinstance(label, ir.Literal_) and isinstance(label.value, str) else ""
            options.append(ir.Option(label=text, body=self.body(body_node), span=span_of(opt)))
        return ir.Choice(criteria=strip_markers(str(cond)), options=tuple(options), span=span_of(node))

    def loop(self, node: Tree[Token], *, collecting: bool) -> ir.Loop:
        span = span_of(node)
        kind = node.data
        parallel = bool(self.tokens(node, "PARALLEL"))
        mods_nodes = [t for t in self.trees(node) if t.data == "mods"]
        body_node = self.trees(node)[-1]
        frame = "branch" if parallel or kind == "parallel_block" else ("collect" if collecting else "loop")
        if collecting and frame == "branch":
            self.ctx.frames.append(("collect", span))
        self.ctx.frames.append((frame, span))
        try:
            if kind == "parallel_block":
                mods = self.mods(mods_nodes[0] if mods_nodes else None, parallel=True)
                return ir.Parallel(branches=self.body(body_node), mods=mods, span=span)
            if kind == "repeat_stmt":
                count_node = self.trees(node)[0]
                count = self.expr(count_node)
                if isinstance(count, ir.Literal_) and isinstance(count.value, int | float) and not isinstance(count.value, bool) and count.value < 0:
                    self.error(count.span, "PS310", f"repeat count {count.value} is negative")
                names = self.tokens(node, "NAME")
                mods = self.mods(mods_nodes[0] if mods_nodes else None, parallel=parallel)
                return ir.Repeat(
                    count=count,
                    var=str(names[0]) if names else None,
                    body=self.body(body_node),
                    parallel=parallel,
                    mods=mods,
                    span=span,
                )
            if kind == "for_stmt":
                names = self.tokens(node, "NAME")
                iterable_node = next(t for t in self.trees(node) if t.data not in ("mods", "body"))
                mods = self.mods(mods_nodes[0] if mods_nodes else None, parallel=parallel)
                return ir.For(
                    var=str(names[0]),
                    index=str(names[1]) if len(names) > 1 else None,
                    iterable=self.expr(iterable_node),
                    body=self.body(body_node),
                    parallel=parallel,
                    mods=mods,
                    span=span,
                )
            return self.loop_stmt(node, mods_nodes[0] if mods_nodes else None, body_node)
        finally:
            self.ctx.frames.pop()
            if collecting and frame == "branch":
                self.ctx.frames.pop()

    def loop_stmt(self, node: Tree[Token], mods_node: Tree[Token] | None, body_node: Tree[Token]) -> ir.LoopUntil:
        span = span_of(node)
        test_tok = self.tokens(node, "UNTIL", "WHILE")
        cond_tok = self.tokens(node, "LOOP_COND")
        names = self.tokens(node, "NAME")
        max_expr: ir.Expr | None = None
        if mods_node is not None:
            for mod in self.trees(mods_node):
                if mod.data == "mod_pair" and self.key(self.trees(mod)[0]) == "max":
                    if max_expr is not None:
                        self.error(span_of(mod), "PS302", "`max:` given twice")
                    max_expr = self.expr(self.trees(mod)[1])
                    least = 0 if test_tok and test_tok[0].type == "WHILE" else 1
                    if isinstance(max_expr, ir.Literal_) and (
                        not isinstance(max_expr.value, int) or isinstance(max_expr.value, bool) or max_expr.value < least
                    ):
                        if least:
                            self.error(
                                max_expr.span,
                                "PS315",
                                "`max:` must be a whole number of at least 1",
                                "a `loop until` or a plain `loop` runs its block at least once",
                            )
                        else:
                            self.error(max_expr.span, "PS315", "`max:` must be a non-negative whole number")
                else:
                    self.error(
                        span_of(mod),
                        "PS302",
                        "a `loop` takes only `(max: N)`",
                        "join and failure modifiers belong to `parallel` constructs",
                    )
        if max_expr is None:
            self.error(
                span_of(self.tokens(node, "LOOP")[0]),
                "PS301",
                "`loop` without a bound",
                "add `(max: N)` so the loop cannot run forever",
            )
            max_expr = ir.Literal_(value=0, span=span)
        cond = self.cond(cond_tok[0]) if cond_tok else None
        test: Literal["until", "while"] | None = (
            cast(Literal["until", "while"], test_tok[0].type.lower()) if test_tok else None
        )
        return ir.LoopUntil(
            test=test,
            cond=cond,
            max=max_expr,
            var=str(names[0]) if names else None,
            body=self.body(body_node),
            span=span,
        )

    def mods(self, node: Tree[Token] | None, *, parallel: bool) -> ir.Mods:
        if node is None:
            return ir.Mods()
        span = span_of(node)
        if not parallel:
            self.error(
                span,
                "PS302",
                "modifiers on a loop that is not parallel",
                "write `parallel for` / `parallel repeat`, or remove the modifiers",
            )
            return ir.Mods()
        join: ir.Join = "all"
        count: ir.Expr | None = None
        on_fail: ir.OnFail = "fail-fast"
        count_span: Span | None = None
        for mod in self.trees(node):
            if mod.data == "mod_flag":
                lit = self.string(self.trees(mod)[0])
                word = lit.value if isinstance(lit, ir.Literal_) else None
                if word in ("all", "first", "any"):
                    join = cast(ir.Join, word)
                else:
                    self.error(
                        span_of(mod),
                        "PS302",
                        f"unknown join modifier {word!r}",
                        'use "all", "first" or "any"',
                    )
                continue
            key = self.key(self.trees(mod)[0])
            val = self.expr(self.trees(mod)[1])
            if key == "count":
                count, count_span = val, span_of(mod)
                if isinstance(val, ir.Literal_) and (
                    not isinstance(val.value, int) or isinstance(val.value, bool) or val.value < 1
                ):
                    self.error(span_of(mod), "PS302", "`count:` must be a whole number of at least 1")
            elif key == "on-fail":
                word = val.value if isinstance(val, ir.Literal_) else None
                if word in ("fail-fast", "continue", "ignore"):
                    on_fail = cast(ir.OnFail, word)
                else:
                    self.error(
                        span_of(mod),
                        "PS302",
                        f"unknown failure modifier {word!r}",
                        'use on-fail: "fail-fast", "continue" or "ignore"',
                    )
            else:
                close = next(
                    (m for m in ("count", "on-fail") if distance(key.replace("_", "-"), m) <= 1),
                    None,
                )
                self.error(
                    span_of(mod),
                    "PS302",
                    f"unknown modifier {key!r}" + (f" (did you mean `{close}:`?)" if close else ""),
                    'parallel constructs take "all"/"first"/"any", count: N and on-fail: "..."',
                )
        if count is not None and join != "any":
            self.error(
                count_span or span,
                "PS303",
                '`count:` without "any"',
                'write ("any", count: N) to wait for the first N successes',
            )
        return ir.Mods(join=join, count=count, on_fail=on_fail, span=span)

    # ------------------------------------------------------------ expressions

    def expr(self, node: Tree[Token] | Token) -> ir.Expr:
        if isinstance(node, Token):  # pragma: no cover - grammar wraps tokens
            return ir.Name(name=str(node), span=span_of(node))
        span = span_of(node)
        kind = node.data
        if kind == "name":
            tok = self.tokens(node)[0]
            return ir.Name(name=str(tok), span=span)
        if kind == "number":
            return self.number(self.tokens(node)[0])
        if kind == "true":
            return ir.Literal_(value=True, span=span)
        if kind == "false":
            return ir.Literal_(value=False, span=span)
        if kind == "null":
            return ir.Literal_(value=None, span=span)
        if kind == "string":
            return self.string(node)
        if kind == "object":
            entries: list[tuple[str, ir.Expr]] = []
            seen: dict[str, Span] = {}
            for entry in self.trees(node):
                if entry.data == "pair":
                    key_node, value_node = self.trees(entry)
                    key = self.key(key_node)
                    val = self.expr(value_node)
                else:
                    tok = self.tokens(entry)[0]
                    key = str(tok)
                    val = ir.Name(name=key, span=span_of(tok))
                if key in seen:
                    self.error(
                        span_of(entry),
                        "PS304",
                        f"duplicate key {key!r} in this object",
                        f"it is already given on line {seen[key].line}",
                    )
                    continue
                seen[key] = span_of(entry)
                entries.append((key, val))
            return ir.Object(entries=tuple(entries), span=span)
        if kind == "array":
            return ir.Array(items=tuple(self.expr(t) for t in self.trees(node)), span=span)
        if kind == "call":
            name = self.tokens(node, "NAME")[0]
            return ir.Call(
                callee=str(name),
                callee_span=span_of(name),
                props=(),
                retry=None,
                backoff="none",
                span=span,
            )
        if kind == "getattr":
            base_node, key_node = self.trees(node)
            base = self.expr(base_node)
            key = self.key(key_node)
            if key == "length":
                return ir.Length(base=base, span=span)
            return ir.Attr(base=base, key=key, span=span)
        if kind == "getitem":
            base_node, index_node = self.trees(node)
            return ir.Index(base=self.expr(base_node), index=self.expr(index_node), span=span)
        raise AssertionError(f"unknown expression {kind}")

    def number(self, tok: Token) -> ir.Literal_:
        text = str(tok)
        span = span_of(tok)
        try:
            if re.fullmatch(r"-?[0-9]+", text):
                if len(text) > 30:
                    raise ValueError
                return ir.Literal_(value=int(text), span=span)
            value = float(text)
            if value in (float("inf"), float("-inf")):
                raise ValueError
            return ir.Literal_(value=value, span=span)
        except ValueError:
            self.error(span, "PS404", f"number {text[:40]} is out of range")
            return ir.Literal_(value=0, span=span)

    def string(self, node: Tree[Token]) -> ir.Literal_ | ir.Text:
        tok = self.tokens(node)[0]
        raw = str(tok)
        quote = 3 if tok.type == "LONG_STRING" else 1
        inner = raw[quote:-quote]
        span = span_of(tok)
        base_line, base_col = (tok.line or 1), (tok.column or 1) + quote
        # A literal may be as long as its file: positions come from a table
        # of its line breaks, and plain runs of text are copied whole.
        breaks = [m.start() for m in _NEWLINE.finditer(inner)]

        def position(offset: int) -> tuple[int, int]:
            lines_before = bisect.bisect_left(breaks, offset)
            if lines_before:
                return base_line + lines_before, offset - breaks[lines_before - 1]
            return base_line, base_col + offset

        parts: list[str | ir.Expr] = []
        buf: list[str] = []
        i = 0
        while i < len(inner):
            special = _SPECIAL.search(inner, i)
            if special is None:
                buf.append(inner[i:])
                break
            if special.start() > i:
                buf.append(inner[i : special.start()])
                i = special.start()
            ch = inner[i]
            if ch == "\\" and i + 1 < len(inner):
                nxt = inner[i + 1]
                if nxt in _ESCAPES:
                    buf.append(_ESCAPES[nxt])
                else:
                    line, col = position(i)
                    self.error(
                        Span.point(line, col, 2),
                        "PS401",
                        f"unknown escape {inner[i:i + 2]!r} in a string",
                        'the escapes are \\\\ \\" \\n \\t \\{ \\}',
                    )
                i += 2
                continue
            if ch == "{":
                m = _INTERPOLATION.match(inner, i)
                if m:
                    self.interpolations += 1
                    if self.interpolations > MAX_INTERPOLATIONS:
                        self.error(
                            span,
                            "PS208",
                            f"the delegation has more than {MAX_INTERPOLATIONS:,} "
                            "`{name}` interpolations",
                            "pass the assembled text in as an input, or split the pattern",
                        )
                        return ir.Literal_(value="", span=span)
                    if buf:
                        parts.append("".join(buf))
                        buf = []
                    line, col = position(i + 1)
                    ref_span = Span.point(line, col, len(m.group(1)))
                    expr: ir.Expr = ir.Name(name=m.group(1).split(".")[0], span=ref_span)
                    for piece in m.group(1).split(".")[1:]:
                        expr = (
                            ir.Length(base=expr, span=ref_span)
                            if piece == "length"
                            else ir.Attr(base=expr, key=piece, span=ref_span)
                        )
                    parts.append(expr)
                    i = m.end()
                    continue
            buf.append(ch)
            i += 1
        if buf:
            parts.append("".join(buf))
        if all(isinstance(p, str) for p in parts):
            return ir.Literal_(value="".join(cast(list[str], parts)), span=span)
        return ir.Text(parts=tuple(parts), span=span)


_MODIFIERS = ("retry", "backoff")


def _modifier_like(key: str) -> str | None:
    """The modifier a call property's name is a near miss of, if any:
    `retyr`, `back-off`, or a name built on one (`retries`, `max_retries`)."""
    word = key.lower().replace("-", "").replace("_", "")
    if "retry" in word or "retries" in word:
        return "retry"
    if "backoff" in word:
        return "backoff"
    return next((m for m in _MODIFIERS if distance(word, m) == 1), None)


def lower(
    path: str,
    tree: Tree[Token],
    *,
    declared: set[str],
    config: set[str],
    numeric_returns: Mapping[str, bool],
) -> tuple[ir.Program, list[Diagnostic]]:
    """Lower a parse tree. ``declared`` holds the slots, inputs and config
    names; ``numeric_returns`` the return keys the pattern documents as
    numbers (for descriptions used as values)."""
    names = declared | bound_names(tree)
    lowerer = Lowerer(
        path,
        known=lambda n: n in names,
        is_config=lambda n: n in config,
    )
    program = lowerer.program(tree)
    program, more = describe_values(path, program, numeric_returns)
    return program, lowerer.diagnostics + more + completion_order(path, program)


def _parallel_body(stmt: ir.Stmt) -> ir.Block | None:
    match stmt:
        case ir.Bind(value=loop) | ir.Assign(value=loop) if isinstance(loop, ir.Stmt):
            return _parallel_body(loop)
        case ir.For(parallel=True, body=body) | ir.Repeat(parallel=True, body=body):
            return body
        case ir.Parallel(branches=branches):
            return branches
        case _:
            return None


def completion_order(path: str, program: ir.Program) -> list[Diagnostic]:
    """PS319: an `append` in a parallel region to a list bound outside the
    region adds in the order the branches finish, which changes from run to
    run; the region's collected values keep the order of its iterations."""
    found: dict[Span, Diagnostic] = {}
    everything = ir.walk(program.body)
    for stmt in everything:
        body = _parallel_body(stmt)
        if body is None:
            continue
        start = (stmt.span.line, stmt.span.column)
        before = {
            s.name for s in everything if isinstance(s, ir.Bind) and (s.span.line, s.span.column) < start
        }
        inner = ir.walk(body)
        local = {s.name for s in inner if isinstance(s, ir.Bind)} - before
        for append in inner:
            if not isinstance(append, ir.Append) or append.span in found:
                continue
            root: ir.Expr = append.target
            while isinstance(root, ir.Attr | ir.Index):
                root = root.base
            if isinstance(root, ir.Name) and root.name not in local:
                found[append.span] = warning(
                    path,
                    append.span,
                    "PS319",
                    f"`append` to {root.name!r} inside a parallel region: the list gets its "
                    "items in the order the branches finish, which differs from run to run",
                    "collect the region's values instead (`let results = parallel for ...:` "
                    "with a `return` in each iteration keeps the order of the iterations)",
                )
    return list(found.values())


# ---------------------------------------------------------------- §4.6


def describe_values(
    path: str, program: ir.Program, numeric_returns: Mapping[str, bool]
) -> tuple[ir.Program, list[Diagnostic]]:
    """Find descriptions returned where a number is meant (language.md §4.6)
    and lower each to the iteration count of its enclosing loop."""
    numeric = dict(numeric_returns)
    for stmt in ir.walk(program.body):
        if isinstance(stmt, ir.Return) and isinstance(stmt.value, ir.Object):
            for key, value in stmt.value.entries:
                if _is_numeric(value):
                    numeric[key] = True
    diagnostics: list[Diagnostic] = []

    def fix_block(block: ir.Block, loops: tuple[ir.Stmt, ...]) -> ir.Block:
        return tuple(fix_stmt(s, loops) for s in block)

    def fix_stmt(stmt: ir.Stmt, loops: tuple[ir.Stmt, ...]) -> ir.Stmt:
        from dataclasses import replace

        match stmt:
            case ir.Return(value=ir.Object(entries=entries) as obj):
                new_entries: list[tuple[str, ir.Expr]] = []
                for key, value in entries:
                    if (
                        isinstance(value, ir.Literal_)
                        and isinstance(value.value, str)
                        and numeric.get(key)
                        and _DESCRIPTION.match(value.value)
                    ):
                        loop = next(
                            (lp for lp in reversed(loops) if isinstance(lp, ir.For | ir.Repeat | ir.LoopUntil)),
                            None,
                        )
                        if loop is None:
                            diagnostics.append(
                                error(
                                    path,
                                    value.span,
                                    "PS403",
                                    f"{key!r} is returned as the sentence {value.value!r}, "
                                    "but the pattern describes it as a number",
                                    "return the number itself (for example a loop counter or `xs.length`)",
                                )
                            )
                            new_entries.append((key, value))
                            continue
                        diagnostics.append(
                            info(
                                path,
                                value.span,
                                "PS402",
                                f"{key!r}: the description {value.value!r} is returned as "
                                f"the number of iterations of the loop on line {loop.span.line} "
                                "completed so far, this one included",
                            )
                        )
                        new_entries.append(
                            (
                                key,
                                ir.IterationCount(description=value.value, loop=loop.span, span=value.span),
                            )
                        )
                    else:
                        new_entries.append((key, value))
                return replace(stmt, value=replace(obj, entries=tuple(new_entries)))
            case ir.Bind(value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel() as loop):
                return replace(stmt, value=fix_loop(loop, loops))
            case ir.Assign(value=ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel() as loop):
                return replace(stmt, value=fix_loop(loop, loops))
            case ir.Repeat() | ir.For() | ir.LoopUntil() | ir.Parallel():
                return fix_loop(stmt, loops)
            case ir.If(branches=branches, orelse=orelse):
                return replace(
                    stmt,
                    branches=tuple((c, fix_block(b, loops)) for c, b in branches),
                    orelse=fix_block(orelse, loops) if orelse is not None else None,
                )
            case ir.Try(body=body, catch_body=cb, finally_body=fb):
                return replace(
                    stmt,
                    body=fix_block(body, loops),
                    catch_body=fix_block(cb, loops) if cb is not None else None,
                    finally_body=fix_block(fb, loops) if fb is not None else None,
                )
            case ir.Choice(options=options):
                return replace(
                    stmt, options=tuple(replace(o, body=fix_block(o.body, loops)) for o in options)
                )
            case _:
                return stmt

    def fix_loop(loop: ir.Loop, loops: tuple[ir.Stmt, ...]) -> ir.Loop:
        from dataclasses import replace

        if isinstance(loop, ir.Parallel):
            return replace(loop, branches=fix_block(loop.branches, loops))
        return replace(loop, body=fix_block(loop.body, (*loops, loop)))

    body = fix_block(program.body, ())
    return ir.Program(body=body, span=program.span), diagnostics


def _is_numeric(value: ir.Expr) -> bool:
    return isinstance(value, ir.Length) or (
        isinstance(value, ir.Literal_)
        and isinstance(value.value, int | float)
        and not isinstance(value.value, bool)
    )
