"""The club's players."""

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    """A member or guest of the club, known by the name written on the score sheets."""

    name = models.CharField(_("name"), max_length=80, unique=True)
    email = models.EmailField(_("email"), blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("scoring:partie_list") + f"?player={self.pk}"
