"""Admin for users."""

from django.contrib import admin

from accounts.models import User


@admin.register(User)
class UserAdmin(admin.ModelAdmin):
    list_display = ("email", "display_name", "time_zone", "is_staff", "date_joined")
    search_fields = ("email", "display_name")
