"""A Roimat tournament's rules move from its columns (variant, rounding) into its
``game_options``, as every other game's; the columns are then dropped. Backwards, the columns
are filled again from the options (their defaults where one is missing)."""

from django.db import migrations

#: The columns, with their defaults.
COLUMNS = {"variant": "club-8", "rounding": False}


def into_options(apps, schema_editor):
    model = apps.get_model("tournaments", "Tournament")
    rows = list(model.objects.filter(game="roimat"))
    for row in rows:
        row.game_options = {**(row.game_options or {}), **{c: getattr(row, c) for c in COLUMNS}}
    model.objects.bulk_update(rows, ["game_options"], batch_size=500)


def into_columns(apps, schema_editor):
    model = apps.get_model("tournaments", "Tournament")
    rows = list(model.objects.filter(game="roimat"))
    for row in rows:
        options = dict(row.game_options or {})
        for column, default in COLUMNS.items():
            setattr(row, column, options.pop(column, default))
        row.game_options = options
    model.objects.bulk_update(rows, [*COLUMNS, "game_options"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0006_closing_moves_to_partie"),
    ]

    operations = [
        migrations.RunPython(into_options, into_columns),
        *(migrations.RemoveField(model_name="tournament", name=column) for column in COLUMNS),
    ]
