"""URL routes."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("", include("notifications.urls")),
    path("", include("notifications.inbound_urls")),
    path("", include("games.urls")),
]
