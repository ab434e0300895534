"""Django's PostgreSQL backend, waiting out a database restart (see :mod:`config.db.postgresql.base`)."""
