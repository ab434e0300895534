"""Celery tasks of notifications: sending (``outbound``) and receiving (``inbound``) live apart.

Importing this package registers both (Celery's autodiscovery imports it).
"""

from notifications.tasks import inbound, outbound

__all__ = ["inbound", "outbound"]
