#!/usr/bin/env python3
"""Counts the SF Symbols names public widget code draws, and ranks them.

Usage: scripts/count-sf-symbols.py [--top N] [--out FILE] [--repos-out FILE] GIT_DIR...

Each GIT_DIR is a clone (bare or not) of a public repository holding a widget extension. The
script reads its HEAD tree only (git ls-tree and cat-file: no work tree needed) and counts the
literal names given to `Image(systemName:)`, `Image(systemName:variableValue:)`,
`UIImage(systemName:)`, `NSImage(systemSymbolName:)`, `Label(_:systemImage:)` and every other
`systemImage:` parameter (Button, ContentUnavailableView, ControlWidgetButton…).

"Widget code" is every file that imports WidgetKit, and the folder of each file that declares a
widget (`: Widget`, `: WidgetBundle`, a `TimelineProvider`, an `ActivityConfiguration` or a
`ControlWidget`) with everything under it: an extension's target folder. Names there rank first, by how many repositories use them, then
by uses; when widget code names fewer than N symbols, the rest of the list is filled from the
same repositories' other Swift files (the apps whose views widgets often share), ranked alike.

The ranked list is scripts/sf-symbols/ranked.txt (its header says how it was made), the input
the symbol name map must cover (SymbolTests); the repositories go to repositories.txt beside it:

    scripts/count-sf-symbols.py --out scripts/sf-symbols/ranked.txt \
        --repos-out scripts/sf-symbols/repositories.txt CLONE...
"""

import argparse
import collections
import pathlib
import re
import subprocess
import sys

SYMBOL_ARGUMENT = re.compile(r'\b(?:systemName|systemImage|systemSymbolName)\s*:\s*"([a-z0-9]+(?:\.[a-z0-9]+)*)"')
DECLARES_WIDGET = re.compile(
    r':\s*(?:Widget|WidgetBundle|ControlWidget)\s*\{'
    r'|:\s*(?:AppIntent)?TimelineProvider\b|:\s*IntentTimelineProvider\b|ActivityConfiguration\s*\('
)


def git(git_dir, *args):
    return subprocess.run(["git", "--git-dir", str(git_dir), *args], check=True, capture_output=True).stdout


def swift_files(git_dir):
    """(path, text) of every .swift file in HEAD's tree."""
    listing = git(git_dir, "ls-tree", "-r", "-z", "HEAD").split(b"\0")
    entries = []
    for line in listing:
        if not line:
            continue
        meta, path = line.split(b"\t", 1)
        _mode, kind, sha = meta.split(b" ")
        if kind == b"blob" and path.endswith(b".swift"):
            entries.append((path.decode("utf-8", "replace"), sha.decode()))
    if not entries:
        return []
    # One cat-file process for the whole tree.
    batch = subprocess.run(
        ["git", "--git-dir", str(git_dir), "cat-file", "--batch"],
        input=b"".join(sha.encode() + b"\n" for _, sha in entries),
        check=True, capture_output=True,
    ).stdout
    files, offset = [], 0
    for path, _sha in entries:
        header_end = batch.index(b"\n", offset)
        size = int(batch[offset:header_end].split(b" ")[2])
        body = batch[header_end + 1:header_end + 1 + size]
        offset = header_end + 1 + size + 1
        files.append((path, body.decode("utf-8", "replace")))
    return files


def widget_folders(files):
    folders = set()
    for path, text in files:
        if DECLARES_WIDGET.search(text) and "import WidgetKit" in text:
            folders.add(str(pathlib.PurePosixPath(path).parent))
    return folders


def under(path, folders):
    return any(folder == "." or path.startswith(folder + "/") for folder in folders)


def count(git_dirs):
    widget_uses, widget_repos = collections.Counter(), collections.defaultdict(set)
    other_uses, other_repos = collections.Counter(), collections.defaultdict(set)
    counted = []
    for git_dir in git_dirs:
        files = swift_files(git_dir)
        folders = widget_folders(files)
        if not folders:
            print(f"skipped (no widget declared): {git_dir}", file=sys.stderr)
            continue
        counted.append(git_dir)
        for path, text in files:
            in_widget = under(path, folders) or "import WidgetKit" in text
            for name in SYMBOL_ARGUMENT.findall(text):
                uses, repos = (widget_uses, widget_repos) if in_widget else (other_uses, other_repos)
                uses[name] += 1
                repos[name].add(str(git_dir))
    return counted, (widget_uses, widget_repos), (other_uses, other_repos)


def ranked(uses, repos):
    return sorted(uses, key=lambda name: (-len(repos[name]), -uses[name], name))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("git_dirs", nargs="+", type=pathlib.Path)
    parser.add_argument("--top", type=int, default=400)
    parser.add_argument("--out", type=pathlib.Path, help="the ranked list (else standard output)")
    parser.add_argument("--repos-out", type=pathlib.Path, help="the repositories counted, one a line")
    arguments = parser.parse_args()

    counted, (w_uses, w_repos), (o_uses, o_repos) = count(arguments.git_dirs)
    rows = [(name, "widget", len(w_repos[name]), w_uses[name]) for name in ranked(w_uses, w_repos)]
    seen = {row[0] for row in rows}
    rows += [(name, "app", len(o_repos[name]), o_uses[name]) for name in ranked(o_uses, o_repos) if name not in seen]
    rows = rows[:arguments.top]

    header = [
        "# The SF Symbols names public widget code uses most, ranked: generated by",
        "# scripts/count-sf-symbols.py over the repositories in repositories.txt beside it (their HEAD",
        "# trees). Regenerate rather than edit. Columns: name, where counted (widget: an extension's",
        "# folder; app: the rest of the same repositories, filling the list), repositories, uses.",
    ]
    lines = header + [f"{name}\t{scope}\t{repos}\t{uses}" for name, scope, repos, uses in rows]
    text = "\n".join(lines) + "\n"
    if arguments.out:
        arguments.out.write_text(text)
    else:
        sys.stdout.write(text)
    if arguments.repos_out:
        names = sorted(repo_name(git_dir) for git_dir in counted)
        arguments.repos_out.write_text(
            "# The public repositories scripts/count-sf-symbols.py counted (owner/name), HEAD of each.\n"
            + "\n".join(names) + "\n"
        )
    widget_count = sum(1 for row in rows if row[1] == "widget")
    print(f"{len(counted)} repositories; {widget_count} names from widget code, {len(rows) - widget_count} from apps", file=sys.stderr)


def repo_name(git_dir):
    """owner/name from a mirror folder named owner+name (…/owner+name/repo[/.git]), else the folder."""
    for part in reversed(git_dir.resolve().parts):
        if "+" in part:
            return part.replace("+", "/", 1)
    return git_dir.resolve().name


if __name__ == "__main__":
    main()
