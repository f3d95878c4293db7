"""Many rows in one statement, written the way the database driver sends fastest.

Django's ``bulk_create`` on PostgreSQL sends each column as one array (``UNNEST``), and
``bulk_update`` as one ``CASE`` per column with a branch per row. With psycopg's
client-side binding, an array of strings is quoted element by element in Python, and a
``CASE`` of a few hundred branches is slow to build and to run (every row is matched
against every branch). An import writes thousands of rows a second, and those two were a
third of its time; here the same rows are sent as plain ``VALUES`` rows, which psycopg
quotes in C and PostgreSQL joins by key, or, where no key is needed back, by ``COPY``.
"""

from __future__ import annotations

from django.db import connection, models

__all__ = ["copy_rows", "insert_as_rows", "update_as_rows"]


def insert_as_rows(objects: list[models.Model], through_field: str) -> None:
    """``bulk_create(objects)``, written as ``VALUES`` rows.

    Django writes rows (not arrays) when a value is an expression, so ``through_field``'s
    values are wrapped in ``Value`` for the insert and put back after it.
    """
    if not objects:
        return
    model = type(objects[0])
    plain = [getattr(obj, through_field) for obj in objects]
    output_field = model._meta.get_field(through_field)
    for obj, value in zip(objects, plain, strict=True):
        setattr(obj, through_field, models.Value(value, output_field=output_field))
    try:
        model.objects.bulk_create(objects)
    finally:
        for obj, value in zip(objects, plain, strict=True):
            setattr(obj, through_field, value)


def copy_rows(objects: list[models.Model]) -> None:
    """Insert rows whose primary keys are not needed back: on PostgreSQL with ``COPY``.

    ``COPY`` takes the values as they are, with none of an ``INSERT``'s per-value SQL
    compiling, which for a run's citations (ten or more a ruling) was most of their cost.
    Elsewhere, ``bulk_create``. The objects' primary keys stay unset.
    """
    if not objects:
        return
    model = type(objects[0])
    if connection.vendor != "postgresql":
        model.objects.bulk_create(objects)
        return
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(field.column) for field in fields)
    statement = f"COPY {quote(model._meta.db_table)} ({columns}) FROM STDIN"
    with connection.cursor() as cursor, cursor.copy(statement) as copy:
        for obj in objects:
            copy.write_row(
                [field.get_db_prep_save(field.pre_save(obj, True), connection) for field in fields]
            )


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
