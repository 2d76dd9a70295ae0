"""The build cache can never change a verdict.

Each attack is played out end to end through the command line: on the
attacker's machine a cache entry is forged (guard's module made to run
``os.system``, its ``prosec-hash`` header and the entry's own check line
recomputed, as anyone can), ``prosec build`` writes the forged module, and
``generated/`` is committed together with a cache folder. On a fresh clone,
``prosec check`` must fail, and agree with ``check --no-cache``. Also: where
the cache lives, the key that authenticates it, and that a build or check
writes nothing inside the project outside the output folder.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PATTERNS, TEST_CACHE_DIR

from prosec import __version__
from prosec.cache import ENV_DIR, KEY_FILE, Cache, Location, location
from prosec.emit import split_header, with_header

FORGED = '__import__("os").system("echo FORGED")'


def prosec(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``prosec ARGS`` in ``cwd``; ``env`` replaces the cache settings."""
    base = {k: v for k, v in os.environ.items() if k not in (ENV_DIR, "XDG_CACHE_HOME")}
    return subprocess.run(
        [sys.executable, "-m", "prosec", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**base, **env},
        timeout=120,
    )


def machine(root: Path) -> dict[str, str]:
    """The environment of one machine's user: their own cache folder."""
    return {ENV_DIR: str(root)}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    repo = tmp_path / "attacker" / "repo"
    repo.mkdir(parents=True)
    # (two of the project's patterns: the cache entry of one is forged, and
    # the build has another beside it)
    (repo / "patterns").mkdir()
    for name in ("guard.prose.md", "oversight.prose.md"):
        shutil.copy(PATTERNS / name, repo / "patterns" / name)
    (repo / "pyproject.toml").write_text('[tool.prosec]\nsrc = ["patterns"]\nout = "generated"\n')
    return repo


def entries(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.json"))


def guard_entry(folder: Path) -> Path:
    """The cache entry holding guard's compiled module."""
    for path in entries(folder):
        body = path.read_bytes().partition(b"\n")[2]
        data = json.loads(body)
        if isinstance(data, dict) and data.get("c") == "Compiled":
            if data["f"]["path"].endswith("/guard.prose.md"):
                return path
    raise AssertionError(f"no entry for guard in {folder}")


def forge_payload(entry: Path) -> tuple[str, bytes]:
    """guard's module in ``entry`` made to run a command, its header hash
    recomputed: (the entry's label, the new payload)."""
    head, _, body = entry.read_bytes().partition(b"\n")
    data = json.loads(body)
    code = data["f"]["code"]
    _, module = split_header(code)
    source = code.split(" from ", 1)[1].split(". DO NOT EDIT", 1)[0]
    evil = module.replace("\n\n\ndef guard(", f"\n\n\n{FORGED}\n\n\ndef guard(", 1)
    assert evil != module
    data["f"]["code"] = with_header(source, evil)
    label = head.decode().rsplit(" ", 1)[0]
    return label, json.dumps(data, ensure_ascii=False).encode()


def sign_sha256(entry: Path, label: str, body: bytes) -> None:
    """The format before entries were authenticated: a plain hash line."""
    entry.write_bytes(f"{label} sha256:{hashlib.sha256(body).hexdigest()}".encode() + b"\n" + body)


def sign_hmac(entry: Path, label: str, body: bytes, key: bytes) -> None:
    mac = hmac.new(key, label.encode() + b"\n" + body, hashlib.sha256).hexdigest()
    entry.write_bytes(f"{label} hmac-sha256:{mac}".encode() + b"\n" + body)


def clone(repo: Path, dest: Path) -> Path:
    """What CI checks out: the committed tree, nothing else."""
    shutil.copytree(repo, dest, symlinks=True)
    return dest


def assert_gate_fails(repo: Path, env: dict[str, str]) -> None:
    """``check`` fails on the forged guard, and ``check --no-cache`` agrees."""
    cached = prosec("check", cwd=repo, env=env)
    fresh = prosec("check", "--no-cache", cwd=repo, env=env)
    assert cached.returncode == 1, cached.stderr
    assert "generated/guard.py: stale" in cached.stderr
    assert (cached.returncode, cached.stdout, cached.stderr) == (fresh.returncode, fresh.stdout, fresh.stderr)
    assert FORGED in cached.stdout  # the diff shows the planted line being taken out


def attacker_build(repo: Path, home: Path, forge: str) -> Path:
    """Build on the attacker's machine, forge guard's entry, build again with
    it, so that the committed generated/guard.py runs a command. The cache
    folder the entries are in."""
    done = prosec("build", cwd=repo, env=machine(home))
    assert done.returncode == 0, done.stderr
    folder = home / __version__
    entry = guard_entry(folder)
    label, body = forge_payload(entry)
    if forge == "sha256":
        sign_sha256(entry, label, body)
        # Under the old format the entry's own hash was all a build checked;
        # put the forged module in place as that build would have.
        code = json.loads(body)["f"]["code"]
        (repo / "generated" / "guard.py").write_text(code, encoding="utf-8")
    else:
        # The attacker's own machine: they hold its key, so the forged entry
        # is genuine there and their build writes it.
        sign_hmac(entry, label, body, (home / KEY_FILE).read_bytes())
        done = prosec("build", cwd=repo, env=machine(home))
        assert done.returncode == 0, done.stderr
    assert FORGED in (repo / "generated" / "guard.py").read_text(encoding="utf-8")
    return folder


# ---------------------------------------------------------------- the attacks


def test_forged_entry_in_the_old_layout_committed_as_prosec_cache(project: Path, tmp_path: Path) -> None:
    """The attack as first reported: the folder committed with `git add -f`
    in the working tree, entries checked only by their own sha256 line."""
    folder = attacker_build(project, tmp_path / "attacker-home", "sha256")
    shutil.copytree(folder, project / ".prosec-cache" / "v2")
    shutil.copytree(folder, project / ".prosec-cache" / __version__)
    repo = clone(project, tmp_path / "ci" / "repo")
    assert_gate_fails(repo, machine(tmp_path / "ci-home"))


def test_forged_entry_in_the_new_layout_named_by_pyproject(project: Path, tmp_path: Path) -> None:
    """The pull request also sets `cache-dir` to the folder it commits, key
    file included: the key is never read from a configured folder."""
    home = tmp_path / "attacker-home"
    folder = attacker_build(project, home, "hmac")
    shutil.copytree(folder, project / ".prosec-cache" / __version__)
    shutil.copy(home / KEY_FILE, project / ".prosec-cache" / KEY_FILE)
    with (project / "pyproject.toml").open("a") as handle:
        handle.write('cache-dir = ".prosec-cache"\n')
    repo = clone(project, tmp_path / "ci" / "repo")
    assert_gate_fails(repo, machine(tmp_path / "ci-home"))


def test_a_cache_folder_copied_from_another_machine_is_a_miss(project: Path, tmp_path: Path) -> None:
    """The forged entries copied into the victim's own cache folder, where a
    build of theirs already made a key: they were signed with another key."""
    folder = attacker_build(project, tmp_path / "attacker-home", "hmac")
    repo = clone(project, tmp_path / "ci" / "repo")
    victim = tmp_path / "ci-home"
    warm = prosec("check", cwd=repo, env=machine(victim))  # makes the victim's key
    assert warm.returncode == 1
    shutil.rmtree(victim / __version__)
    shutil.copytree(folder, victim / __version__)
    assert_gate_fails(repo, machine(victim))


def test_an_entry_rehashed_in_the_users_own_cache_is_a_miss(project: Path, tmp_path: Path) -> None:
    """Someone who can write the cache folder but not read the key: a
    recomputed hash line, or the old sha256 line, does not authenticate."""
    home = tmp_path / "home"
    done = prosec("build", cwd=project, env=machine(home))
    assert done.returncode == 0, done.stderr
    entry = guard_entry(home / __version__)
    label, body = forge_payload(entry)
    sign_sha256(entry, label, body)
    assert prosec("check", cwd=project, env=machine(home)).returncode == 0
    build = prosec("build", cwd=project, env=machine(home))
    assert build.returncode == 0
    assert FORGED not in (project / "generated" / "guard.py").read_text(encoding="utf-8")
    sign_hmac(entry, label, body, b"\0" * 32)  # a key that is not this user's
    assert prosec("check", cwd=project, env=machine(home)).returncode == 0


def test_a_hand_edit_with_its_header_hash_recomputed_fails_the_gate(project: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert prosec("build", cwd=project, env=machine(home)).returncode == 0
    target = project / "generated" / "guard.py"
    code = target.read_text(encoding="utf-8")
    _, body = split_header(code)
    source = code.split(" from ", 1)[1].split(". DO NOT EDIT", 1)[0]
    target.write_text(with_header(source, body.replace("\n\n\ndef guard(", f"\n\n\n{FORGED}\n\n\ndef guard(", 1)))
    repo = clone(project, tmp_path / "ci" / "repo")
    assert_gate_fails(repo, machine(home))  # with the warm cache of the build
    assert_gate_fails(repo, machine(tmp_path / "fresh"))


# ---------------------------------------------------------------- where it lives


def test_location_follows_the_environment_then_pyproject_then_xdg(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(ENV_DIR, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    home_cache = tmp_path / "home" / ".cache" / "prosec"
    assert location() == location(None)
    where = location()
    assert where is not None
    assert (where.entries, where.key) == (home_cache / __version__, home_cache / KEY_FILE)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")  # the XDG spec: ignore it
    assert location() == where
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    where = location()
    assert where is not None
    assert (where.entries, where.key) == (tmp_path / "xdg" / "prosec" / __version__, tmp_path / "xdg" / "prosec" / KEY_FILE)
    configured = location(Path("project-cache"))
    assert configured is not None
    # A configured folder holds entries, never the key.
    assert (configured.entries, configured.key) == (Path("project-cache") / __version__, where.key)
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "env"))
    for chosen in (location(), location(Path("project-cache"))):
        assert chosen is not None
        assert (chosen.entries, chosen.key) == (tmp_path / "env" / __version__, tmp_path / "env" / KEY_FILE)


def test_the_suite_uses_a_temporary_cache_folder() -> None:
    assert os.environ[ENV_DIR] == str(TEST_CACHE_DIR)
    where = location()
    assert where is not None and where.entries.is_relative_to(TEST_CACHE_DIR)
    assert not TEST_CACHE_DIR.is_relative_to(Path.home() / ".cache")


def test_make_test_runs_the_gate_without_a_cache() -> None:
    """`make test` (what CI runs) ends with `prosec check`; it compiles
    afresh rather than write a cache in the runner's home."""
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(["make", "-n", "test"], cwd=root, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    checks = [line for line in done.stdout.splitlines() if "prosec check" in line]
    assert checks and all("--no-cache" in line for line in checks), checks


def test_build_and_check_write_nothing_in_the_project_but_the_output(project: Path, tmp_path: Path) -> None:
    """Nothing in the working tree: the cache goes to XDG_CACHE_HOME."""
    def tree() -> list[Path]:
        out = project / "generated"
        return sorted(p.relative_to(project) for p in project.rglob("*") if not p.is_relative_to(out))

    before = tree()
    xdg = tmp_path / "xdg"
    env = {"XDG_CACHE_HOME": str(xdg), "HOME": str(tmp_path / "home")}
    assert prosec("build", cwd=project, env=env).returncode == 0
    assert prosec("check", cwd=project, env=env).returncode == 0
    assert tree() == before
    assert entries(xdg / "prosec" / __version__)
    assert not (tmp_path / "home").exists()
    key = xdg / "prosec" / KEY_FILE
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and key.stat().st_size == 32
    assert stat.S_IMODE((xdg / "prosec").stat().st_mode) == 0o700
    assert not list((xdg / "prosec" / __version__).rglob(KEY_FILE))  # not among the entries


# ---------------------------------------------------------------- the key


def test_the_key_is_made_once_and_kept(tmp_path: Path) -> None:
    where = location_in(tmp_path)
    first = Cache.open(where)
    assert first.key is not None and first.problem is None
    assert Cache.open(where).key == first.key
    assert [p.name for p in tmp_path.iterdir()] == [KEY_FILE]  # no temporary file left


def location_in(folder: Path) -> Location:
    return Location(entries=folder / __version__, key=folder / KEY_FILE)


@pytest.mark.parametrize("damage", ["group-readable", "world-writable", "a link", "short", "a folder"])
def test_a_key_file_that_cannot_be_trusted_turns_the_cache_off_with_a_warning(
    damage: str, project: Path, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    assert prosec("build", cwd=project, env=machine(home)).returncode == 0
    key = home / KEY_FILE
    old = key.read_bytes()
    if damage == "group-readable":
        key.chmod(0o640)
    elif damage == "world-writable":
        key.chmod(0o602)
    elif damage == "a link":
        real = tmp_path / "elsewhere"
        real.write_bytes(key.read_bytes())
        real.chmod(0o600)
        key.unlink()
        key.symlink_to(real)
    elif damage == "short":
        key.write_bytes(b"tiny")
    else:
        key.unlink()
        key.mkdir()
    # Forged entries (signed with the old key, which may be known) are not used.
    entry = guard_entry(home / __version__)
    label, body = forge_payload(entry)
    sign_hmac(entry, label, body, old)
    stamp = {p: p.stat().st_mtime_ns for p in entries(home / __version__)}
    done = prosec("check", cwd=project, env=machine(home))
    assert done.returncode == 0, done.stderr
    assert "warning[PS620]" in done.stderr and str(key) in done.stderr
    assert {p: p.stat().st_mtime_ns for p in entries(home / __version__)} == stamp  # nothing stored


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a file away")
def test_a_key_file_of_another_user_is_not_trusted(tmp_path: Path) -> None:
    where = location_in(tmp_path)
    assert Cache.open(where).key is not None
    os.chown(where.key, 65534, 65534)
    cache = Cache.open(where)
    assert cache.key is None and cache.problem is not None
    assert "another user" in cache.problem.reason


def test_no_key_no_cache(tmp_path: Path) -> None:
    """A home where nothing can be created: no cache, no complaint."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    cache = Cache.open(location_in(blocker / "cache"))
    assert cache.key is None and cache.problem is None
    cache.store("ab" * 32, {"x": 1})
    assert cache.load("ab" * 32) is None
