"""What changed in a guide's English since the version its translation follows.

Built on Wagtail's own revision comparison (the edit handler's comparison classes, as the
page history's "Compare" uses), narrowed to what a translator has to follow: the original's
fields and child rows, not the other languages' text nor the bookkeeping of a publish.
"""

from dataclasses import dataclass

from django.template.loader import render_to_string
from modeltranslation.utils import build_localized_fieldname

from core.translated_fields import SOURCE_LANGUAGE, target_languages
from core.widgets import display_html

from .publishing import PUBLISH_FIELDS


@dataclass(frozen=True)
class FieldChange:
    label: str
    before: str  # HTML of the value at the followed version
    after: str  # HTML of the value now
    diff: str  # Wagtail's inline difference, as HTML


def ignored_fields():
    """Fields whose changes a translator does not follow: those of the publish itself."""
    return set(PUBLISH_FIELDS) | {
        build_localized_fieldname(name, SOURCE_LANGUAGE) for name in PUBLISH_FIELDS
    }


def is_other_language(name):
    return any(name.endswith(f"_{code}") for code in target_languages())


def english_changes(page, before, request=None):
    """Field-by-field changes from `before` (an earlier state of `page`) to `page` now."""
    if before is None:
        return []
    comparisons = (
        page.get_edit_handler()
        .get_bound_panel(instance=page, request=request, form=None)
        .get_comparison()
    )
    ignored = ignored_fields()
    changes = []
    for comparison_class in comparisons:
        comparison = comparison_class(before, page)
        name = comparison.field.name
        if name in ignored or is_other_language(name) or not comparison.has_changed():
            continue
        if comparison.is_child_relation:
            changes.append(FieldChange(comparison.field_label(), "", "", rows_diff(comparison)))
            continue
        form_field = comparison.field.formfield()
        changes.append(
            FieldChange(
                comparison.field_label(),
                display_html(form_field, comparison.val_a),
                display_html(form_field, comparison.val_b),
                comparison.htmldiff(),
            )
        )
    return changes


def rows_diff(comparison):
    """Changed child rows (sources, corrections) as HTML: each row's changed fields."""
    return render_to_string(
        "guides/admin/rows_diff.html",
        {
            "rows": [
                [
                    (field.field_label(), field.htmldiff())
                    for field in row.get_field_comparisons()
                    if field.has_changed() and not is_other_language(field.field.name)
                ]
                for row in comparison.get_child_comparisons()
                if row.has_changed()
            ]
        },
    )
