"""Reading one key press in a terminal (arrows included), or one line where there is no terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable

ARROWS = {"\x1b[A": "up", "\x1b[B": "down", "\x1b[C": "right", "\x1b[D": "left"}


def read_key(prompt: str = "") -> str:
    """One key: a letter, "enter", "left"/"right"/"up"/"down", or "q" at the end of input.

    In a terminal the key acts at once; otherwise (a pipe, a test) a line is read and its first
    word counts, so scripts can drive the same commands."""
    if prompt:
        sys.stdout.write(prompt)
        sys.stdout.flush()
    if not sys.stdin.isatty():
        line = sys.stdin.readline()
        if not line:
            return "q"
        return line_key(line)
    import termios
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        ch = sys.stdin.read(1)
        if ch == "\x1b":
            ch += sys.stdin.read(2)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
    sys.stdout.write("\n")
    return line_key(ch)


def line_key(text: str) -> str:
    """The key a typed line stands for: arrows as escape codes or words, Enter, or a letter."""
    text = text.strip("\r\n")
    for code, name in ARROWS.items():
        if text.startswith(code):
            return name
    word = text.strip().lower()
    if not word or text in ("\r", "\n"):
        return "enter"
    return word


KeyReader = Callable[[str], str]
