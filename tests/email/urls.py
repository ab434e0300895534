"""The project's URLs plus the inbound ones, as the lead's config/urls.py will have them."""

from django.urls import include, path

from config.urls import urlpatterns as project_urls

urlpatterns = [path("", include("notifications.inbound_urls")), *project_urls]
