"""Export files uploaded on the admin's import page: single files or zips of them, checked
before anything is kept.

A zip is unpacked here, on upload, within limits: at most as many exports as one request
may send files (Django's ``DATA_UPLOAD_MAX_NUMBER_FILES``, the one setting for both) and
``MAX_TOTAL_BYTES`` uncompressed in all, only ``.txt`` and ``.json`` names, and no name
that climbs out of its folder (``../``) or starts at the root. Folders inside a zip are
flattened to the file's own name, so two files of one name are refused too. Whatever breaks
a rule refuses the whole upload with a message, before the import is queued.
"""

from __future__ import annotations

import zipfile
from pathlib import PurePosixPath, PureWindowsPath

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

__all__ = ["MAX_TOTAL_BYTES", "UploadForm", "max_files"]

MAX_TOTAL_BYTES = 50 * 1024 * 1024
EXPORT_SUFFIXES = (".txt", ".json")


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """A file field that takes several files and cleans them into a list."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", MultipleFileInput(attrs={"accept": ".txt,.json,.zip"}))
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        if isinstance(data, list | tuple):
            cleaned = [super(MultipleFileField, self).clean(item, initial) for item in data]
        else:
            cleaned = [super().clean(data, initial)]
        return [item for item in cleaned if item]


class UploadForm(forms.Form):
    files = MultipleFileField(
        label=_("Export files"),
        help_text=_("Text (.txt) or JSON (.json) exports, or a .zip of them."),
    )

    def clean_files(self):
        """The uploads as ``[(name, bytes)]``, zips unpacked, every limit checked."""
        exports: list[tuple[str, bytes]] = []
        for upload in self.cleaned_data["files"]:
            if upload.name.lower().endswith(".zip"):
                exports.extend(unpack(upload))
            else:
                exports.append((checked_name(upload.name), upload.read()))
            check_totals(exports)
        names = [name for name, _content in exports]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise ValidationError(
                _("Two files are called %(names)s: rename one and upload again."),
                params={"names": ", ".join(twice)},
            )
        return exports


def checked_name(raw: str) -> str:
    """The file's own name, refused if it leaves its folder or is not an export."""
    parts = PurePosixPath(raw.replace("\\", "/")).parts
    if (
        not parts
        or PurePosixPath(raw).is_absolute()
        or PureWindowsPath(raw).drive
        or raw.startswith(("/", "\\"))
        or ".." in parts
    ):
        raise ValidationError(
            _("%(name)s is outside the zip's folder: nothing was imported."),
            params={"name": raw},
        )
    name = parts[-1]
    if not name.lower().endswith(EXPORT_SUFFIXES):
        raise ValidationError(
            _("%(name)s is not an export (.txt or .json): nothing was imported."),
            params={"name": raw},
        )
    return name


def unpack(upload) -> list[tuple[str, bytes]]:
    try:
        archive = zipfile.ZipFile(upload)
    except zipfile.BadZipFile:
        raise ValidationError(
            _("%(name)s is not a zip file that can be read."), params={"name": upload.name}
        ) from None
    with archive:
        entries = [
            info
            for info in archive.infolist()
            if not info.is_dir()
            # What macOS adds to a zip is not an export.
            and not info.filename.startswith("__MACOSX/")
            and not PurePosixPath(info.filename).name.startswith(".")
        ]
        names = [checked_name(info.filename) for info in entries]
        if len(entries) > max_files():
            raise too_many()
        if sum(info.file_size for info in entries) > MAX_TOTAL_BYTES:
            raise too_large()
        exports = []
        for name, info in zip(names, entries, strict=True):
            # Read no more than the limit allows, whatever the zip's header claims.
            with archive.open(info) as member:
                content = member.read(MAX_TOTAL_BYTES + 1)
            exports.append((name, content))
            check_totals(exports)
    return exports


def max_files():
    return settings.DATA_UPLOAD_MAX_NUMBER_FILES


def check_totals(exports):
    if len(exports) > max_files():
        raise too_many()
    if sum(len(content) for _name, content in exports) > MAX_TOTAL_BYTES:
        raise too_large()


def too_many():
    return ValidationError(
        _("At most %(count)s files can be imported at once."), params={"count": max_files()}
    )


def too_large():
    return ValidationError(
        _("At most %(size)s MB can be imported at once."),
        params={"size": MAX_TOTAL_BYTES // (1024 * 1024)},
    )
