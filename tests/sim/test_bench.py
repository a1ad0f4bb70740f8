"""The kernel benchmark (tabletop.sim.bench): its figures are measured, not made up."""

from __future__ import annotations

from tabletop.sim.bench import kernel_figures


class TestKernelFigures:
    def test_the_kernel_figures_are_measured(self) -> None:
        figures = kernel_figures(repeat=5)
        assert figures["template_options"] == 10_000
        assert figures["legal_one_action_us_median"] > 0
        assert figures["undo_at_2000_from_snapshot_ms_median"] > 0
