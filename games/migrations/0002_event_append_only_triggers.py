"""Database triggers that refuse UPDATE and DELETE on games_event.

PostgreSQL: a trigger function raises unless the session set
``ravenpost.allow_event_purge`` (only the test suite's flush does; TRUNCATE,
which Django's flush uses there, fires no row trigger anyway).
SQLite: triggers call ``ravenpost_event_purge_allowed()``, a function every
connection registers (see games.db); it answers 0 except inside the test
suite's flush.
"""

from django.db import migrations

PG_CREATE = """
CREATE OR REPLACE FUNCTION games_event_refuse_change() RETURNS trigger AS $$
BEGIN
    IF current_setting('ravenpost.allow_event_purge', true) = 'on' AND TG_OP = 'DELETE' THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION USING
        MESSAGE = 'games_event is append-only: ' || TG_OP || ' refused',
        ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_event_append_only
    BEFORE UPDATE OR DELETE ON games_event
    FOR EACH ROW EXECUTE FUNCTION games_event_refuse_change();
"""
PG_DROP = """
DROP TRIGGER IF EXISTS games_event_append_only ON games_event;
DROP FUNCTION IF EXISTS games_event_refuse_change();
"""
SQLITE_CREATE = [
    """CREATE TRIGGER games_event_no_update BEFORE UPDATE ON games_event
       BEGIN SELECT RAISE(ABORT, 'games_event is append-only: UPDATE refused'); END;""",
    """CREATE TRIGGER games_event_no_delete BEFORE DELETE ON games_event
       WHEN ravenpost_event_purge_allowed() = 0
       BEGIN SELECT RAISE(ABORT, 'games_event is append-only: DELETE refused'); END;""",
]
SQLITE_DROP = [
    "DROP TRIGGER IF EXISTS games_event_no_update;",
    "DROP TRIGGER IF EXISTS games_event_no_delete;",
]


def create(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_CREATE)
    elif vendor == "sqlite":
        for statement in SQLITE_CREATE:
            schema_editor.execute(statement)


def drop(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_DROP)
    elif vendor == "sqlite":
        for statement in SQLITE_DROP:
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]
    operations = [migrations.RunPython(create, drop)]
