"""The director's decision for a table unfinished at closing moves to its partie
(``Partie.closing``), so that the partie's own sheet, in ``scoring``, says it."""

from django.db import migrations


def to_partie(apps, schema_editor):
    Table = apps.get_model("tournaments", "Table")
    Partie = apps.get_model("scoring", "Partie")
    for table in Table.objects.exclude(closing=""):
        Partie.objects.filter(pk=table.partie_id).update(closing=table.closing)


def to_table(apps, schema_editor):
    Table = apps.get_model("tournaments", "Table")
    for table in Table.objects.select_related("partie").exclude(partie__closing=""):
        Table.objects.filter(pk=table.pk).update(closing=table.partie.closing)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_sentmessage_claimed_at"),
        ("scoring", "0004_partie_closing"),
    ]

    operations = [
        migrations.RunPython(to_partie, to_table),
        migrations.RemoveField(model_name="table", name="closing"),
    ]
