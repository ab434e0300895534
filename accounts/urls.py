"""URL routes of accounts (allauth's own pages live under /accounts/)."""

from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("profile/tokens/", views.access_token_create, name="token_create"),
    path("profile/tokens/<int:token_id>/revoke/", views.access_token_revoke, name="token_revoke"),
]
