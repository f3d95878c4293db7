"""PostgreSQL for the tests, emptied by DELETE rather than TRUNCATE.

A test against the live server commits what it writes, so Django empties every table
after it (and `tests/conftest.py` before loading the demo again). TRUNCATE makes new files
for each table and index, seconds each time here; deleting the few hundred rows a test
leaves takes a hundredth of that (docs/decisions/test-database-emptying.md).
"""

from django.db.backends.postgresql import base, operations


class DatabaseOperations(operations.DatabaseOperations):
    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if not tables or reset_sequences:  # restarting sequences is TRUNCATE's own job
            return super().sql_flush(
                style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        # Every foreign key Django makes is deferrable: checked at commit, when all are gone.
        delete = f"{style.SQL_KEYWORD('DELETE')} {style.SQL_KEYWORD('FROM')}"
        return [
            "SET CONSTRAINTS ALL DEFERRED;",
            *(f"{delete} {style.SQL_FIELD(self.quote_name(table))};" for table in tables),
        ]


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
