"""Keep the texts of each mail as it went out, so a reply is read against them without rendering the mail again.

A nullable column without a default: adding it rewrites no row, and rows sent before it are rendered again.
"""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("notifications", "0006_outbox_invitations"),
    ]

    operations = [
        migrations.AddField(
            model_name='outboxmessage',
            name='sent_texts',
            field=models.JSONField(blank=True, null=True),
        ),
    ]
