"""The build context deploy/Dockerfile's build stage sees, laid out without a
container engine: its COPY lines, with <Dockerfile>.dockerignore applied.

scripts/check-image-context lays the context out and builds it, so the image
cannot drift from Package.swift (a target path the Dockerfile does not copy
fails there, not in a release pipeline).

Limits: the COPY forms the Dockerfile uses (sources relative to the context,
one destination, no --from in the build stage, no wildcards in sources) and
.dockerignore's patterns (*, ?, **, leading !, leading /). Anything else is an
error, not a guess.
"""

import os
import re
import shutil


class ContextError(Exception):
    """A Dockerfile or .dockerignore form this layout does not understand."""


def build_stage_copies(dockerfile_text, stage="build"):
    """The (sources, destination) of each COPY in stage `stage`, and its WORKDIR."""
    lines = _instructions(dockerfile_text)
    copies, workdir, inside = [], "/", False
    for word, rest in lines:
        if word == "FROM":
            inside = re.search(r"\bAS\s+" + re.escape(stage) + r"\s*$", rest, re.IGNORECASE) is not None
            continue
        if not inside:
            continue
        if word == "WORKDIR":
            workdir = os.path.join(workdir, rest.strip())
        elif word in ("COPY", "ADD"):
            parts = rest.split()
            flags = [p for p in parts if p.startswith("--")]
            if any(f.startswith("--from") for f in flags) or word == "ADD":
                raise ContextError(f"unsupported in the build stage: {word} {rest}")
            paths = [p for p in parts if not p.startswith("--")]
            if len(paths) < 2 or any(c in "".join(paths[:-1]) for c in "*?["):
                raise ContextError(f"unsupported COPY form: {rest}")
            copies.append((paths[:-1], paths[-1]))
    if not copies:
        raise ContextError(f"no COPY in stage '{stage}'")
    return copies, workdir


def _instructions(text):
    """(INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    joined, pending = [], ""
    for line in text.splitlines():
        stripped = line.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        joined.append(pending + stripped)
        pending = ""
    result = []
    for line in joined:
        word, _, rest = line.partition(" ")
        result.append((word.upper(), rest))
    return result


def ignore_patterns(dockerignore_text):
    """The .dockerignore patterns as (compiled regex, is_exception), in order."""
    patterns = []
    for line in dockerignore_text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        exception = line.startswith("!")
        pattern = os.path.normpath(line.lstrip("!").strip().lstrip("/"))
        patterns.append((re.compile(_pattern_regex(pattern)), exception))
    return patterns


def _pattern_regex(pattern):
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out += "(?:.*/)?"
            i += 3
        elif pattern.startswith("**", i):
            out += ".*"
            i += 2
        elif pattern[i] == "*":
            out += "[^/]*"
            i += 1
        elif pattern[i] == "?":
            out += "[^/]"
            i += 1
        else:
            out += re.escape(pattern[i])
            i += 1
    # A matched directory excludes everything below it.
    return "^" + out + "(?:/.*)?$"


def is_ignored(relative_path, patterns):
    """Whether the context path is excluded: the last matching pattern decides."""
    ignored = False
    for regex, exception in patterns:
        if regex.match(relative_path):
            ignored = not exception
    return ignored


def context_files(root, copies, workdir, patterns):
    """{destination path relative to WORKDIR: source path} for every copied file."""
    files = {}
    for sources, destination in copies:
        target = os.path.normpath(os.path.join(workdir, destination))
        if os.path.relpath(target, workdir).startswith(".."):
            raise ContextError(f"COPY destination {destination} is outside WORKDIR {workdir}")
        into_directory = destination.endswith("/") or len(sources) > 1
        for source in sources:
            source = os.path.normpath(source)
            absolute = os.path.join(root, source)
            if is_ignored(source, patterns) or not os.path.exists(absolute):
                raise ContextError(f"COPY source {source} is not in the build context")
            base = os.path.relpath(target, workdir)
            if os.path.isdir(absolute):
                for directory, _, names in os.walk(absolute):
                    for name in names:
                        path = os.path.relpath(os.path.join(directory, name), root)
                        if not is_ignored(path, patterns):
                            files[os.path.normpath(os.path.join(base, os.path.relpath(path, source)))] = path
            else:
                name = os.path.basename(source) if into_directory else ""
                files[os.path.normpath(os.path.join(base, name))] = source
    return files


def sync(root, files, destination):
    """Makes `destination` hold exactly `files`, copying only what changed, so
    a build there stays incremental (copy2 keeps modification times)."""
    os.makedirs(destination, exist_ok=True)
    for directory, _, names in os.walk(destination, topdown=False):
        for name in names:
            path = os.path.relpath(os.path.join(directory, name), destination)
            if path not in files:
                os.remove(os.path.join(directory, name))
        if directory != destination and not os.listdir(directory):
            os.rmdir(directory)
    for target, source in files.items():
        source_path, target_path = os.path.join(root, source), os.path.join(destination, target)
        src, dst = os.stat(source_path), os.stat(target_path) if os.path.exists(target_path) else None
        if dst is None or dst.st_size != src.st_size or int(dst.st_mtime) != int(src.st_mtime):
            os.makedirs(os.path.dirname(target_path), exist_ok=True)
            shutil.copy2(source_path, target_path)
