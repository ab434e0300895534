"""URL routes of notifications: the dev mailbox (when settings.DEV_MAILBOX)."""

from django.urls import path

from notifications import views

app_name = "notifications"

urlpatterns = [
    path("dev/mailbox/", views.mailbox, name="mailbox"),
    path("dev/mailbox/<int:mail_id>/", views.mail_detail, name="mail"),
]
