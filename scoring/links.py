"""The addresses the players' phones open (a table's page, a remote table's invitation) and
their QR codes, for the club evening's tables and the remote tables alike."""

from __future__ import annotations

import segno
from django.conf import settings


def public_url(request, path: str) -> str:
    """The address of ``path`` that the players' phones reach: under the ``SITE_URL`` setting
    when set (the club's public address, or the laptop's on the room's network), else under
    the address this request came to."""
    if settings.SITE_URL:
        return settings.SITE_URL.rstrip("/") + path
    return request.build_absolute_uri(path)


def qr_svg(url: str, scale: int = 2) -> str:
    """The QR code of ``url`` as an inline ``<svg>`` element (segno), ``scale`` px a module,
    to scan from a screen or from paper."""
    return segno.make(url).svg_inline(scale=scale)
