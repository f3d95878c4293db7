"""A guide's published versions as readers reach them: each at `v/<number>/`, any two
compared at `compare/<old>/<new>/`, cached and tagged like the guide itself."""

from django.http import Http404
from django.shortcuts import redirect
from django.utils import translation
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy
from wagtail.contrib.routable_page.models import path

from ..comparison import changes_between
from .history import GuideChange

# PostgreSQL integers stop here; larger version numbers in a URL are simply not found.
MAX_VERSION_NUMBER = 2**31 - 1

# A word in an address, translated like any other a reader sees (rulesage/urls.py).
COMPARE = pgettext_lazy("URL path segment", "compare")


class PublishedVersions:
    """Routes and URLs of a guide's published versions (`self.versions`, GuideVersion)."""

    def public_versions(self, request=None):
        """Every published version, newest first, each with the URL it is readable at."""
        if self.pk is None:
            return []  # a new guide previewed before its first save
        return self.with_public_urls(list(self.versions.order_by("-number")), request)

    def with_public_urls(self, versions, request=None):
        """`versions` (newest first), each with `public_url` and, where both revisions exist,
        `compare_url` (with the one before) and `compare_current_url`."""
        if not versions:
            return versions
        base = self.get_url(request)
        current = versions[0]
        for version, previous in zip(versions, [*versions[1:], None], strict=True):
            version.public_url = base + self.reverse_subpage(
                "version", kwargs={"number": version.number}
            )
            if not (version.revision_id and current.revision_id):
                continue  # a version whose revision was deleted cannot be compared
            if previous is not None and previous.revision_id:
                version.previous_number = previous.number
                version.compare_url = base + self.compare_subpath(previous.number, version.number)
            if version is not current:
                version.compare_current_url = base + self.compare_subpath(
                    version.number, current.number
                )
        return versions

    @path("v/<int:number>/")
    def version(self, request, number):
        """An earlier published version, rendered from the revision it was published from."""
        versions = self.public_versions(request)
        version = next((v for v in versions if v.number == number), None)
        if version is None:
            raise Http404
        current = versions[0]
        if version is current:
            return redirect(self.url)
        if version.revision is None:
            raise Http404
        snapshot = version.revision.as_object()
        return self.render(
            request,
            context_overrides={
                "page": snapshot,
                "self": snapshot,
                "shown_version": version,
                "page_subpath": self.reverse_subpage("version", kwargs={"number": number}),
                "current_version": current,
                "versions": versions,
                "sources": snapshot.sources.all(),
                # The version's own headings and related rulings, not the live page's.
                **self.reading_aids(snapshot, self.game_page.game if self.game_page else None),
                "corrections": snapshot.corrections.all(),
                # Alternates follow the live page's slugs, which may have changed since.
                "live_page": self,
                "translation_state": None,
            },
        )

    @path(format_lazy("{}/<int:old>/<int:new>/", COMPARE), name="compare")
    def compare(self, request, old, new):
        """What changed from published version `old` to `new`, in the reader's language."""
        if max(old, new) > MAX_VERSION_NUMBER or old == new:
            raise Http404
        if old > new:
            return redirect(self.url + self.compare_subpath(new, old))
        versions = self.public_versions(request)
        chosen = {v.number: v for v in versions if v.number in (old, new) and v.revision_id}
        if len(chosen) < 2:
            raise Http404
        earlier, later = chosen[old], chosen[new]
        language = translation.get_language()[:2]
        notes = GuideChange.objects.for_readers_of(language).filter(
            page=self,
            version__number__gt=old,
            version__number__lte=new,
            kind__in=[GuideChange.Kind.FIRST, GuideChange.Kind.SUBSTANTIVE],
        )
        before, after = earlier.revision.as_object(), later.revision.as_object()
        return self.render(
            request,
            template="guides/compare_versions.html",
            context_overrides={
                "earlier": earlier,
                "later": later,
                "current_version": versions[0],
                "versions": versions,
                "notes": notes.select_related("version").order_by("published_at", "pk"),
                "comparison": changes_between(before, after, language),
                # In each language's own words, for the language switcher and alternates.
                "page_subpath": lazy(self.compare_subpath, str)(old, new),
                "live_page": self,
                "choose_url": self.url + self.reverse_subpage("compare_chosen"),
            },
        )

    @path("compare/<int:old>/<int:new>/", name="compare_in_english")
    def compare_in_english(self, request, old, new):
        """The English word in another language's address: permanently to its own word."""
        if max(old, new) > MAX_VERSION_NUMBER:
            raise Http404
        return redirect(self.url + self.compare_subpath(old, new), permanent=True)

    @path(format_lazy("{}/", COMPARE), name="compare_chosen")
    def compare_chosen(self, request):
        try:
            old, new = int(request.GET["old"]), int(request.GET["new"])
        except (KeyError, ValueError):
            raise Http404 from None
        if not (0 < old <= MAX_VERSION_NUMBER and 0 < new <= MAX_VERSION_NUMBER) or old == new:
            raise Http404
        return redirect(self.url + self.compare_subpath(min(old, new), max(old, new)))

    def compare_subpath(self, old, new):
        return self.reverse_subpage("compare", kwargs={"old": old, "new": new})
