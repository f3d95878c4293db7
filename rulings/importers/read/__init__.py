"""Reading export files: pure Python, no database. ``files.parse_file`` is the way in."""
