"""URL routes of accounts (allauth's own pages live under /accounts/)."""

from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("profile/", views.profile, name="profile"),
]
