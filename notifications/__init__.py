"""Mail out (the outbox and its sender, the dev mailbox) and, later, mail in."""
