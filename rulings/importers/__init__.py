"""Importing rulings exported by the legacy rules Q&A system (docs/import-format.md).
Reading, pure Python: ``files`` reads and checks one file, ``text_export`` and
``text_provenance`` or ``json_export`` parse it into ``parsed.ParsedRuling``. Writing:
``store`` stores each file in one transaction, ``identity`` finds the ruling it is and
``catalogue`` its editions, documents and passages."""
