"""The book's figures, one module per chapter (chNN.py) over a shared SVG writer (svg.py); book/tools/figures.py
writes and checks them."""
