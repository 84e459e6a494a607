"""The form renderer of the site (``FORM_RENDERER``): Django's widget templates drawn by
Jinja2, the project's own field templates by the site's Django templates."""

from django.forms.renderers import Jinja2, TemplatesSetting
from django.template import TemplateDoesNotExist


class ClubFormRenderer(Jinja2):
    """Django's own form and widget templates, drawn by Jinja2 (Django ships each of them for
    both engines: ``django/forms/jinja2``); a template Jinja2 does not find (the project's
    field templates, ``scoring/_option_*.html``) is the site's (``TEMPLATES``).

    A table's entry page draws about twenty-five widgets, each two or three templates: by
    Django's template engine they were two thirds of the page's time."""

    fallback = TemplatesSetting()

    def get_template(self, template_name):
        try:
            return super().get_template(template_name)
        except TemplateDoesNotExist:
            return self.fallback.get_template(template_name)
