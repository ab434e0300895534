"""Drop the index Django made for games_event.game_id: the unique (game_id, seq) index serves every
lookup by game, and the second index cost an insert on every move.

Only the index goes. The model change alone would make SQLite rebuild the table,
and a rebuilt table loses the append-only triggers of 0002; so the database
step is a plain DROP INDEX on every backend.
"""

import django.db.models.deletion
from django.db import migrations, models

INDEX = "games_event_game_id_afa0391c"


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0005_narration_rounds"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="event",
                    name="game",
                    field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.DO_NOTHING,
                                            related_name="events", to="games.game"),
                ),
            ],
            database_operations=[
                migrations.RunSQL(f'DROP INDEX IF EXISTS "{INDEX}"',
                                  reverse_sql=f'CREATE INDEX IF NOT EXISTS "{INDEX}" ON games_event (game_id)'),
            ],
        ),
    ]
