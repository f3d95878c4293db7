"""Development tooling, installed by the development and test settings only: `load_demo`
on a served site would write invented games into real content."""

from django.apps import AppConfig


class DevtoolsConfig(AppConfig):
    name = "devtools"
    verbose_name = "Development tools"
