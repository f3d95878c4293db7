"""The request's CSP nonce on the Wagtail admin's own inline initialiser scripts.

The policy (CONTENT_SECURITY_POLICY in settings/base.py) allows no inline script without
the response's nonce. Reader pages have none. The Wagtail admin still writes a few,
each one call that starts a widget with literal data: `initDateChooser("id", {...});`,
`new SnippetChooser("id", {...});`, an InlinePanel started from a JSON string, and
wagtail-modeltranslation's language settings. Their text varies per field, so a fixed
hash cannot allow them, and the widgets that write them never see the request.

So the admin's HTML is read once on its way out and the nonce is given to exactly those
scripts: a script qualifies only if its whole text is one such call whose arguments parse
as JSON literals (or, for the language settings, is that hook's exact output). Anything
else, such as a script that found its way into content, gets no nonce and is blocked.

Draftail, the rich-text editor, also writes <style> elements from script with random
block keys in them; site/static/admin/rulesage-csp.js, put first in the admin's <head>
with the nonce beside it, gives the nonce to style elements that scripts create.
"""

import json
import re

from django.templatetags.static import static
from django.urls import reverse
from django.utils.functional import cached_property

# One inline <script> without attributes, as Wagtail writes them (with attributes, e.g.
# type="application/json" data, a script is not run and needs no nonce).
INLINE_SCRIPT = re.compile(r"<script>(?P<body>.*?)</script>", re.S)

# Widget and panel initialisers: the function, then its arguments as written.
INITIALISER_CALL = re.compile(
    r"\s*(?:new\s+(?:SnippetChooser|PageChooser|DocumentChooser|ImageChooser|TaskChooser)"
    r"|initDateChooser|initTimeChooser|initDateTimeChooser)"
    r"\((?P<args>.*)\);\s*",
    re.S,
)
PANEL_START = re.compile(
    r"\s*\(function\(\)\s*\{\s*var\s+panel\s*=\s*new\s+(?:InlinePanel|MultipleChooserPanel)"
    r"\(JSON\.parse\((?P<args>\"(?:[^\"\\]|\\.)*\")\)\);\s*\}\)\(\);\s*",
    re.S,
)


def _literal_arguments(text):
    """True when `text` is a comma-separated list of JSON literals and nothing else."""
    try:
        json.loads(f"[{text}]")
    except ValueError:
        return False
    return True


class AdminScriptNonces:
    """Gives the request's nonce to the admin's known initialiser scripts.

    Placed after csp.middleware.CSPMiddleware, so the nonce is used (and put in the
    header) only on admin pages that have such a script.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    @cached_property
    def admin_prefix(self):
        return reverse("wagtailadmin_home")

    @cached_property
    def exact_scripts(self):
        """Inline scripts known by their full text: wagtail-modeltranslation's settings.

        Their text depends on the active language, so it is compared per request.
        """
        from wagtail_modeltranslation.wagtail_hooks import translation_settings

        return translation_settings

    def __call__(self, request):
        response = self.get_response(request)
        if (
            request.path.startswith(self.admin_prefix)
            and not response.streaming
            and response.get("Content-Type", "").startswith("text/html")
            and b"<head>" in response.content
        ):
            response.content = self.add_nonces(response.content.decode(response.charset), request)
            # CommonMiddleware, further in, has already counted the unchanged body.
            if response.has_header("Content-Length"):
                response["Content-Length"] = str(len(response.content))
        return response

    def allowed(self, body, known):
        match = INITIALISER_CALL.fullmatch(body) or PANEL_START.fullmatch(body)
        if match:
            return _literal_arguments(match["args"])
        return body in known

    def add_nonces(self, html, request):
        known = {INLINE_SCRIPT.search(self.exact_scripts())["body"]}

        def replace(match):
            if not self.allowed(match["body"], known):
                return match[0]
            return f'<script nonce="{request.csp_nonce}">{match["body"]}</script>'

        html = INLINE_SCRIPT.sub(replace, html)
        # First in <head>, before any script that could create a style element.
        return html.replace(
            "<head>",
            f'<head><meta name="rulesage-csp-nonce" content="{request.csp_nonce}">'
            f'<script src="{static("admin/rulesage-csp.js")}"></script>',
            1,
        )
