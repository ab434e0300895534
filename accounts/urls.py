"""URL routes of accounts (allauth's own pages live under /accounts/)."""

from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("vacation/", views.vacation, name="vacation"),
    path("vacation/end/", views.vacation_end, name="vacation_end"),
]
