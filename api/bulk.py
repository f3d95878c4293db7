"""The bulk files: every public ruling in one language, one JSON object a line, gzipped,
rebuilt by a task (`manage.py build_api_bulk_files`, run daily) and served whole.

A file is written a ruling at a time from a database cursor (in chunks, each with its
citations and corrections read in one query), through gzip into a temporary file, so the
memory it takes does not grow with the catalogue. It is stored under a name of its own and
the older ones removed after, so a download under way is never cut by the next build."""

import gzip
import tempfile
from itertools import islice

from django.core.files import File
from django.core.files.storage import default_storage
from django.urls import reverse
from django.utils import timezone, translation
from django_tasks import task
from rest_framework.utils.encoders import JSONEncoder

from core.cache_tags import bump

from .language import LANGUAGES

DIRECTORY = "api-bulk"
# Moved on when a file is rebuilt: the API's root, which links the files, is made stale.
BULK_TAG = "api-bulk"
CHUNK = 500


def file_prefix(language):
    return f"rulings-{language}-"


def stored_names(language):
    """The stored files of `language`, oldest first (their names hold when they were built)."""
    if not default_storage.exists(DIRECTORY):
        return []
    _folders, files = default_storage.listdir(DIRECTORY)
    return sorted(name for name in files if name.startswith(file_prefix(language)))


def newest(language):
    """The path of the newest file of `language` in the storage, or None."""
    names = stored_names(language)
    return f"{DIRECTORY}/{names[-1]}" if names else None


def bulk_files():
    """[{language, url, built_at, size}] of the files there are."""
    files = []
    for language in LANGUAGES:
        path = newest(language)
        if path is None:
            continue
        files.append(
            {
                "language": language,
                "url": reverse("api:bulk", kwargs={"language": language}),
                "built_at": default_storage.get_modified_time(path).isoformat(),
                "size": default_storage.size(path),
            }
        )
    return files


def ruling_lines(language):
    """Each public ruling as one line of JSON, as the API gives it in `language`."""
    from .serializers.rulings import RulingSerializer
    from .views.rulings import public_rulings, with_citations

    encoder = JSONEncoder(ensure_ascii=False)
    with translation.override(language):
        # One serializer for the whole file: its fields are made once, not once a ruling,
        # and the addresses it has made are kept for the next rulings.
        serializer = RulingSerializer(context={"request": None})
        rulings = public_rulings().order_by("pk").iterator(chunk_size=CHUNK)
        while chunk := list(islice(rulings, CHUNK)):
            for ruling in with_citations(chunk):
                data = serializer.to_representation(ruling)
                yield (encoder.encode(data) + "\n").encode()


def write_bulk_file(language):
    """Write `language`'s file anew; the path it is stored at."""
    stamp = timezone.now().strftime("%Y%m%dT%H%M%S%f")
    name = f"{DIRECTORY}/{file_prefix(language)}{stamp}.jsonl.gz"
    with tempfile.TemporaryFile() as raw:
        with gzip.GzipFile(fileobj=raw, mode="wb") as zipped:
            for line in ruling_lines(language):
                zipped.write(line)
        raw.seek(0)
        stored = default_storage.save(name, File(raw))
    for old in stored_names(language)[:-1]:
        default_storage.delete(f"{DIRECTORY}/{old}")
    return stored


@task()
def build_bulk_files():
    """Every language's file, then the root that links them made stale."""
    paths = [write_bulk_file(language) for language in LANGUAGES]
    bump({BULK_TAG})
    return paths
