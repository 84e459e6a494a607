"""The form renderer of the site (``FORM_RENDERER``): Django's widget templates and the entry
form's own (``scoring/jinja2``) drawn by Jinja2, the project's field templates by the site's
Django templates."""

from pathlib import Path

import django.forms
import jinja2
from django.forms.renderers import Jinja2, TemplatesSetting
from django.template import TemplateDoesNotExist
from django.utils.functional import cached_property
from django.utils.translation import gettext, ngettext


def environment(**options) -> jinja2.Environment:
    """The forms' Jinja2 environment (Django's ``OPTIONS["environment"]``): ``_()`` says a
    text in the page's language, by Django's translations (``makemessages`` finds them as in a
    Django template)."""
    env = jinja2.Environment(extensions=["jinja2.ext.i18n"], **options)
    env.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    return env


class ClubFormRenderer(Jinja2):
    """Django's own form and widget templates, drawn by Jinja2 (Django ships each of them for
    both engines: ``django/forms/jinja2``), and the apps' ``jinja2`` templates (the entry
    form's: ``scoring.forms.EntryForm``); a template Jinja2 does not find (the project's
    field templates, ``scoring/_option_*.html``) is the site's (``TEMPLATES``).

    A table's entry page draws about thirty fields: drawn by Django's template engine, the
    fields and their widgets were two thirds of the page's time."""

    fallback = TemplatesSetting()

    @cached_property
    def engine(self):
        """Django's forms engine (``EngineMixin.engine``) on the site's ``environment``."""
        return self.backend(
            {
                "APP_DIRS": True,
                "DIRS": [Path(django.forms.__file__).parent / self.backend.app_dirname],
                "NAME": "djangoforms",
                "OPTIONS": {"environment": "clubsite.forms_renderer.environment"},
            }
        )

    @property
    def reloads_templates(self) -> bool:
        """Whether Jinja2 reads a template again when its file changes (``DEBUG``): what is
        drawn from them is then not kept (``scoring.forms.EntryForm.render``)."""
        return self.engine.env.auto_reload

    def get_template(self, template_name):
        try:
            return super().get_template(template_name)
        except TemplateDoesNotExist:
            return self.fallback.get_template(template_name)
