"""Score sheets out: the paper Table de marque layout, PDF (reportlab), Excel (openpyxl) and the
cumul chart. Plain Python: no Django import, so that commands and tests use them directly."""
