"""The build cache and parallel builds never change what a build gives:
files, diagnostics and reports are those of a fresh, serial build; broken or
foreign cache entries are ignored; ``--no-cache`` touches no cache. (Entries
that are forged, planted or copied: test_cache_trust.py.)"""

from __future__ import annotations

import hmac
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS, PATTERNS, need_corpus, pattern_text

from prosec import __version__, batch
from prosec.api import BuildResult, compile_sources, find_sources
from prosec.cache import Cache, from_json, to_json

WARNS = pattern_text(
    "warns",
    """
    let out = call worker
      brief: undeclared_brief
    return out
    """,
    slots="worker",
    invariants="- Perhaps the worker sleeps on the job",
)


GATE = pattern_text(
    "gate",
    """
    let verdict = call checker
      task_brief: task_brief
    if verdict does not explicitly proceed:
      return verdict.reason
    let done = call worker
      task_brief: task_brief
    return done
    """,
    slots="checker, worker",
    requires="task_brief: string -- the work",
)
ROUNDS = pattern_text(
    "rounds",
    """
    let notes = []
    repeat 3 as round:
      let draft = call writer
        task_brief: task_brief
        round: round
      append draft to notes
    return notes
    """,
    slots="writer",
    requires="task_brief: string -- the work",
)


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    for name, text in (("warns", WARNS), ("gate", GATE), ("rounds", ROUNDS)):
        (src / f"{name}.prose.md").write_text(text, encoding="utf-8")
    return src


KEY = bytes(range(32))


def build(src: Path, cache: Cache | None, jobs: int = 1) -> BuildResult:
    found, problems = find_sources([src])
    assert not problems
    return compile_sources(found, cache=cache, jobs=jobs)


def same(a: BuildResult, b: BuildResult) -> None:
    assert a.files == b.files
    assert a.diagnostics == b.diagnostics
    assert [c.report for c in a.patterns] == [c.report for c in b.patterns]
    assert a.patterns == b.patterns


def entries(cache: Cache) -> list[Path]:
    return sorted(cache.root.rglob("*.json"))


def test_a_cached_build_is_the_fresh_build_diagnostics_and_reports_included(
    sources: Path, tmp_path: Path
) -> None:
    fresh = build(sources, None)
    assert any(d.code == "PS104" for d in fresh.diagnostics)  # a warning to replay
    cache = Cache(tmp_path / "cache", KEY)
    first = build(sources, cache)
    assert cache.misses > 0 and entries(cache)
    again = Cache(cache.root, KEY)
    second = build(sources, again)
    # The patterns and __init__ (_runtime is a copy, never cached).
    assert again.hits == len(list(sources.glob("*.prose.md"))) + 1
    assert again.misses == 0
    same(fresh, first)
    same(fresh, second)


@need_corpus
def test_every_corpus_and_project_pattern_is_stored_and_hit(tmp_path: Path) -> None:
    """A result type the codec does not allow is never stored: the cache
    would quietly stop working. The corpus exercises most of what a
    pattern's result can hold."""
    found, _ = find_sources([CORPUS, PATTERNS])
    cache = Cache(tmp_path / "cache", KEY)
    fresh = compile_sources(found, cache=cache)
    again = Cache(cache.root, KEY)
    same(compile_sources(found, cache=again), fresh)
    assert again.misses == 0, "some results could not be stored; see prosec.batch._cache_types"


def test_a_changed_source_misses_and_the_others_hit(sources: Path, tmp_path: Path) -> None:
    cache = Cache(tmp_path / "cache", KEY)
    build(sources, cache)
    target = sources / "gate.prose.md"
    target.write_text(target.read_text(encoding="utf-8").replace("A test pattern.", "A gate."))
    again = Cache(cache.root, KEY)
    result = build(sources, again)
    assert again.misses == 1
    same(result, build(sources, None))


def test_strictness_is_part_of_the_key(sources: Path, tmp_path: Path) -> None:
    found, _ = find_sources([sources])
    fresh_lenient = compile_sources(found)
    fresh_strict = compile_sources(found, strict=True)
    assert fresh_lenient.diagnostics != fresh_strict.diagnostics  # WARNS has an unknown invariant
    cache = Cache(tmp_path / "cache", KEY)
    same(compile_sources(found, cache=cache), fresh_lenient)
    same(compile_sources(found, cache=cache, strict=True), fresh_strict)


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text[: len(text) // 2],  # a write cut short
        lambda text: "not an entry at all",
        lambda text: re.sub(r"^(prosec-cache \d+) [0-9a-f]+", r"\1 " + "0" * 64, text),  # another key's
        lambda text: re.sub(r"^prosec-cache \d+", "prosec-cache 999", text),  # another format
        lambda text: text + " ",  # a payload that no longer matches its hash
    ],
)
def test_damaged_entries_are_ignored_and_rewritten(sources: Path, tmp_path: Path, damage: object) -> None:
    cache = Cache(tmp_path / "cache", KEY)
    expected = build(sources, cache)
    for path in entries(cache):
        path.write_text(damage(path.read_text(encoding="utf-8")), encoding="utf-8")  # type: ignore[operator]
    again = Cache(cache.root, KEY)
    same(build(sources, again), expected)
    assert again.hits == 0
    same(build(sources, Cache(cache.root, KEY)), expected)


def test_an_entry_that_names_a_type_it_may_not_is_ignored(sources: Path, tmp_path: Path) -> None:
    """An entry authenticated with the right key still decodes only into
    allowed types (should the key ever leak)."""
    cache = Cache(tmp_path / "cache", KEY)
    expected = build(sources, cache)
    for path in entries(cache):
        head, _, body = path.read_text(encoding="utf-8").partition("\n")
        forged = body.replace('"c": "Span"', '"c": "Path"').replace('"c": "Compiled"', '"c": "Popen"')
        if forged == body:
            continue
        label = head.rsplit(" ", 1)[0]
        mac = hmac.new(KEY, (label + "\n" + forged).encode(), "sha256").hexdigest()
        path.write_text(f"{label} hmac-sha256:{mac}\n{forged}")
    again = Cache(cache.root, KEY)
    same(build(sources, again), expected)
    assert again.hits == 1  # only __init__, a plain text entry


def test_an_unwritable_cache_folder_is_no_cache(sources: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder should be")
    same(build(sources, Cache(blocker / "cache", KEY)), build(sources, None))


def test_the_codec_round_trips_and_refuses_what_it_cannot_carry() -> None:
    from prosec.cache import Unencodable

    value = {"a": (1, 2.5, None), "b": [True, "x"]}
    assert from_json(json.loads(json.dumps(to_json(value))), {}) == value
    with pytest.raises(Unencodable):
        to_json({1: "not a text key"})
    with pytest.raises(Unencodable):
        to_json(float("nan"))
    with pytest.raises(Unencodable):
        to_json(object())


def test_a_parallel_build_is_the_serial_build(
    sources: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "PARALLEL_MIN", 2)
    serial = build(sources, None)
    same(build(sources, None, jobs=2), serial)


def prosec(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "prosec", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=120,
    )


def test_the_cli_caches_in_the_cache_folder_unless_told_not_to(sources: Path, tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    env = {"PROSEC_CACHE_DIR": str(tmp_path / "cache")}
    done = prosec("build", "--no-cache", str(sources), "-o", "out", cwd=work, env=env)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "cache").exists()
    first = prosec("check", str(sources), "-o", "out", cwd=work, env=env)
    assert first.returncode == 0, first.stderr
    version_folder = tmp_path / "cache" / __version__
    assert (version_folder / "CACHEDIR.TAG").is_file() and list(version_folder.rglob("*.json"))
    second = prosec("check", str(sources), "-o", "out", cwd=work, env=env)
    assert second.returncode == 0, second.stderr
    # Warnings of cached patterns are still printed, the same way.
    assert "PS104" in second.stderr and first.stderr == second.stderr
    assert sorted(p.name for p in work.iterdir()) == ["out"]
