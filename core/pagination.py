"""Pages of long ordered lists, read as Django's ListView reads `?page=N` (`last`; a page
that names none is a 404), each number accepted as its address writes it."""

import hashlib

from django.core.paginator import InvalidPage, Page, Paginator
from django.db.models import QuerySet
from django.http import Http404
from django.utils.functional import cached_property

from .page_cache import accept, remembered


def remembered_query(queryset, tags, read=list):
    """`read(queryset)`, remembered while `tags` (those of the page showing it) stay, under
    its SQL: a list's total or its initials need not be read from every row at each render."""
    if queryset.query.is_empty():
        return read(queryset)  # Django answers `.none()` without a query
    key = hashlib.sha256(str(queryset.query).encode()).hexdigest()
    return remembered(f"query:{read.__name__}:{key}", lambda: read(queryset), tags)


class IndexPaginator(Paginator):
    """Reads a page's keys from the nearer end of the ordering (which ends in a unique column),
    then those rows: the last page costs what the first does, where OFFSET reads every row.
    Given `count_tags`, the total is remembered under them (`remembered_query`)."""

    def __init__(self, *args, count_tags=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.count_tags = count_tags

    @cached_property
    def count(self):
        if self.count_tags is None:
            return self.object_list.count()
        return remembered_query(self.object_list, self.count_tags, read=QuerySet.count)

    def page(self, number):
        number = self.validate_number(number)
        bottom = (number - 1) * self.per_page
        top = bottom + self.per_page
        if top + self.orphans >= self.count:
            top = self.count
        keys = self.object_list.values_list("pk", flat=True)
        if bottom > self.count - top:
            keys = list(keys.reverse()[self.count - top : self.count - bottom])[::-1]
        else:
            keys = list(keys[bottom:top])
        by_key = {row.pk: row for row in self.object_list.filter(pk__in=keys).order_by()}
        return Page([by_key[key] for key in keys if key in by_key], number, self)


def page_or_404(paginator, request):
    """The page the request's `?page=` names; a 404 when it names none."""
    number = request.GET.get("page")
    if number == "last":
        number = paginator.num_pages
    try:
        page = paginator.page(number or 1)
    except InvalidPage as error:
        raise Http404(str(error)) from error
    accept_page(request, page)
    return page


def accept_page(request, page, name="page"):
    accept(request, name, str(page.number) if page.number > 1 else "")


def page_of(items, request, per_page, count=None):
    """The context the pager include reads for the page `?page=` asks for; a known
    `count` spares the paginator's own. A queryset is read from its nearer end
    (IndexPaginator); any other sequence slices itself."""
    paginator = (IndexPaginator if isinstance(items, QuerySet) else Paginator)(items, per_page)
    if count is not None:
        paginator.count = count  # a cached_property: set, it is never computed
    page = page_or_404(paginator, request)
    return {"page_obj": page, "paginator": paginator, "is_paginated": paginator.num_pages > 1}
