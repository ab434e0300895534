#!/bin/sh
# What the image runs at build time, from the directory holding the project (/app in the image).
# It needs no secret and no database: DEBUG=0 with no SECRET_KEY set, as in the Dockerfile.
set -eu
# Installed in place (editable): the code, templates and static files are read from this directory.
python -m pip install -e .
# Hashed, compressed copies under STATIC_ROOT, served by whitenoise from the web process.
python manage.py collectstatic --noinput
