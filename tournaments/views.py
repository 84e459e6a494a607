"""Players' pages."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from .forms import PlayerForm


@login_required
def player_create(request):
    """Add a player, then go back where the user came from (``?next=``)."""
    form = PlayerForm(request.POST or None)
    target = request.GET.get("next", "")
    if request.method == "POST" and form.is_valid():
        player = form.save()
        messages.success(request, _("Player %(name)s added.") % {"name": player.name})
        if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
            return redirect(target)
        return redirect("scoring:partie_list")
    return render(request, "tournaments/player_form.html", {"form": form})
