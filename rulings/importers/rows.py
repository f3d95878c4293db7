"""Many rows in one statement, written the way the database driver sends fastest.

Django's ``bulk_create`` on PostgreSQL sends each column as one array (``UNNEST``), and
``bulk_update`` as one ``CASE`` per column with a branch per row. With psycopg's
client-side binding, an array of strings is quoted element by element in Python, and a
``CASE`` of a few hundred branches is slow to build and to run (every row is matched
against every branch). An import writes thousands of rows a second, and those two were a
third of its time; here rows are inserted by ``COPY`` (their keys drawn from the table's
sequence first where they are needed) and updated from a ``VALUES`` list joined by key.
"""

from __future__ import annotations

from django.db import connection, models

__all__ = ["copy_rows", "update_as_rows"]


def copy_rows(objects: list[models.Model], *, keys: bool = False) -> None:
    """``bulk_create(objects)``: on PostgreSQL with ``COPY``.

    ``COPY`` takes the values as they are, with none of an ``INSERT``'s per-value SQL
    compiling and quoting, which for an import's rows was most of their cost. With
    ``keys``, the objects' primary keys are drawn from the table's own sequence first (one
    query) and written with them, as an ``INSERT … RETURNING`` would have given them;
    without, they stay unset. Elsewhere, ``bulk_create``, which returns keys itself.
    """
    if not objects:
        return
    model = type(objects[0])
    if connection.vendor != "postgresql":
        model.objects.bulk_create(objects)
        return
    meta = model._meta
    quote = connection.ops.quote_name
    if keys:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                [meta.db_table, meta.pk.column, len(objects)],
            )
            for obj, (pk,) in zip(objects, cursor.fetchall(), strict=True):
                obj.pk = pk
    fields = [
        field
        for field in meta.concrete_fields
        if not getattr(field, "generated", False) and (keys or not field.primary_key)
    ]
    columns = ", ".join(quote(field.column) for field in fields)
    statement = f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN"
    with connection.cursor() as cursor, cursor.copy(statement) as copy:
        for obj in objects:
            copy.write_row(
                [field.get_db_prep_save(field.pre_save(obj, True), connection) for field in fields]
            )
    for obj in objects:  # as bulk_create leaves them: stored, in this database
        obj._state.adding = False
        obj._state.db = connection.alias


def update_as_rows(objects: list[models.Model], fields: list[str]) -> None:
    """``bulk_update(objects, fields)``: on PostgreSQL one ``UPDATE … FROM (VALUES …)``."""
    if not objects:
        return
    model = type(objects[0])
    if connection.vendor != "postgresql":
        model.objects.bulk_update(objects, fields)
        return
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    quote = connection.ops.quote_name
    names = ", ".join(quote(field.column) for field in [meta.pk, *columns])
    assignments = ", ".join(
        f"{quote(field.column)} = v.{quote(field.column)}::{field.db_type(connection)}"
        for field in columns
    )
    row = "(" + ", ".join(["%s"] * (len(columns) + 1)) + ")"
    params = []
    for obj in objects:
        params.append(obj.pk)
        params.extend(
            field.get_db_prep_save(getattr(obj, field.attname), connection) for field in columns
        )
    pk = quote(meta.pk.column)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {quote(meta.db_table)} AS t SET {assignments} "
            f"FROM (VALUES {', '.join([row] * len(objects))}) AS v({names}) "
            f"WHERE t.{pk} = v.{pk}::{meta.pk.db_type(connection)}",
            params,
        )
