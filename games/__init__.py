"""Games: the event store, the one write path (services), and the web pages for play and replay."""
