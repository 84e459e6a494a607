"""The bare site's pages (``bench/bare/settings.py``): ``/post/`` and ``/page/``."""

from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect
from django.template import Context, Engine
from django.urls import path

from bare.models import Row

#: The rows ``/page/`` lists.
ROWS = 50
PAGE = Engine().from_string(
    "<!doctype html><title>Rows</title><table>{% for row in rows %}"
    "<tr><td>{{ row.number }}</td><td>{{ row.text }}</td></tr>{% endfor %}</table>"
)


def fill() -> None:
    """Make the rows ``/page/`` lists, once."""
    if not Row.objects.filter(text__startswith="row ").exists():
        Row.objects.bulk_create(Row(number=n, text=f"row {n}") for n in range(ROWS))


def page(request):
    """One query of ``ROWS`` rows, drawn by a template: what a page of a site costs at least."""
    rows = Row.objects.filter(text__startswith="row ").order_by("number")[:ROWS]
    return HttpResponse(PAGE.render(Context({"rows": rows})))


def post(request):
    """GET: a form with its CSRF token. POST: insert one row, then to the page (302)."""
    if request.method == "POST":
        Row.objects.create(
            number=int(request.POST.get("number", "0") or 0), text=request.POST.get("text", "")
        )
        return redirect(request.path)
    token = get_token(request)
    return HttpResponse(
        '<form method="post"><input type="hidden" name="csrfmiddlewaretoken" '
        f'value="{token}"><input name="number"><input name="text"></form>'
    )


urlpatterns = [path("post/", post), path("page/", page)]
