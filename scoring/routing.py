"""The WebSocket addresses of ``scoring`` (served by the ASGI application, ``clubsite.asgi``)."""

from django.urls import path

from scoring.consumers import RemoteTableConsumer

websocket_urlpatterns = [
    path("ws/distance/<str:code>/", RemoteTableConsumer.as_asgi()),
]
