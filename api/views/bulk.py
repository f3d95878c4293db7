"""A bulk file, streamed from the storage as it is: never read whole into memory."""

from django.core.files.storage import default_storage
from django.http import FileResponse, Http404
from django.utils.http import http_date
from drf_spectacular.utils import extend_schema
from rest_framework.views import APIView

from ..bulk import newest
from ..language import LANGUAGES
from .base import ReaderAPI


class BulkFileView(ReaderAPI, APIView):
    @extend_schema(exclude=True)  # a gzip file, linked from the root with its date and size
    def get(self, request, language):
        path = newest(language) if language in LANGUAGES else None
        if path is None:
            raise Http404
        built = default_storage.get_modified_time(path)
        response = FileResponse(
            default_storage.open(path),
            as_attachment=True,
            filename=f"rulesage-rulings-{language}.jsonl.gz",
            content_type="application/gzip",
        )
        response["Last-Modified"] = http_date(built.timestamp())
        response["ETag"] = f'"{path.rsplit("/", 1)[-1]}"'
        return response
