"""``studbook.reports`` (this folder is that package). Plotly figures and self-contained HTML report
pages."""
