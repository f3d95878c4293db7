"""Migration operations the apps share."""

from django.db import migrations


class PostgresOnly:
    """Changes the model state everywhere, the database only on PostgreSQL."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_backwards(app_label, schema_editor, from_state, to_state)


class AddPostgresIndex(PostgresOnly, migrations.AddIndex):
    """AddIndex for an index only PostgreSQL can build; the model state records it
    everywhere, so `makemigrations --check` stays quiet."""


class RemovePostgresIndex(PostgresOnly, migrations.RemoveIndex):
    """RemoveIndex for an index AddPostgresIndex built: on SQLite there is none to drop."""
