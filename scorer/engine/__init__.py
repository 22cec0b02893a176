"""The rules engine: pure Python, no web framework; catalog, city model, scoring, trading."""
