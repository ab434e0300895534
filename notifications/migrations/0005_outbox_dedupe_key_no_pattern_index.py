"""Drop the LIKE-pattern index PostgreSQL gets for the unique ``dedupe_key``: no query matches the key by
pattern, and every queued mail paid an insert into it. The unique index stays.

Django drops such an index with ``IF EXISTS`` when it alters the field, so a
later change of the field still migrates.
"""

from django.db import migrations

INDEX = "notifications_outboxmessage_dedupe_key_fafab016_like"


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f'DROP INDEX IF EXISTS "{INDEX}"')


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f'CREATE INDEX IF NOT EXISTS "{INDEX}" ON notifications_outboxmessage '
                              "(dedupe_key varchar_pattern_ops)")


class Migration(migrations.Migration):

    dependencies = [
        ("notifications", "0004_mail_settings_and_delivery"),
    ]

    operations = [migrations.RunPython(drop, create)]
