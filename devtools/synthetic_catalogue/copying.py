"""Writing the synthetic catalogue's largest tables with PostgreSQL's COPY (much faster than
`bulk_create`), and its search indexes after. Nothing the site runs writes this way."""

from django.db import connection


def copy_rows(model, rows) -> int:
    """COPY `rows` (dicts by attribute name, each with its primary key) into `model`'s table;
    a column a row leaves out gets its field's default. The sequence continues after them."""
    fields = [field for field in model._meta.concrete_fields if not field.generated]
    defaults = [field.get_db_prep_save(field.get_default(), connection) for field in fields]
    missing = object()
    quote = connection.ops.quote_name
    table, key = model._meta.db_table, model._meta.pk.column
    columns = ", ".join(quote(field.column) for field in fields)
    count = 0
    with connection.cursor() as cursor:
        with cursor.cursor.copy(f"COPY {quote(table)} ({columns}) FROM STDIN") as copy:
            for row in rows:
                values = []
                for field, default in zip(fields, defaults, strict=True):
                    value = row.get(field.attname, missing)
                    if value is not missing:
                        value = field.get_db_prep_save(value, connection)
                    values.append(default if value is missing else value)
                copy.write_row(values)
                count += 1
        cursor.execute(
            f"SELECT setval(pg_get_serial_sequence(%s, %s), MAX({quote(key)})) FROM {quote(table)}",
            [table, key],
        )
    return count


def next_key(model) -> int:
    """The first primary key after those `model`'s table holds."""
    from django.db.models import Max

    return (model.objects.aggregate(top=Max("pk"))["top"] or 0) + 1


def search_indexes():
    """The site search's GIN indexes, with their models."""
    from catalogue.models import Passage
    from guides.models import GuidePage
    from rulings.models import Ruling

    return [
        (model, index)
        for model in (Passage, Ruling, GuidePage)
        for index in model._meta.indexes
        if index.name.endswith(tuple(f"_search_{code}" for code in ("en", "es")))
    ]


def drop_search_indexes():
    with connection.schema_editor() as editor:
        for model, index in search_indexes():
            editor.remove_index(model, index)


def build_search_indexes():
    # Foreign keys are checked at commit; inside a caller's transaction (a test's) check
    # them now, as PostgreSQL will not index a table with checks still pending.
    connection.check_constraints()
    with connection.schema_editor() as editor:
        for model, index in search_indexes():
            editor.add_index(model, index)
