"""PostgreSQL: compress a game's large JSON values (the projection's state) with lz4 instead of pglz.

A state past about 2 kB is compressed on every move's UPDATE; pglz was the largest
single cost of the statement inside PostgreSQL. lz4 compresses several times faster.
A server built without lz4 keeps pglz (the migration changes nothing there).
"""

from django.db import DatabaseError, migrations, transaction


def use_lz4(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    try:
        with transaction.atomic(using=schema_editor.connection.alias):
            schema_editor.execute("ALTER TABLE games_projection ALTER COLUMN state SET COMPRESSION lz4")
    except DatabaseError:
        pass  # no lz4 in this server: pglz stays


def use_default(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE games_projection ALTER COLUMN state SET COMPRESSION DEFAULT")


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0006_event_game_no_second_index"),
    ]

    operations = [migrations.RunPython(use_lz4, use_default)]
