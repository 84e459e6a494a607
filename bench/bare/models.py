"""The bare site's one model."""

from django.db import models


class Row(models.Model):
    """What a bare form posts: a number and a short text."""

    number = models.IntegerField()
    text = models.CharField(max_length=80)

    def __str__(self) -> str:
        return f"{self.number}: {self.text}"
