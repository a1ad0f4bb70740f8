"""The repository as a whole: what every tracked text file must never hold."""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# a merge left unresolved: git's own markers at the start of a line
MARKER = re.compile(r"^(<{7} |={7}$|>{7} )", re.MULTILINE)
TEXT = (".py", ".md", ".txt", ".yaml", ".yml", ".toml", ".html", ".css", ".js", ".cfg", ".sh")


def tracked_text_files() -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split("\n")
    return [ROOT / name for name in out if name.endswith(TEXT) or name == "Makefile"]


class TestNoMergeMarkers:
    def test_no_tracked_file_holds_an_unresolved_merge(self) -> None:
        files = tracked_text_files()
        assert files, "git ls-files listed nothing"
        found = []
        for path in files:
            if not path.exists():
                continue  # deleted in the working tree, not yet committed
            text = path.read_text(encoding="utf-8", errors="replace")
            for match in MARKER.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}")
        assert not found, "unresolved merge markers at " + ", ".join(found)

    def test_the_check_sees_a_marker(self) -> None:
        assert MARKER.search("a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> main\n")
        assert not MARKER.search("a heading\n=======  \nnot a marker <<<<<<< here\n")


LONG = 600
REASON = "# Over 600 lines: "


class TestFileSize:
    def test_a_source_file_over_600_lines_says_why_at_its_top(self) -> None:
        unexplained = []
        for path in tracked_text_files():
            if path.suffix != ".py" or not path.exists():
                continue
            if "src" not in path.relative_to(ROOT).parts[:1]:
                continue
            lines = path.read_text(encoding="utf-8").split("\n")
            if len(lines) > LONG and not lines[0].startswith(REASON):
                unexplained.append(f"{path.relative_to(ROOT)} ({len(lines)} lines)")
        assert not unexplained, "over 600 lines with no reason at the top: " + ", ".join(
            unexplained
        )


class TestFunctionSize:
    def test_no_function_in_src_passes_80_lines(self) -> None:
        long = []
        for path in sorted((ROOT / "src").rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    size = (node.end_lineno or node.lineno) - node.lineno + 1
                    if size > 80:
                        long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({size})")
        assert not long, "functions over 80 lines: " + ", ".join(long)
