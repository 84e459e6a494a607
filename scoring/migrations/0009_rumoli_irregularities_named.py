"""Rumoli's entry fields are named by the seed's irregularities (issue 23, point 5): in every
Rumoli round stored (``GameRound.entries``, one dict a player) ``irregular`` becomes
``irregularite_2`` and ``wrong_lead`` becomes ``irregularite_1``. Backwards, the names of
before come back. The other games' rounds are left alone."""

from django.db import migrations

#: The names of before and today's (``scoring.games.rumoli.rules.ALIASES``, repeated here:
#: a migration stays as it was written).
NAMES = {"irregular": "irregularite_2", "wrong_lead": "irregularite_1"}


def rename(names):
    def run(apps, schema_editor):
        GameRound = apps.get_model("scoring", "GameRound")
        rows = []
        for row in GameRound.objects.filter(partie__game="rumoli").iterator():
            entries = row.entries
            if not isinstance(entries, list):
                continue
            renamed = [
                {names.get(k, k): v for k, v in e.items()} if isinstance(e, dict) else e
                for e in entries
            ]
            if renamed != entries:
                row.entries = renamed
                rows.append(row)
        GameRound.objects.bulk_update(rows, ["entries"], batch_size=500)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0008_roimat_rules_in_options"),
    ]

    operations = [
        migrations.RunPython(rename(NAMES), rename({v: k for k, v in NAMES.items()})),
    ]
