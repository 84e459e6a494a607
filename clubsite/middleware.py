"""The site speaks the club's language (``LANGUAGE_CODE``, French) unless a visitor chose another
with the language menu; the browser's own language is not followed, so that every phone of a
club evening shows the same words as the paper sheet."""

from django.conf import settings
from django.utils import translation


class ClubLanguageMiddleware:
    """Activate the language of the ``django_language`` cookie, else ``LANGUAGE_CODE``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        supported = {code for code, _name in settings.LANGUAGES}
        language = chosen if chosen in supported else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        return response


class OneThreadMiddleware:
    """Last of ``MIDDLEWARE``: does nothing, and runs in the page's thread only (sync), so that
    Django runs the whole chain there under ASGI.

    Django runs each middleware in the mode of the one below it when it can: with an
    async-capable one last (django-axes'), Django's own ran async, each of their methods
    sent back to the page's thread and the answer back to the event loop (``MiddlewareMixin``),
    and the sync-only ones above (the time limit's, WhiteNoise, the language's) sent the
    request to the event loop in between: a dozen switches between threads a request, a
    quarter of a table entry's server time. With this one last, one switch in and one out."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)
