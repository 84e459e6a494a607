"""Forms of the players' pages."""

from django import forms

from .models import Player


class PlayerForm(forms.ModelForm):
    """A new player of the club: the name written on the sheets and an email address."""

    class Meta:
        model = Player
        fields = ["name", "email"]
