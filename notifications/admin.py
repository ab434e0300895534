"""Admin pages an operator needs for mail delivery: which addresses stopped receiving, and every report."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from notifications import delivery
from notifications.models import AddressHealth, DeliveryReport


@admin.register(AddressHealth)
class AddressHealthAdmin(admin.ModelAdmin):
    list_display = ("address", "receiving", "reason", "stopped_at", "soft_bounces", "soft_bounces_total")
    list_filter = ("receiving", "reason")
    search_fields = ("address",)
    readonly_fields = ("episode", "stopped_at", "updated_at")
    actions = ["restart_mail"]

    @admin.action(description="Mail these addresses again (the owner fixed them)")
    def restart_mail(self, request: HttpRequest, queryset: QuerySet[AddressHealth]) -> None:
        restarted = sum(delivery.confirm(health.address) for health in queryset)
        self.message_user(request, f"{restarted} address(es) receive mail again.")


@admin.register(DeliveryReport)
class DeliveryReportAdmin(admin.ModelAdmin):
    list_display = ("received_at", "address", "kind", "source", "detail")
    list_filter = ("kind", "source")
    search_fields = ("address", "key")

    def has_change_permission(self, request: HttpRequest, obj: DeliveryReport | None = None) -> bool:
        return False  # reports are a record of what the mail system said
