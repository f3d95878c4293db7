"""A translator's save made after someone else saved a newer version, merged field by field
from the revision the form was loaded from; a field both changed is refused once."""

from django import forms
from django.utils.formats import date_format
from django.utils.text import Truncator, capfirst
from django.utils.timezone import localtime
from django.utils.translation import gettext

from .reader_text import visible_text
from .roles import public_name
from .translated_fields import comparable

MERGE_BASE = "merge_base"
NEWER_SEEN = "newer_seen"
# What Wagtail's edit form posts as the revision it was loaded from.
LOADED_REVISION = "loaded_revision_id"
# Wagtail's autosave: the revision it keeps overwriting, while it is the latest.
OVERWRITE_REVISION = "overwrite_revision_id"
QUOTED_WORDS = 30


class CarriedRevision(forms.IntegerField):
    """A revision id carried from one submission to the next, never a change to the page."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)

    def has_changed(self, initial, data):
        return False


def add_merge_fields(form):
    """The revision `form` is loaded from, and the newer one whose conflicts were shown."""
    form.fields[MERGE_BASE] = CarriedRevision(initial=form.instance.latest_revision_id)
    form.fields[NEWER_SEEN] = CarriedRevision()


def posted_revision(form, name):
    value = form.data.get(form.add_prefix(name), "")
    return int(value) if str(value).isdigit() else None


def same(one, other):
    return comparable(one) == comparable(other)


def values(obj, names):
    return {name: getattr(obj, name) for name in names}


def merge_values(cleaned_data, names, theirs, loaded, own):
    """Merge the translator's `cleaned_data` with `theirs` from `loaded`, `own` being their
    own saves since; the names both changed."""
    conflicts = []
    for name in names:
        if name not in cleaned_data:
            continue  # refused on its own
        mine = cleaned_data[name]
        if same(mine, loaded[name]):
            cleaned_data[name] = theirs[name]
        elif not any(same(theirs[name], v) for v in (loaded[name], mine, *(s[name] for s in own))):
            conflicts.append(name)
    return conflicts


def merge_newer_version(form, cleaned_data, editable, rows):
    """Merge `form` with the newer version of its instance (fields and `rows`); the newer
    revision when someone else made it. Called from `clean`, before the formsets are."""
    newer = form.instance
    base_id = posted_revision(form, MERGE_BASE) or posted_revision(form, LOADED_REVISION)
    if not base_id or base_id == newer.latest_revision_id:
        return None
    base_revision = newer.revisions.filter(pk=base_id).first()
    if base_revision is None:
        return None
    latest = newer.latest_revision
    loaded = base_revision.as_object()
    # Their own autosaves since: what the translator wrote never conflicts with itself.
    own = [
        revision.as_object()
        for revision in newer.revisions.filter(
            user=form.for_user, created_at__gt=base_revision.created_at
        )
    ]
    conflicts = [
        (form.fields[name].label, getattr(newer, name))
        for name in merge_values(
            cleaned_data,
            editable,
            values(newer, editable),
            values(loaded, editable),
            [values(mine, editable) for mine in own],
        )
    ]
    for relation, names in rows.items():
        conflicts += merge_rows(form.formsets[relation], names, newer, loaded, own, relation)
    if conflicts and posted_revision(form, NEWER_SEEN) != latest.pk:
        form.add_error(None, conflict_message(latest, conflicts))
        form.data = form.data.copy()
        form.data[form.add_prefix(NEWER_SEEN)] = str(latest.pk)
    return latest if latest.user_id != form.for_user.pk else None


def merge_rows(formset, names, newer, loaded, own, relation):
    """`merge_values` for each row posted that the form showed; rows the newer version
    removed stay removed, ones it added are kept."""

    def by_pk(obj):
        return {row.pk: values(row, names) for row in getattr(obj, relation).all()}

    theirs, before, own_rows = by_pk(newer), by_pk(loaded), [by_pk(mine) for mine in own]
    conflicts = []
    for number, row_form in enumerate(formset.initial_forms, start=1):
        pk = row_form.instance.pk
        if pk not in before or pk not in theirs or not row_form.is_valid():
            continue
        mine = [saved[pk] for saved in own_rows if pk in saved]
        for name in merge_values(row_form.cleaned_data, names, theirs[pk], before[pk], mine):
            label = f"{capfirst(formset.model._meta.verbose_name)} {number}: "
            conflicts.append((label + str(row_form.fields[name].label), theirs[pk][name]))
        for name in names:
            if name in row_form.cleaned_data:
                setattr(row_form.instance, name, row_form.cleaned_data[name])
    return conflicts


def shown_text(value):
    seen = comparable(value)
    if isinstance(seen, list):
        seen = " ".join(str(part) for part in seen)
    return Truncator(visible_text(str(seen))).words(QUOTED_WORDS) or gettext("(empty)")


def who(revision):
    return public_name(revision.user) or gettext("Someone")


def conflict_message(latest, conflicts):
    fields = "; ".join(
        gettext("%(field)s, which now reads “%(text)s”")
        % {"field": capfirst(label), "text": shown_text(value)}
        for label, value in conflicts
    )
    return gettext(
        "%(person)s saved a newer version (%(when)s) that also changed what you changed "
        "in: %(fields)s. Nothing was saved. Saving again replaces their text in these "
        "fields with yours, and it is lost; to keep theirs, copy it into the field "
        "first. Your other changes are kept with theirs either way."
    ) % {
        "person": who(latest),
        "when": date_format(localtime(latest.created_at), "DATETIME_FORMAT"),
        "fields": fields,
    }
