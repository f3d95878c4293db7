"""Export files uploaded on the admin's import page: single files or zips of them, checked
before anything is kept. A zip holds at most as many exports as one request may send files,
only ``.txt`` and ``.json`` names, none that leaves its folder; its folders are flattened,
so two files of one name are refused. Whatever breaks a rule refuses the whole upload."""

import zipfile
from pathlib import PurePosixPath, PureWindowsPath

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

__all__ = ["UploadForm"]

EXPORT_SUFFIXES = (".txt", ".json")


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """A file field that takes several files and cleans them into a list."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", MultipleFileInput(attrs={"accept": ".txt,.json,.zip"}))
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        clean_one = super().clean
        items = data if isinstance(data, list | tuple) else [data]
        return [cleaned for item in items if (cleaned := clean_one(item, initial))]


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
            check_totals(len(exports), sum(len(content) for _name, content in exports))
        names = [name for name, _content in exports]
        if twice := sorted({name for name in names if names.count(name) > 1}):
            raise ValidationError(
                _("Two files are called %(names)s: rename one and upload again."),
                params={"names": ", ".join(twice)},
            )
        return exports


def checked_name(raw: str) -> str:
    """The file's own name, refused if it leaves its folder or is not an export."""
    parts = PurePosixPath(raw.replace("\\", "/")).parts
    if not parts or PureWindowsPath(raw).drive or raw.startswith(("/", "\\")) or ".." in parts:
        raise ValidationError(
            _("%(name)s is outside the zip's folder: nothing was imported."),
            params={"name": raw},
        )
    if not parts[-1].lower().endswith(EXPORT_SUFFIXES):
        raise ValidationError(
            _("%(name)s is not an export (.txt or .json): nothing was imported."),
            params={"name": raw},
        )
    return parts[-1]


def unpack(upload) -> list[tuple[str, bytes]]:
    try:
        archive = zipfile.ZipFile(upload)
    except zipfile.BadZipFile:
        raise ValidationError(
            _("%(name)s is not a zip file that can be read."), params={"name": upload.name}
        ) from None
    most = settings.RULESAGE_IMPORT_LIMITS["upload_bytes"]
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
        check_totals(len(entries), sum(info.file_size for info in entries))
        exports = []
        for name, info in zip(names, entries, strict=True):
            # Read no more than the limit allows, whatever the zip's header claims.
            with archive.open(info) as member:
                exports.append((name, member.read(most + 1)))
            check_totals(len(exports), sum(len(content) for _name, content in exports))
    return exports


def check_totals(count: int, size: int) -> None:
    if count > settings.DATA_UPLOAD_MAX_NUMBER_FILES:
        raise ValidationError(
            _("At most %(count)s files can be imported at once."),
            params={"count": settings.DATA_UPLOAD_MAX_NUMBER_FILES},
        )
    if size > (most := settings.RULESAGE_IMPORT_LIMITS["upload_bytes"]):
        raise ValidationError(
            _("At most %(size)s MB can be imported at once."),
            params={"size": most // (1024 * 1024)},
        )
