"""Lists a reader pages through outside a ListView: `?page=N` as Django's ListView reads it.

`?page=last` is the last page; a page that is not a number, or past the end, is not found
(404), never a server error. The context has the names the pager include reads
(`templates/rulings/includes/pagination.html`): `page_obj`, `paginator`, `is_paginated`.
"""

from django.core.paginator import InvalidPage, Paginator
from django.http import Http404


def page_of(items, request, per_page, count=None):
    """The requested page of `items` as pager context; raises Http404 for a bad page.

    `count`, when known (e.g. summed from several sources), spares the paginator's own.
    """
    paginator = Paginator(items, per_page)
    if count is not None:
        paginator.count = count  # a cached_property: set, it is never computed
    number = request.GET.get("page") or 1
    if number == "last":
        number = paginator.num_pages
    try:
        page = paginator.page(number)
    except InvalidPage:
        raise Http404 from None
    return {
        "page_obj": page,
        "paginator": paginator,
        "is_paginated": paginator.num_pages > 1,
    }
