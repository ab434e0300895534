"""URL routes of notifications: mail settings, unsubscribe, address checks, and the dev mailbox (when on)."""

from django.urls import path

from notifications import settings_views, views

app_name = "notifications"

urlpatterns = [
    path("dev/mailbox/", views.mailbox, name="mailbox"),
    path("dev/mailbox/<int:mail_id>/", views.mail_detail, name="mail"),
    path("profile/mail/", settings_views.mail_settings, name="mail_settings"),
    path("profile/mail/check/", settings_views.request_address_check, name="address_check"),
    path("mail/unsubscribe/<str:token>/", settings_views.unsubscribe, name="unsubscribe"),
    path("mail/confirm-address/<str:token>/", settings_views.confirm_address, name="confirm_address"),
]
