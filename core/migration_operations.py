"""Migration operations the apps share."""

import copy

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
    """AddIndex for an index only PostgreSQL can build (GIN over a text-search vector, or
    a column ordered NULLS LAST).

    The model state records the index everywhere, so `makemigrations --check` stays
    quiet; on SQLite (`make run`) nothing is built, and the site search there takes
    Wagtail's database fallback, which needs no index.
    """


class RemovePostgresIndex(PostgresOnly, migrations.RemoveIndex):
    """RemoveIndex for an index AddPostgresIndex built: on SQLite there is none to drop."""


class AddGeneratedField(migrations.AddField):
    """AddField for a stored generated column (`GeneratedField(db_persist=True, null=True)`).

    SQLite (`make run`) cannot add a stored column to a table, and Django would rebuild the
    whole table instead, recreating every index of the model state, the PostgreSQL-only
    ones (AddPostgresIndex) among them, which SQLite cannot build. There the column is
    added as a virtual one, which SQLite computes as it reads: the same values.
    """

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor != "sqlite":
            return super().database_forwards(app_label, schema_editor, from_state, to_state)
        model = to_state.apps.get_model(app_label, self.model_name)
        field = copy.copy(model._meta.get_field(self.name))
        field.db_persist = False
        schema_editor.add_field(model, field)
