"""The site's admin (``ClubAdminSite``, the default admin site through ``ClubAdminConfig``):
Django's, whose every model's page answers odd query strings and selections with a message
instead of a server error.

Django's changelist checks the lookups of a query string when it builds its query, but not
the values it only meets when the query is compiled or run: a year beyond any date
(``?date__year=2147483648``), a number beyond 64 bits (``?id__in=18446744073709551616``, which
SQLite cannot bind), and its actions filter the selection (``_selected_action``) without
reading it as ids first (``abc``). Each was a server error on the secretary's lists.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.admin.apps import AdminConfig
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.admin.options import IncorrectLookupParameters
from django.core.exceptions import ValidationError
from django.db import DataError, router, transaction
from django.utils.translation import gettext as _

#: What a filter's value may raise once its query is compiled (a date out of range) or run (a
#: number the database cannot bind or compare).
UNREADABLE_FILTER = (ValueError, OverflowError, DataError)


class ReadableFiltersMixin:
    """A ``ModelAdmin``'s: a filter of the query string the database cannot run sends back to
    the whole list with a message (Django's ``IncorrectLookupParameters``), an action on a
    selection that is not ids of the model does nothing and says so."""

    def get_changelist_instance(self, request):
        """The changelist, built (its lists counted) in a savepoint, so that a filter refused
        by the database leaves the request's transaction usable."""
        try:
            with transaction.atomic(using=router.db_for_read(self.model)):
                return super().get_changelist_instance(request)
        except UNREADABLE_FILTER as error:
            self.message_user(
                request,
                _("This filter cannot be applied (a value out of range): the whole list is shown."),
                messages.WARNING,
            )
            raise IncorrectLookupParameters(error) from error

    def response_action(self, request, queryset):
        """Django's, after each selected item is read as the model's id (its field's
        ``clean``: a number within the column's range)."""
        pk = self.model._meta.pk
        try:
            for value in request.POST.getlist(ACTION_CHECKBOX_NAME):
                pk.clean(value, None)
        except ValidationError:
            self.message_user(
                request,
                _("The selection is not items of this list: nothing done."),
                messages.WARNING,
            )
            return None
        return super().response_action(request, queryset)


class ClubAdminSite(admin.AdminSite):
    """Django's admin site, each model's admin (the site's and the libraries') with
    ``ReadableFiltersMixin``."""

    def register(self, model_or_iterable, admin_class=None, **options):
        """Register as Django does, ``admin_class`` (``ModelAdmin`` when None) with
        ``ReadableFiltersMixin``."""
        base = admin_class or admin.ModelAdmin
        if not issubclass(base, ReadableFiltersMixin):
            base = type(
                base.__name__, (ReadableFiltersMixin, base), {"__module__": base.__module__}
            )
        return super().register(model_or_iterable, base, **options)


class ClubAdminConfig(AdminConfig):
    """``django.contrib.admin`` with ``ClubAdminSite`` as its default site."""

    default_site = "clubsite.admin.ClubAdminSite"
