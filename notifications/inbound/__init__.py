"""The inbound pipeline: every entry point (webhook, MTA pipe, SMTP listener, dev mailbox) ends here.

By stage: :mod:`~notifications.inbound.reception` (store once, queue),
:mod:`~notifications.inbound.trust` (whose address, whose sender),
:mod:`~notifications.inbound.run` (the worker: commands through ``games.services``)
and :mod:`~notifications.inbound.answer` (the reply to the player).
"""

from notifications.inbound.reception import Received, max_message_bytes, queue, receive
from notifications.inbound.run import process, process_stale

__all__ = ["Received", "max_message_bytes", "process", "process_stale", "queue", "receive"]
