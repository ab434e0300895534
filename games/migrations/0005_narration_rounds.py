"""Stored narrations learn the round of their move (the log and the replay group a game's story by it)."""

from django.db import migrations


def add_rounds(apps, schema_editor):
    """Each recorded game's narrations are rebuilt by one replay, which now writes each move's round."""
    from games.narration import replay_narrated

    Event = apps.get_model("games", "Event")
    Narration = apps.get_model("games", "Narration")
    for game_id in Event.objects.filter(kind="game_created").values_list("game_id", flat=True).iterator():
        records = [{"seq": seq, "kind": kind, "seat": seat, "payload": payload}
                   for seq, kind, seat, payload in Event.objects.filter(game_id=game_id).order_by("seq")
                   .values_list("seq", "kind", "seat", "payload")]
        _, narrations = replay_narrated(records)
        Narration.objects.filter(game_id=game_id).delete()
        Narration.objects.bulk_create([Narration(game_id=game_id, seq=seq, texts=texts)
                                       for seq, texts in narrations])


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0004_narration'),
    ]

    operations = [
        migrations.RunPython(add_rounds, migrations.RunPython.noop),
    ]
