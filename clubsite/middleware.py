"""The site speaks the club's language (``LANGUAGE_CODE``, French) unless a visitor chose another
with the language menu; the browser's own language is not followed, so that every phone of a
club evening shows the same words as the paper sheet."""

from django.conf import settings
from django.core.exceptions import BadRequest
from django.utils import translation

from scoring.jsoninput import unreadable


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


class UnreadableTextMiddleware:
    """Refuse with the 400 page (``BadRequest``, ``clubsite.errors.bad_request``) a request
    whose address, query string or form data holds a NUL character or a lone surrogate
    (``scoring.jsoninput.UNREADABLE``), or whose form data cannot be read (a form in another
    charset than UTF-8): PostgreSQL refuses NUL in any text (a table's code, a filter of the
    admin) with a server error, and no page shows those characters. Placed after the
    language's middleware (the page is in the club's language) and before every one that
    reads the request (the CSRF check)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        texts = [request.path_info]
        for data in (request.GET, request.POST):  # BadRequest for a body it cannot read
            for key, values in data.lists():
                texts.append(key)
                texts.extend(values)
        if any(unreadable(text) for text in texts):
            raise BadRequest("A NUL character or a lone surrogate in the request.")
        return self.get_response(request)
