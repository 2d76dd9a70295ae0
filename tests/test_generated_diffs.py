"""How generated modules change when their source does: an edit above the
``Delegation`` block changes one line, and an unrelated statement added
early renames no helper."""

from __future__ import annotations

import difflib
import re

from conftest import PATTERNS

from prosec.api import compile_text
from prosec.emit import split_header


def _body(text: str) -> list[str]:
    compiled = compile_text("oversight.prose.md", text.encode())
    assert compiled.code is not None, compiled.diagnostics
    return split_header(compiled.code)[1].splitlines()


def _changed(before: list[str], after: list[str]) -> list[str]:
    return [
        line for line in difflib.unified_diff(before, after, lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


def test_an_edit_above_the_delegation_block_changes_one_line() -> None:
    text = (PATTERNS / "oversight.prose.md").read_text(encoding="utf-8")
    shifted = text.replace("### Delegation\n", "### Delegation\n\n\n", 1)
    changed = _changed(_body(text), _body(shifted))
    assert len(changed) == 2 and all(line[1:].startswith("_FENCE = ") for line in changed), changed


def test_an_unrelated_statement_added_first_renames_no_helper() -> None:
    source = """\
---
name: loops
kind: pattern
---

# Loops

Two loops and a parallel block.

### Slots

- `worker`

### Requires

- Inputs:
    items: string[] -- the items

### Delegation

```prose
{extra}let firsts = for item in items:
  call worker
    item: item
let seconds = parallel for item in items:
  call worker
    item: item
parallel:
  let a = call worker
  let b = call worker
return {{ result: firsts, seconds: seconds, a: a, b: b }}
```
"""

    def helpers(extra: str) -> set[str]:
        compiled = compile_text("loops.prose.md", source.format(extra=extra).encode())
        assert compiled.code is not None, [d.message for d in compiled.diagnostics]
        return set(re.findall(r"\b_(?:each|values|value|branch|results|n|arg|error|option)\w*", compiled.code))

    before = helpers("")
    after = helpers('let note = "first"\nlet other = for x in items:\n  call worker\n    item: x\n')
    assert before and before <= after, sorted(before - after)
