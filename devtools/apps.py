"""Development tooling: the demo and the synthetic benchmark catalogue, and their loaders.

Installed by the development and test settings (and the benchmarks), never by production:
a served site has no use for invented games, and `load_demo` there would write them into
real content.
"""

from django.apps import AppConfig


class DevtoolsConfig(AppConfig):
    name = "devtools"
    verbose_name = "Development tools"
