"""A translator's save made after someone else saved a newer version: merged field by field.

Wagtail tells a concurrent edit by the revision a form was loaded from: when a newer one
exists, it refuses the autosave and asks before a save "overwrites" the newer version. A
translator changes only translated fields (`core.forms`), and every other field of their
form already takes the newer version's value, so most of the time the two changed different
things and nothing need be lost. For translators the server merges instead, from the
revision their form was loaded from (`MERGE_BASE`, carried in the form):

- a translated field they did not change takes the newer version's value;
- a field they changed keeps theirs;
- a field they changed that the newer version changed too, to another text, is a conflict:
  the save is refused once, naming each such field and the text saving would replace.
  Saving again (the form then carries the newer revision as `NEWER_SEEN`) keeps theirs.

"Changed" is decided on what a reader sees (`core.translated_fields.comparable`): Wagtail
re-serialising rich text nobody touched is no change. The translator's own earlier saves
in the same sitting (autosaves) are theirs, never a conflict. The edit views of pages and
rulings (`core.concurrent_edit_views`) then neither refuse a translator's autosave for
being out of date nor ask before a save; the rest of the sitting is Wagtail's.
"""

from django import forms
from django.utils.formats import date_format
from django.utils.text import Truncator, capfirst
from django.utils.timezone import localtime
from django.utils.translation import gettext

from .reader_text import visible_text
from .translated_fields import comparable

MERGE_BASE = "merge_base"
NEWER_SEEN = "newer_seen"
# What Wagtail's edit form posts as the revision it was loaded from.
LOADED_REVISION = "loaded_revision_id"
# Wagtail's autosave: the revision it keeps overwriting, while it is the latest.
OVERWRITE_REVISION = "overwrite_revision_id"
QUOTED_WORDS = 30


class CarriedRevision(forms.IntegerField):
    """A revision id the form carries from one submission to the next: bookkeeping of the
    sitting, never a change to the page."""

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
    """Merge one object's `names` in `cleaned_data` (the translator's) with `theirs` (the
    newer version's values), from `loaded` (what the form showed); `own` are the
    translator's own saved values since. Returns the names both changed."""
    conflicts = []
    for name in names:
        if name not in cleaned_data:
            continue  # refused on its own
        mine = cleaned_data[name]
        if same(mine, loaded[name]):
            cleaned_data[name] = theirs[name]
        elif not (
            same(theirs[name], loaded[name])
            or same(theirs[name], mine)
            or any(same(theirs[name], saved[name]) for saved in own)
        ):
            conflicts.append(name)
    return conflicts


def merge_newer_version(form, cleaned_data, editable, rows):
    """Merge the translator's `form` with the newer version its instance holds: the
    `editable` fields in `cleaned_data`, and in each formset named in `rows` ({name:
    editable fields of its rows}) the rows the form posted. Refuses the save once when a
    field both changed. Returns the newer revision when someone else made it, else None.

    Called from the form's `clean`, before its formsets are cleaned: the rows' instances
    still hold the newer version's values.
    """
    newer = form.instance
    base_id = posted_revision(form, MERGE_BASE) or posted_revision(form, LOADED_REVISION)
    if not base_id or base_id == newer.latest_revision_id:
        return None
    base_revision = newer.revisions.filter(pk=base_id).first()
    if base_revision is None:
        return None
    latest = newer.latest_revision
    loaded = base_revision.as_object()
    # Their own saves since they loaded the form (autosaves), which newer versions built
    # on theirs may carry: what the translator wrote is never a conflict with itself.
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
    """`merge_values` for each row the formset posted that the form showed; a row the
    newer version removed stays removed, one it added is kept (the form never posts it)."""

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
    """The words a reader sees of a stored value, shortened to quote in a message."""
    seen = comparable(value)
    if isinstance(seen, list):
        seen = " ".join(str(part) for part in seen)
    return Truncator(visible_text(str(seen))).words(QUOTED_WORDS) or gettext("(empty)")


def who(revision):
    user = revision.user
    return (user.get_full_name() or user.get_username()) if user else gettext("Someone")


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
