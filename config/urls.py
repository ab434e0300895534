"""URL routes."""

from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path

from api.urls import api

# The admin signs in through allauth's login page (its rate limits, its email verification) instead of
# Django's own admin login form, which no rate limit covers.
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("", include("notifications.urls")),
    path("", include("notifications.inbound_urls")),
    path("", include("games.urls")),
]
