"""The Earley parser over a sentence's tokens (``english.lark``): every
derivation of a token sequence, so ambiguity is seen, not settled."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from importlib.resources import files
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer
from lark.visitors import CollapseAmbiguities

from .lattice import Tok
from .tables import load as load_tables
from .words import KINDS, POLARITY

MAX_TREES = 64


#: Kinds that say where information goes, or how it arrives ("verbatim",
#: "exactly as given"): never part of a behaviour's free text.
FLOW = frozenset("FROM SEE GIVEN REACH ACCESS INFLUENCE HAVE RELY HANDS ASINPUT UNCHANGED".split())
#: Kinds that say how calls run or relate, which other claims check ("one
#: after another", "independently", "the same brief", "each other's notes"):
#: never part of a behaviour's free text either.
CLAIMED = frozenset("SEQ ORDER INDEP SAME UNCHANGED EACHOTHER ANOTHER OTHER PEER MENTION BOUNDED".split())


class _Lookahead(threading.local):
    """What the parser may still meet: the kind of the token it reads next
    (``None`` at the end) and the kinds of the sentence's words."""

    kind: str | None = None
    kinds: frozenset[str] = frozenset()
    filtered: dict[tuple[str, str | None], list[Any]]

    def __init__(self) -> None:
        self.filtered = {}


class _Predictions(dict[Any, list[Any]]):
    """lark's Earley predictions, cut down to the rules that can match.

    For each nonterminal lark predicts every rule it can start with; most
    of those items die later, at a scan or for want of a word the sentence
    lacks. Two cuts drop them before they are made, leaving every
    derivation as it was: a rule is kept only when it can begin with the
    next token's kind (or derive the empty string), and when every word
    kind it cannot do without occurs in the sentence.
    """

    def __init__(self, rules: Sequence[Any], predictions: dict[Any, list[Any]], first: dict[Any, set[Any]], nullable: set[Any]) -> None:
        super().__init__(predictions)
        self.next = _Lookahead()
        starts = {rule: _starts(rule.expansion, first, nullable) for rule in rules}
        needs = _needs(rules)
        #: each rule: the kinds it can begin with, whether it can derive the
        #: empty string, and the kinds every derivation of it contains
        self._rules = {rule: (*starts[rule], needs[rule]) for rule in rules}
        #: (symbol, next kind) → the rules that can begin there, in lark's
        #: order, each with the kinds it needs; the same for every sentence
        self._by_kind: dict[tuple[str, str | None], list[tuple[Any, frozenset[str]]]] = {}

    def expect(self, toks: Sequence[Tok]) -> None:
        """Get ready to parse ``toks``."""
        self.next.kinds = frozenset(t.kind for t in toks)
        self.next.kind = toks[0].kind if toks else None
        self.next.filtered = {}

    def __getitem__(self, symbol: Any) -> list[Any]:
        ahead = self.next
        # (keyed by name: lark's symbols hash and compare in Python, strings in C)
        key = (symbol.name, ahead.kind)
        found = ahead.filtered.get(key)
        if found is None:
            starting = self._by_kind.get(key)
            if starting is None:
                kind, info = ahead.kind, self._rules
                starting = self._by_kind[key] = [
                    (rule, info[rule][2])
                    for rule in super().__getitem__(symbol)
                    if kind in info[rule][0] or info[rule][1]
                ]
            kinds = ahead.kinds  # (a subset test of small frozensets, in C)
            found = ahead.filtered[key] = [rule for rule, needs in starting if needs <= kinds]
        return found


def _starts(expansion: Sequence[Any], first: dict[Any, set[Any]], nullable: set[Any]) -> tuple[frozenset[str], bool]:
    """The token kinds a rule's expansion can begin with, and whether it
    can derive the empty string."""
    kinds: set[str] = set()
    free = free_text()
    for symbol in expansion:
        for t in first[symbol]:
            kinds.update(free.get(t.name, (t.name,)))
        if symbol not in nullable:
            return frozenset(kinds), False
    return frozenset(kinds), True


def _needs(rules: Sequence[Any]) -> dict[Any, frozenset[str]]:
    """For each rule, the token kinds every derivation of it contains.

    The greatest fixed point of: a terminal needs itself; a rule needs what
    each symbol of its expansion needs; a nonterminal needs what all of its
    rules need.
    """
    # (symbols are keyed by name: lark's symbols compare in Python, names in C)
    by_origin: dict[str, list[Any]] = {}
    for rule in rules:
        by_origin.setdefault(rule.origin.name, []).append(rule)
    free = free_text()  # a free-text terminal needs no one kind
    every = frozenset(s.name for rule in rules for s in rule.expansion if s.is_term and s.name not in free)
    symbol_needs: dict[str, frozenset[str]] = {origin: every for origin in by_origin}

    def rule_needs(rule: Any) -> frozenset[str]:
        found: set[str] = set()
        for s in rule.expansion:
            if s.is_term:
                found |= set() if s.name in free else {s.name}
            else:
                found |= symbol_needs.get(s.name, frozenset())
        return frozenset(found)

    changed = True
    while changed:
        changed = False
        for origin, own in by_origin.items():
            needs = frozenset.intersection(*(rule_needs(r) for r in own))
            if needs != symbol_needs[origin]:
                symbol_needs[origin] = needs
                changed = True
    return {rule: rule_needs(rule) for rule in rules}


class _TokenStream(Lexer):
    """Feeds lark the tokens already made; ``start_pos`` indexes them.

    Before each token is handed over, the parser's lookahead is set to its
    kind (see :class:`_Predictions`); after the last, to ``None``.
    """

    lookahead: _Lookahead | None = None

    def __init__(self, conf: Any) -> None:
        pass

    def lex(self, lexer_state: Any, parser_state: Any = None) -> Iterator[Token]:
        data: list[Tok] = lexer_state if isinstance(lexer_state, list) else lexer_state.text
        ahead = self.lookahead
        for i, tok in enumerate(data):
            if ahead is not None:
                ahead.kind = tok.kind
            yield Token(tok.kind, tok.text, start_pos=i)
        if ahead is not None:
            ahead.kind = None


#: Every word kind a token can have.
TERMINALS = tuple(sorted({*KINDS, "SLOT", "INPUT", "VAR", "FIELD", "ROLE", "WORD", "NUM", "LETTER", "CMP", "ACT", "VERDICT", "MADE", "WORKING"}))


@cache
def free_text() -> dict[str, frozenset[str]]:
    """The terminals that stand for a word of free text, and the kinds each
    takes: what a slot must not know (``HWORD``, in ``hidden``) and what a
    delegate does on its own (``ANYTOK``, for claims with nothing to
    check). Neither holds a negating or limiting word, nor a clause break;
    free text about a delegate's behaviour may not say where information
    goes. One terminal each, matched by kind (:func:`_match`), rather than
    one rule per kind: the parser is built with some 370 fewer rules."""
    # (an action's word is also a WORD: "ACT" is a second reading of it, for
    # the gates; so is "VERDICT", for the paths of returns)
    hword = frozenset(t for t in TERMINALS if t not in POLARITY and t not in ("SEMI", "COMMA", "COLON", "ACT", "VERDICT"))
    # (a word of refusing in a hidden fact, "that the customer can refuse
    # its quote", "that a skeptic hunts for ambiguous entries", says what
    # the fact is about, not that the claim does not hold)
    refusing = frozenset({"BLOCK", "REJECTED", "REFUSAL", "UNREADABLE"})
    return {"HWORD": hword | refusing, "ANYTOK": frozenset(t for t in hword if t not in FLOW)}


@cache
def grammar() -> str:
    """The reader's grammar: ``english.lark`` and the word kinds."""
    text = files("prosec.invariants").joinpath("english.lark").read_text(encoding="utf-8")
    text += "\nhword: HWORD\n"
    text += "\nloose: anytok+\nanytok: ANYTOK\n"
    text += "\n%declare " + " ".join([*TERMINALS, *free_text()]) + "\n"
    return text


def _matcher() -> Callable[[Any, Token], bool]:
    """lark's test of a token against a terminal: its own kind, or a kind
    a free-text terminal takes. (Called for every item the parser scans.)"""
    free = free_text()

    def match(term: Any, token: Token) -> bool:
        name: str = term.name
        return name == token.type or (name in free and token.type in free[name])

    return match


def plain_parser(start: str = "start") -> Lark:
    """lark's Earley parser for the grammar, predicting every rule."""
    parser = Lark(grammar(), parser="earley", lexer=_TokenStream, ambiguity="explicit", start=start)
    earley: Any = getattr(parser.parser, "parser", None)
    if hasattr(earley, "term_matcher"):
        earley.term_matcher = _matcher()
    # (a lark whose insides differ reads no free text: those sentences are
    # not read, never misread)
    return parser


@cache
def _parser(start: str = "start") -> Lark:
    """:func:`plain_parser` with its predictions cut (:class:`_Predictions`),
    made from the tables lark's analysis left (``tables.py``) when they are
    those of this grammar."""
    parser = load_tables(grammar(), start, _TokenStream, _matcher()) or plain_parser(start)
    earley: Any = getattr(parser.parser, "parser", None)
    stream = getattr(parser.parser, "lexer", None)
    stream = getattr(stream, "lexer", stream)
    if not isinstance(getattr(earley, "predictions", None), dict) or not isinstance(stream, _TokenStream):
        return parser  # a lark whose insides differ: parse with every prediction
    predictions = _Predictions(parser.rules, earley.predictions, earley.FIRST, earley.NULLABLE)
    earley.predictions = predictions
    stream.lookahead = predictions.next
    return parser


def prepare() -> None:
    """Build the sentence parser now rather than on first use."""
    _parser("start")


def parse_trees(toks: list[Tok], start: str = "start") -> list[Tree[Token]]:
    """Every derivation of a token sequence (none when it does not parse).

    The parser sees only the tokens' kinds (:func:`_matcher`, the
    predictions), so sentences whose words have the same kinds ("the critic
    never sees the brief", "the auditor never sees the plan") have the same
    derivations but for their words: each sequence of kinds is parsed once
    per process, and its trees are given each sentence's own tokens."""
    key = (start, tuple(t.kind for t in toks))
    shapes = _SHAPES.get(key)
    if shapes is None:
        parser = _parser(start)
        predictions = getattr(parser.parser.parser, "predictions", None)
        if isinstance(predictions, _Predictions):
            predictions.expect(toks)
        shapes = derivations(parser, toks)
        if len(_SHAPES) >= MAX_SHAPES:
            _SHAPES.pop(next(iter(_SHAPES)))
        _SHAPES[key] = shapes
    return [_with_tokens(tree, toks) for tree in shapes]


#: Derivations by (start, the kinds of the tokens), oldest first.
_SHAPES: dict[tuple[str, tuple[str, ...]], list[Tree[Token]]] = {}
MAX_SHAPES = 4096


def _with_tokens(tree: Tree[Token], toks: list[Tok]) -> Tree[Token]:
    """A copy of ``tree`` whose leaves are ``toks``' (a leaf's ``start_pos``
    is its token's index, as :class:`_TokenStream` makes it)."""
    children: list[Any] = []
    for child in tree.children:
        if isinstance(child, Tree):
            children.append(_with_tokens(child, toks))
        elif isinstance(child, Token) and child.start_pos is not None:
            tok = toks[child.start_pos]
            children.append(Token(tok.kind, tok.text, start_pos=child.start_pos))
        else:
            children.append(child)
    # (the same container: lark's trees hold lists, its collapsed ambiguities tuples)
    return Tree(tree.data, children if isinstance(tree.children, list) else tuple(children))


def derivations(parser: Lark, toks: list[Tok]) -> list[Tree[Token]]:
    """Every derivation ``parser`` finds for ``toks``, at most MAX_TREES."""
    try:
        tree = parser.parse(toks)
    except UnexpectedInput:
        return []
    if not any(isinstance(t, Tree) and t.data == "_ambig" for t in tree.iter_subtrees()):
        return [tree]
    trees = CollapseAmbiguities().transform(tree)
    return list(trees)[:MAX_TREES]
