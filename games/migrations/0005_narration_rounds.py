"""Stored narrations learn the round of their move (the log and the replay group a game's story by it)."""

from django.db import migrations


def add_rounds(apps, schema_editor):
    """Each recorded game's narrations are rebuilt by one replay, which now writes each move's round."""
    from games.narration import renarrate_recorded

    renarrate_recorded(apps.get_model("games", "Event"), apps.get_model("games", "Narration"))


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0004_narration'),
    ]

    operations = [
        migrations.RunPython(add_rounds, migrations.RunPython.noop),
    ]
