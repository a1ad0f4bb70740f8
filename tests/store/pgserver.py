"""The store tests' throwaway PostgreSQL server: the one ``make soak`` starts too (its module is
in the product, ``tabletop.pgserver``)."""

from __future__ import annotations

from tabletop.pgserver import PgServer, binaries

__all__ = ["PgServer", "binaries"]
