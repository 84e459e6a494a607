"""A remote seat's presence: when a page of its person was last heard from, and whether the
last one was closed, instead of a counter of open pages (which a crash or a dropped socket
left wrong)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0005_entry_refusal_reason_and_rival"),
    ]

    operations = [
        migrations.RemoveField(model_name="remoteseat", name="connections"),
        migrations.RenameField(model_name="remoteseat", old_name="left_at", new_name="seen_at"),
        migrations.AddField(
            model_name="remoteseat",
            name="closed",
            field=models.BooleanField(default=False),
        ),
    ]
