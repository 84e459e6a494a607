"""The WebSocket addresses of ``tournaments`` (served by ``clubsite.asgi``)."""

from django.urls import path

from tournaments.consumers import TablePageConsumer

websocket_urlpatterns = [
    path("ws/t/<str:code>/", TablePageConsumer.as_asgi()),
]
