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
