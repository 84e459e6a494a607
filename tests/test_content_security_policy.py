"""The Content-Security-Policy (django-csp): every page is sent with it, and no template holds
what it would block (an inline script, an event handler in the markup, an inline style); the
browser tests run every page they open under it (``tests/browser/conftest.py``)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The site's Django templates, and the apps' Jinja2 ones (the entry form's).
TEMPLATES = sorted([*(ROOT / "templates").rglob("*.html"), *ROOT.glob("*/jinja2/**/*.html")])
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", re.I)
HANDLER = re.compile(r"""\son[a-z]+\s*=\s*["']""", re.I)
STYLE = re.compile(r"""<style\b|\sstyle\s*=\s*["']""", re.I)


@pytest.mark.django_db
def test_every_page_is_sent_with_the_policy(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.name)
def test_no_template_holds_what_the_policy_blocks(path):
    text = path.read_text()
    assert not INLINE_SCRIPT.findall(text), "an inline script"
    assert not HANDLER.findall(text), "an event handler in the markup"
    assert not STYLE.findall(text), "an inline style"
