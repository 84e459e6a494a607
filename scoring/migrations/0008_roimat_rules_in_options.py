"""Roimat's rules move from four columns of ``Partie`` and ``RemoteTable`` (variant,
rounding, fault_counting, target) into their ``options``, as every other game's: a Roimat
partie's or table's options become ``{"variant": …, "rounding": …, "fault_counting": …,
"target": …}``; the columns are then dropped. Backwards, the columns are filled again from
the options (their defaults where an option is missing) and the options emptied."""

from django.db import migrations

#: The columns, with their defaults (``scoring.roimat.rules.RuleSet``'s).
COLUMNS = {"variant": "club-8", "rounding": False, "fault_counting": "player", "target": 1000}


def into_options(apps, schema_editor):
    for name in ("Partie", "RemoteTable"):
        model = apps.get_model("scoring", name)
        rows = list(model.objects.filter(game="roimat"))
        for row in rows:
            row.options = {column: getattr(row, column) for column in COLUMNS}
        model.objects.bulk_update(rows, ["options"], batch_size=500)


def into_columns(apps, schema_editor):
    for name in ("Partie", "RemoteTable"):
        model = apps.get_model("scoring", name)
        rows = list(model.objects.filter(game="roimat"))
        for row in rows:
            options = row.options or {}
            for column, default in COLUMNS.items():
                setattr(row, column, options.get(column, default))
            row.options = {}
        model.objects.bulk_update(rows, [*COLUMNS, "options"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0007_remote_tables_of_every_game"),
    ]

    operations = [
        migrations.RunPython(into_options, into_columns),
        *(
            migrations.RemoveField(model_name=model, name=column)
            for model in ("partie", "remotetable")
            for column in COLUMNS
        ),
    ]
