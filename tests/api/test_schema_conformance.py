"""Every operation of the API, fuzzed by Schemathesis from the schema the live server gives,
on the demo: no answer is a 5xx, and each status, content type and body is the schema's."""

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.browser.conftest import demo_site  # noqa: F401 (the demo behind the live server)

# A handful of cases per operation: the whole run stays well under a minute.
EXAMPLES_PER_OPERATION = 6
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_every_operation_answers_as_its_schema_says(demo_site):  # noqa: F811
    schema = schemathesis.openapi.from_url(f"{demo_site.url}/api/v1/schema/")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) == 13  # the root and a list and an item of each of six kinds
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES_PER_OPERATION,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
        def answers_as_described(case):
            case.call_and_validate(base_url=demo_site.url, checks=CHECKS)

        answers_as_described()
