"""Purging a CDN's copies of stale pages by their tags, in a task after the commit."""

import json
from urllib.request import Request, urlopen

from django.conf import settings
from django_tasks import task

CLOUDFLARE_PURGE = "https://api.cloudflare.com/client/v4/zones/{zone}/purge_cache"
TIMEOUT = 10  # seconds
# Cloudflare takes at most this many tags in one purge.
TAGS_PER_REQUEST = 30


def purge_tags(tags):
    if tags and (settings.RULESAGE_PURGE_URL or settings.RULESAGE_CLOUDFLARE_ZONE_ID):
        purge_tags_task.enqueue(sorted(tags))


@task()
def purge_tags_task(tags):
    requests = []
    if settings.RULESAGE_PURGE_URL:
        headers = {"Surrogate-Key": " ".join(tags)}
        requests.append(Request(settings.RULESAGE_PURGE_URL, method="PURGE", headers=headers))
    if settings.RULESAGE_CLOUDFLARE_ZONE_ID:
        address = CLOUDFLARE_PURGE.format(zone=settings.RULESAGE_CLOUDFLARE_ZONE_ID)
        headers = {
            "Authorization": f"Bearer {settings.RULESAGE_CLOUDFLARE_API_TOKEN}",
            "Content-Type": "application/json",
        }
        for start in range(0, len(tags), TAGS_PER_REQUEST):
            body = json.dumps({"tags": tags[start : start + TAGS_PER_REQUEST]}).encode()
            requests.append(Request(address, data=body, method="POST", headers=headers))
    for request in requests:
        with urlopen(request, timeout=TIMEOUT) as response:  # noqa: S310 (the operator's URLs)
            response.read()
