"""Admin pages an operator needs for mail delivery: the outbox, which addresses stopped receiving, every report.

The outbox is read-only here: rows change only through the sender. Its list shows
which mails were sent again after an interrupted send (``maybe_duplicate``: the
recipient may have two copies with one Message-ID, docs/operators/email.md).
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from notifications import delivery
from notifications.models import AddressHealth, DeliveryReport, OutboxMessage


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


@admin.register(OutboxMessage)
class OutboxMessageAdmin(admin.ModelAdmin):
    list_display = ("id", "created_at", "kind", "user", "game", "status", "attempts", "possibly_duplicated", "sent_at")
    list_filter = ("maybe_duplicate", "status", "kind")
    search_fields = ("user__email", "dedupe_key")
    list_select_related = ("user", "game")
    raw_id_fields = ("user", "game")

    @admin.display(boolean=True, description="possibly duplicated")
    def possibly_duplicated(self, row: OutboxMessage) -> bool:
        return row.maybe_duplicate

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: OutboxMessage | None = None) -> bool:
        return False  # the sender owns the rows' states

    def has_delete_permission(self, request: HttpRequest, obj: OutboxMessage | None = None) -> bool:
        return False
