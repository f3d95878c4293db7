"""Pages of long ordered lists that cost the same on page 1, page 1,000 and the last page.

Django's Paginator reads a page as `OFFSET n LIMIT k` over whole rows: the database
fetches and throws away every row before the page, so the last page of 100,000 rulings
reads 100,000 rows. `IndexPaginator` picks the page's primary keys first, from the end
of the ordering nearer to the page (a reversed ordering reads the same index backwards),
which an index on the ordering answers from the index alone; then it reads those rows
by key. The count stays exact: `count()` over a list whose filter an index covers is an
index-only scan, cheap however long the list.

Every reader list reads `?page=N` as Django's ListView does: `?page=last` is the last page,
and a page that is not a number, or past the end, is not found (404), never an error. The
page number is accepted as its address writes it (none for the first page): `?page=1`
and `?page=last` lead there (core.page_cache.accept).
"""

from django.core.paginator import InvalidPage, Page, Paginator
from django.http import Http404

from .page_cache import accept


class IndexPaginator(Paginator):
    """A Paginator over an ordered QuerySet whose ordering ends in a unique column."""

    def page(self, number):
        number = self.validate_number(number)
        bottom = (number - 1) * self.per_page
        top = bottom + self.per_page
        if top + self.orphans >= self.count:
            top = self.count
        rows = self.object_list
        if bottom > self.count - top:
            keys = rows.reverse().values_list("pk", flat=True)[
                self.count - top : self.count - bottom
            ]
            keys = list(keys)[::-1]
        else:
            keys = list(rows.values_list("pk", flat=True)[bottom:top])
        by_key = {row.pk: row for row in rows.filter(pk__in=keys).order_by()}
        return Page([by_key[key] for key in keys if key in by_key], number, self)


def page_or_404(paginator, request, name="page"):
    """The page the request's `?page=` names (an integer, or "last"), as ListView reads
    it; a number that names no page is a 404, never a server error."""
    number = request.GET.get(name)
    if number == "last":
        number = paginator.num_pages
    try:
        page = paginator.page(number or 1)
    except InvalidPage as error:
        raise Http404(str(error)) from error
    accept_page(request, page, name)
    return page


def accept_page(request, page, name="page"):
    """Accept the number of `page` as its address writes it: none for the first."""
    accept(request, name, str(page.number) if page.number > 1 else "")


def page_of(items, request, per_page, count=None):
    """The page `?page=` asks for, as the context the pager include reads
    (`templates/core/includes/pagination.html`): `page_obj`, `paginator`, `is_paginated`.
    `count`, when known (e.g. summed from several sources), spares the paginator's own."""
    paginator = Paginator(items, per_page)
    if count is not None:
        paginator.count = count  # a cached_property: set, it is never computed
    page = page_or_404(paginator, request)
    return {"page_obj": page, "paginator": paginator, "is_paginated": paginator.num_pages > 1}
