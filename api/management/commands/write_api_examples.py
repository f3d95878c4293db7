"""Write api/examples.json, the schema's examples, from what the API answers on this
database: run it on the demo (`load_demo`) after changing what an endpoint shows."""

import json

from django.core.management.base import BaseCommand
from django.test import Client

from api.views.examples import EXAMPLES_FILE

# The host the examples are written on, in place of the one asked.
EXAMPLE_HOST = "https://rulesage.example"
ASKED_HOST = "http://testserver"
ENDPOINTS = ("games", "editions", "documents", "errata", "rulings", "guides")


def example_values(client=None):
    """{endpoint: {"list": first listed item, "retrieve": that item alone}}."""
    client = client or Client()
    examples = {}
    for endpoint in ENDPOINTS:
        listed = client.get(f"/api/v1/{endpoint}/").json()["results"]
        if not listed:
            continue
        first = listed[0]
        key = first.get("id") or first.get("slug") or first.get("code")
        alone = client.get(f"/api/v1/{endpoint}/{key}/").json()
        examples[endpoint] = {"list": first, "retrieve": alone}
    return json.loads(json.dumps(examples).replace(ASKED_HOST, EXAMPLE_HOST))


class Command(BaseCommand):
    help = "Write the API schema's examples from this database's answers (run on the demo)."

    def handle(self, *args, **options):
        examples = example_values()
        EXAMPLES_FILE.write_text(json.dumps(examples, indent=1, ensure_ascii=False) + "\n")
        self.stdout.write(f"Written {EXAMPLES_FILE.name}: {', '.join(examples)}")
