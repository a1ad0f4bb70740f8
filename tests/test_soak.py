"""`make soak` in miniature: every part runs and reports clean figures (slow: a real server)."""

from __future__ import annotations

import pytest

from tabletop import soak


@pytest.mark.slow
def test_a_small_soak_reports_no_violation_loss_or_5xx(capsys: pytest.CaptureFixture[str]) -> None:
    code = soak.main(
        [
            "--seed", "3", "--per-mode", "1", "--deep-every", "50", "--workers", "1",
            "--clients", "3", "--client-seconds", "5", "--client-games", "2", "--restarts", "2",
        ]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0, out
    assert "violations 0, lost 0, duplicated 0, 5xx 0" in out
