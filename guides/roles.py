"""The editorial roles, as Django groups (created by a data migration in `rulesage`).

Editors write and publish; Translators edit the translated fields of pages and submit them
to Editors for approval through Wagtail's workflow.
"""

EDITORS = "Editors"
TRANSLATORS = "Translators"


def edits_translations_only(user):
    """True for a user whose only role is Translators: English text is not theirs to change."""
    if user is None or not user.is_authenticated or user.is_superuser:
        return False
    return set(user.groups.values_list("name", flat=True)) == {TRANSLATORS}
