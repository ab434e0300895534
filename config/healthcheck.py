"""``python -m config.healthcheck``: exit 0 when the web process serves the lobby, 1 otherwise.

For container healthchecks (deploy/compose.yaml). The request is made as nginx
makes it (the site's host name, ``X-Forwarded-Proto: https``), so it passes the
host check and the https redirect; the lobby needs the database, the templates
and the collected static files, so a missing ``collectstatic`` or migration
shows up as unhealthy rather than as a player's 500.
"""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request


def main() -> int:
    url = os.environ.get("HEALTHCHECK_URL", "http://127.0.0.1:8000/")
    hosts = [h.strip().lstrip(".") for h in os.environ.get("ALLOWED_HOSTS", "localhost").split(",") if h.strip()]
    host = next((h for h in hosts if h != "*"), "localhost")
    request = urllib.request.Request(url, headers={"Host": host, "X-Forwarded-Proto": "https"})
    try:
        with urllib.request.urlopen(request, timeout=float(os.environ.get("HEALTHCHECK_TIMEOUT", "5"))) as response:
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    except OSError as error:
        print(f"unhealthy: {error}", file=sys.stderr)
        return 1
    if status != 200:
        print(f"unhealthy: {url} answered {status}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
