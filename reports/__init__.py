"""Plotly figures and self-contained HTML report pages."""
