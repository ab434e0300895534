"""Database backends: Django's own with the few changes a deployment needs (``ENGINE = "config.db.<vendor>"``)."""
