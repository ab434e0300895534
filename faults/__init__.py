"""The fault run (``make faults``): the production topology on loopback, played while it is broken on purpose.

:mod:`faults.services` starts and stops the pieces (PostgreSQL, Redis, an SMTP
sink standing in for the ESP, gunicorn, Celery workers and beat) and is shared
with the integration tests; :mod:`faults.run` drives moves through them,
injects the faults at known times and prints one table (docs/operators/faults.md).
"""
