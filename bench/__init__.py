"""Benchmarks: each prints JSON lines {"bench": NAME, "value": X, "unit": U}. Not tests."""
