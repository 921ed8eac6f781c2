#!/usr/bin/env python3
"""Checks that the documentation a reader follows leads somewhere.

  check_docs.py links ROOT
      In README.md, CONTRIBUTING.md and every docs/**/*.md: every relative link and picture
      exists (and a link's #anchor is a heading of the file it names), and every repository
      path named in backticks or in a code block exists (`src/core/fast/`, `assets/NAME.glb`,
      `dynskin/deformer.h` for include/dynskin/deformer.h).
  check_docs.py options ROOT PROGRAM GUIDE
      Every option that `PROGRAM --help` prints, and, for a program with subcommands, every
      subcommand and every option of `PROGRAM SUBCOMMAND --help`, is named in GUIDE.

Each problem is printed as FILE:LINE: what is wrong; the exit status is 1 when there is any.
New files under docs/ are checked without being listed here.
"""
import glob
import os
import re
import subprocess
import sys

# Folders that are made by builds, never part of the repository's tree (.gitignore).
BUILD_OUTPUTS = re.compile(r"^(build[^/]*|dist|out|env|node_modules)$")


def documents(root):
    names = ["README.md", "CONTRIBUTING.md"]
    names += sorted(os.path.relpath(p, root)
                    for p in glob.glob(os.path.join(root, "docs", "**", "*.md"), recursive=True))
    return [n for n in names if os.path.isfile(os.path.join(root, n))]


def split_code(text):
    """Yields (line number, line, in_fence) for each line of a markdown file."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.lstrip()
        if fence is None and (stripped.startswith("```") or stripped.startswith("~~~")):
            fence = stripped[:3]
            yield number, line, True
            continue
        if fence is not None and stripped.startswith(fence):
            fence = None
            yield number, line, True
            continue
        yield number, line, fence is not None


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links keep their text
    text = text.replace("`", "").replace("*", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        with open(path, encoding="utf-8") as f:
            for _, line, in_fence in split_code(f.read()):
                m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
                if m and not in_fence:
                    base = slug(m.group(1))
                    n = seen.get(base, 0)
                    seen[base] = n + 1
                    found.add(base if n == 0 else f"{base}-{n}")
        cache[path] = found
    return cache[path]


def inline_code(line):
    return re.findall(r"`([^`]+)`", line)


def without_inline_code(line):
    return re.sub(r"`[^`]*`", "", line)


def expand(path):
    """A path as the docs write it, as glob patterns: {h,cpp} alternatives, NAME placeholders."""
    m = re.search(r"\{([^{}]*,[^{}]*)\}", path)
    if m:
        return [p for alt in m.group(1).split(",")
                for p in expand(path[:m.start()] + alt + path[m.end():])]
    return [re.sub(r"(?<![a-z])[A-Z][A-Z_]+(?![a-z])", "*", path)]


def repo_path_candidates(root, token, top_level):
    """The repository paths a token names, or None when it does not look like one."""
    token = token.strip().rstrip(".,;:")
    token = re.sub(r"^\.\/", "", token)
    if not re.fullmatch(r"[\w.{},*-]+(/[\w.{},*-]+)+/?|[\w.-]+\.(md|sh|py|txt|json|toml|cfg)", token):
        return None
    first = token.split("/")[0]
    if first == "dynskin" and token.endswith(".h"):
        return [os.path.join("include", p) for p in expand(token)]
    if first in top_level and "/" in token:
        return expand(token)
    return None


def exists(root, patterns):
    return any(glob.glob(os.path.join(root, p.rstrip("/"))) for p in patterns)


def check_links(root):
    problems = []
    top_level = {n for n in os.listdir(root)
                 if os.path.isdir(os.path.join(root, n)) and not BUILD_OUTPUTS.match(n)
                 and not n.startswith(".git")}
    for doc in documents(root):
        full = os.path.join(root, doc)
        here = os.path.dirname(full)
        with open(full, encoding="utf-8") as f:
            text = f.read()
        for number, line, in_fence in split_code(text):
            where = f"{doc}:{number}"
            # Paths in code: inline code spans, and the words of code blocks.
            tokens = re.findall(r"[^\s\"'()<>=`\[\]]+", line) if in_fence else inline_code(line)
            for token in tokens:
                candidates = repo_path_candidates(root, token, top_level)
                if candidates and not exists(root, candidates):
                    problems.append(f"{where}: `{token}` names no file or folder of the repository")
            if in_fence:
                continue
            for target in re.findall(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", without_inline_code(line)):
                if re.match(r"^[a-z]+:", target):
                    continue  # https:, mailto:
                path, _, anchor = target.partition("#")
                resolved = os.path.normpath(os.path.join(here, path)) if path else full
                if not os.path.relpath(resolved, root).startswith("..") and not os.path.exists(resolved):
                    problems.append(f"{where}: link to {target}: {os.path.relpath(resolved, root)} does not exist")
                    continue
                if anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                    problems.append(f"{where}: link to {target}: {os.path.relpath(resolved, root)} "
                                    f"has no heading #{anchor}")
    return problems


def help_text(command):
    done = subprocess.run(command + ["--help"], capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise SystemExit(f"error: {' '.join(command)} --help exited with {done.returncode}: {done.stderr}")
    return done.stdout


def section(text, title):
    """The lines of a CLI11 help section (Options:, Subcommands:), up to the next one."""
    m = re.search(rf"^{title}:\n(.*?)(?=^\S|\Z)", text, re.M | re.S)
    return m.group(1) if m else ""


def options_of(text):
    names = []
    for line in section(text, "Options").split("\n"):
        m = re.match(r"^\s+((?:-{1,2}[\w-]+,?)+)", line)
        if m:
            names += [n for n in m.group(1).split(",") if n]
    return names


def subcommands_of(text):
    return [m.group(1) for m in re.finditer(r"^\s+([a-z][\w-]*)\s", section(text, "Subcommands"), re.M)]


def named(guide_text, option):
    return re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", guide_text) is not None


def check_options(root, program, guide):
    with open(os.path.join(root, guide), encoding="utf-8") as f:
        guide_text = f.read()
    name = os.path.basename(program)
    problems = []
    top = help_text([program])
    for option in options_of(top):
        if not named(guide_text, option):
            problems.append(f"{guide}: `{name} --help` prints {option}, which the guide does not name")
    for sub in subcommands_of(top):
        if not named(guide_text, f"{name} {sub}"):
            problems.append(f"{guide}: `{name} --help` lists the command {sub}; the guide never writes `{name} {sub}`")
        for option in options_of(help_text([program, sub])):
            if not named(guide_text, option):
                problems.append(f"{guide}: `{name} {sub} --help` prints {option}, which the guide does not name")
    return problems


def main(argv):
    if len(argv) == 3 and argv[1] == "links":
        problems, what = check_links(argv[2]), f"{len(documents(argv[2]))} documents"
    elif len(argv) == 5 and argv[1] == "options":
        problems, what = check_options(argv[2], argv[3], argv[4]), f"{os.path.basename(argv[3])}'s options in {argv[4]}"
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for p in problems:
        print(p)
    print(f"{what}: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
