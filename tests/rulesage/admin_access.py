"""Who may open each admin address, declared: tests/rulesage/test_admin_access.py opens every
URL pattern under /admin/ as each role, by GET and by POST, and compares with this table.

A rule says what anonymous, a translator, an editor and a superuser get, each as GET/POST:

    ok     allowed: the page, a redirect onwards, or the form shown again with its errors
    login  sent to sign in
    no     refused: 403, 404 or 405, Wagtail's "Sorry, you do not have permission" redirect,
           or a bulk action's confirmation listing nothing the person may act on
    400    malformed: a form posted without a field its page always writes (the test's
           empty POST), refused by core.middleware.RefuseIncompleteFormsMiddleware
    500    the view breaks: Wagtail's own views only, on the test's empty POST, or its
           document library, whose serving address this site does not route

The project's own addresses (its views, and Wagtail's views of its models) each have a row
of their own in RULES, by route as Django's resolver spells it (a bulk action by its
address). Wagtail's own addresses follow the rule of their area (WAGTAIL_AREAS, the longest
matching prefix) unless RULES names them. Adding an admin address means adding its row:
`"admin/snippets/rulings/ruling/preview/<int:pk>/": EDITORS,`.
"""

ROLES = ("anonymous", "translator", "editor", "superuser")
OK, LOGIN, REFUSED, MALFORMED, BREAKS = "ok", "login", "no", "400", "500"

# Who gets in, for GET/POST: anonymous, translator, editor, superuser.
ANYONE = "ok/ok ok/ok ok/ok ok/ok"
ANYONE_READS = "ok/no ok/no ok/no ok/no"
SIGNED_IN = "login/login ok/ok ok/ok ok/ok"
SIGNED_IN_READ = "login/login ok/no ok/no ok/no"
EDITORS = "login/login no/no ok/ok ok/ok"
EDITORS_READ = "login/login no/no ok/no ok/no"
SUPERUSERS = "login/login no/no no/no ok/ok"
SUPERUSERS_READ = "login/login no/no no/no ok/no"
NOBODY = "login/login no/no no/no no/no"
# Wagtail's bulk actions show the confirmation to everyone and act only on what each person
# may: a POST from someone who may act on nothing acts on nothing.
BULK_EDITORS = "login/login no/ok ok/ok ok/ok"
BULK_SUPERUSERS = "login/login no/ok no/ok ok/ok"
# Wagtail's snippet choosers have no creation form here: a POST to "create" breaks.
CHOOSER_CREATE_EDITORS = "login/login no/no ok/500 ok/500"


def snippet(model, *, read, write, delete=SUPERUSERS, create=CHOOSER_CREATE_EDITORS, app="rulings"):
    """The addresses Wagtail makes for one of the project's snippets, {route: rule}:
    listing, history and usage by `read`; add, edit and copy by `write`; delete by
    `delete`; its chooser to everyone signed in (choosing is not changing), its chooser's
    "create" by `create`."""
    admin, chooser = f"admin/snippets/{app}/{model}/", f"admin/snippets/choose/{app}/{model}/"
    return {
        admin: read,
        f"{admin}results/": read,
        f"{admin}add/": write,
        f"{admin}edit/<int:pk>/": write,
        f"{admin}delete/<int:pk>/": delete,
        f"{admin}usage/<int:pk>/": read,
        f"{admin}history/<int:pk>/": read,
        f"{admin}history-results/<int:pk>/": read,
        f"{admin}copy/<int:pk>/": write,
        chooser: SIGNED_IN_READ,
        f"{chooser}results/": SIGNED_IN_READ,
        f"{chooser}chosen/<str:pk>/": SIGNED_IN_READ,
        f"{chooser}chosen-multiple/": SIGNED_IN_READ,
        f"{chooser}create/": create,
    }


def revisions(model, *, read, restore, app="rulings"):
    """A snippet that keeps revisions: restoring one (an edit) by `restore`, comparing two
    by `read`."""
    history = f"admin/snippets/{app}/{model}/history/"
    return {
        f"{history}<int:pk>/revisions/<int:revision_id>/revert/": restore,
        f"{history}(?P<pk>.+)/revisions/compare/(?P<revision_id_a>live|earliest|\\d+)"
        "\\.\\.\\.(?P<revision_id_b>live|latest|\\d+)/$": read,
    }


RULES = {
    # Rulings: translators translate them (the form keeps the review as stored for anyone
    # who may not review, core.roles.REVIEW_RULING); editors write and review them.
    **snippet("ruling", read=SIGNED_IN_READ, write=EDITORS),
    "admin/snippets/rulings/ruling/edit/<int:pk>/": SIGNED_IN,
    **revisions("ruling", read=SIGNED_IN_READ, restore=SIGNED_IN),
    # Drafts: translators save and preview them, editors publish (PUBLISH_RULING).
    "admin/snippets/rulings/ruling/preview/": EDITORS,
    "admin/snippets/rulings/ruling/preview/<int:pk>/": SIGNED_IN,
    "admin/snippets/rulings/ruling/history/<int:pk>/revisions/<int:revision_id>/view/": (
        SIGNED_IN_READ
    ),
    "admin/snippets/rulings/ruling/history/<int:pk>/revisions/<int:revision_id>/unschedule/": (
        EDITORS
    ),
    "admin/snippets/rulings/ruling/unpublish/<int:pk>/": EDITORS,
    "admin/snippets/rulings/ruling/review/": EDITORS_READ,
    "admin/snippets/rulings/ruling/review/results/": EDITORS_READ,
    "admin/bulk/rulings/ruling/mark_reviewed/": EDITORS,
    "admin/bulk/rulings/ruling/delete/": BULK_SUPERUSERS,
    # Errata cards are issued by editors (ISSUE_ERRATA); withdrawn, never deleted.
    **snippet("erratacard", app="catalogue", read=EDITORS_READ, write=EDITORS),
    **revisions("erratacard", app="catalogue", read=EDITORS_READ, restore=EDITORS),
    "admin/bulk/catalogue/erratacard/delete/": BULK_SUPERUSERS,
    # The glossary is kept by translators and editors alike (KEEP_GLOSSARY).
    **snippet(
        "glossaryterm",
        app="catalogue",
        read=SIGNED_IN_READ,
        write=SIGNED_IN,
        delete=SIGNED_IN,
        create="login/login ok/500 ok/500 ok/500",
    ),
    "admin/bulk/catalogue/glossaryterm/delete/": SIGNED_IN,
    # Its suggestions are decided by the same people (catalogue.suggestion_admin); a decision
    # on a suggestion no longer open goes back to the list.
    "admin/glossary-suggestions/": SIGNED_IN_READ,
    "admin/glossary-suggestions/<int:pk>/<str:decision>/": "login/login no/ok no/ok no/ok",
    # The rules knowledge is the editors'. A game or edition still used is not deleted:
    # Wagtail's delete of a game with editions breaks (PROTECT), of an edition refuses.
    **snippet(
        "game",
        app="catalogue",
        read=EDITORS_READ,
        write=EDITORS,
        delete="login/login no/no no/no ok/500",
    ),
    "admin/bulk/catalogue/game/delete/": "login/login no/ok no/ok ok/500",
    **snippet("edition", app="catalogue", read=EDITORS_READ, write=EDITORS, delete=SUPERUSERS_READ),
    "admin/bulk/catalogue/edition/delete/": "login/login no/ok no/ok ok/no",
    **snippet(
        "document", app="catalogue", read=EDITORS_READ, write=EDITORS, delete=SUPERUSERS_READ
    ),
    "admin/bulk/catalogue/document/delete/": "login/login no/ok no/ok ok/no",
    **snippet("passage", app="catalogue", read=EDITORS_READ, write=EDITORS),
    "admin/bulk/catalogue/passage/delete/": BULK_SUPERUSERS,
    # The catalogue's snippets' former addresses under rulings move on to the catalogue's,
    # whose rows decide who gets in.
    "^admin/snippets/rulings/(?P<model>game|edition|document|passage|erratacard|glossaryterm)"
    "/(?P<tail>.*)$": ANYONE,
    # Reader questions: editors answer or decline them (ANSWER_QUESTION); nobody writes one.
    "admin/reader-questions/": EDITORS_READ,
    "admin/reader-questions/results/": EDITORS_READ,
    "admin/reader-questions/new/": NOBODY,
    "admin/reader-questions/edit/<int:pk>/": EDITORS,
    "admin/reader-questions/delete/<int:pk>/": SUPERUSERS,
    "admin/reader-questions/history/<int:pk>/": EDITORS_READ,
    "admin/reader-questions/history-results/<int:pk>/": EDITORS_READ,
    "admin/reader-questions/usage/<int:pk>/": EDITORS_READ,
    # Importing is the editors' (IMPORT_RULINGS).
    "admin/import-rulings/": EDITORS,
    "admin/import-rulings/<int:pk>/": EDITORS,  # POST resumes an interrupted import
    # Translations: both roles mark them up to date (MARK_*_TRANSLATION).
    "admin/translations/": SIGNED_IN_READ,
    "admin/translations/<int:page_id>/<str:language>/up-to-date/": SIGNED_IN,
    "admin/rulings/translations/<int:pk>/<str:language>/up-to-date/": SIGNED_IN,
    # The guides listing (the re-checks due), read by those who edit pages.
    "admin/guides/": SIGNED_IN_READ,
    "admin/guides/results/": SIGNED_IN_READ,
    "admin/guides/choose_parent/": SIGNED_IN,
}

# Wagtail's own addresses, by area: the rule of the longest prefix that matches.
WAGTAIL_AREAS = {
    "admin/api/main/": SIGNED_IN_READ,
    "admin/pages/": SIGNED_IN_READ,
    "admin/bulk/wagtailcore/page/": BULK_EDITORS,
    "admin/bulk/wagtailimages/": SUPERUSERS,
    "admin/bulk/wagtaildocs/": SUPERUSERS,
    "admin/bulk/auth/user/": SUPERUSERS,
    "admin/choose-": SIGNED_IN,
    "admin/choose-page/": SIGNED_IN_READ,
    "admin/tag-autocomplete/": SIGNED_IN,
    "admin/reports/": SIGNED_IN_READ,
    "admin/editing-sessions/": "login/login no/ok no/ok no/ok",
    "admin/images/": SUPERUSERS,
    "admin/images/chooser/": SIGNED_IN_READ,
    "admin/documents/": SUPERUSERS,
    "admin/documents/chooser/": SIGNED_IN_READ,
    "admin/collections/": SUPERUSERS,
    "admin/workflows/": SUPERUSERS,
    "admin/workflows/task_chooser/": SIGNED_IN,
    "admin/redirects/": SUPERUSERS,
    "admin/settings/": SUPERUSERS,
    "admin/sites/": SUPERUSERS,
    "admin/users/": SUPERUSERS,
    "admin/groups/": SUPERUSERS,
    "admin/password_reset/": ANYONE,
}

# Wagtail's own addresses that answer otherwise than their area.
WAGTAIL_ADDRESSES = {
    "admin/": SIGNED_IN_READ,
    "admin/test404/": SIGNED_IN_READ,
    "admin/^.*/$": NOBODY,
    "admin/failwhale/": "login/login 500/500 500/500 500/500",  # Wagtail's error test page
    "admin/snippets/": NOBODY,  # every snippet is listed in the Rules menu instead
    "admin/account/": SIGNED_IN,
    "admin/logout/": "login/login no/login no/login no/login",
    "admin/dismissibles/": SIGNED_IN_READ,
    "admin/block-preview/": NOBODY,  # without the block to preview, nothing
    "admin/sprite/": ANYONE,
    "admin/login/": ANYONE,
    "admin/jsi18n/": ANYONE_READS,
    "admin/password_reset/done/": ANYONE_READS,
    "admin/password_reset/complete/": ANYONE_READS,
    # The admin API: page actions (publish among them) by POST, for those who may take them;
    # "find" needs the address to find.
    "admin/api/main/^pages/<int:pk>/action/<str:action_name>/": "login/login no/no no/ok no/ok",
    "admin/api/main/^pages/find/": NOBODY,
    "admin/api/main/^images/find/": NOBODY,
    "admin/api/main/^documents/find/": NOBODY,
    # Pages: translators edit and submit for review; editors publish, move, delete, lock.
    # Wagtail's page forms read a StreamField's count (its copy form, the new parent page) as
    # always sent: a POST without them is malformed.
    "admin/pages/<int:page_id>/edit/": "login/login ok/400 ok/400 ok/400",
    "admin/pages/<int:page_id>/edit/preview/": SIGNED_IN,
    "admin/pages/<int:page_id>/view_draft/": SIGNED_IN,
    "admin/pages/<int:page_id>/revisions/": SIGNED_IN,
    "admin/pages/<int:page_id>/revisions/<int:revision_id>/revert/": (
        "login/login ok/400 ok/400 ok/400"
    ),
    "admin/pages/<int:page_id>/revisions/<int:revision_id>/unschedule/": EDITORS,
    "admin/pages/<int:page_id>/copy/": "login/login ok/400 ok/400 ok/400",
    "admin/pages/create/<slug:app_label>/<slug:model_name>": SIGNED_IN,
    "admin/pages/add/<slug:content_type_app_name>/<slug:content_type_model_name>/"
    "<int:parent_page_id>/": "login/login no/no ok/400 ok/400",
    "admin/pages/add/<slug:content_type_app_name>/<slug:content_type_model_name>/"
    "<int:parent_page_id>/preview/": EDITORS,
    "admin/pages/<int:parent_page_id>/add_subpage/": EDITORS,
    "admin/pages/<int:page_id>/delete/": EDITORS,
    "admin/pages/<int:page_id>/unpublish/": EDITORS,
    "admin/pages/<int:page_id>/privacy/": EDITORS,
    "admin/pages/<int:page_id>/convert_alias/": NOBODY,  # the guide is no alias
    "admin/pages/<int:page_to_move_id>/move/": EDITORS,
    "admin/pages/<int:page_to_move_id>/move/<int:destination_id>/confirm/": (
        "login/login ok/no ok/ok ok/ok"
    ),
    "admin/pages/<int:page_to_move_id>/set_position/": "login/login no/no no/ok no/ok",
    "admin/pages/<int:page_id>/lock/": "login/login no/no no/ok no/ok",
    "admin/pages/<int:page_id>/unlock/": "login/login no/no no/no no/ok",  # not locked
    # The review workflow: approving (publishing) is the editors' task.
    "admin/pages/workflow/action/<int:page_id>/<slug:action_name>/<int:task_state_id>/": EDITORS,
    "admin/pages/workflow/collect_action_data/<int:page_id>/<slug:action_name>/"
    "<int:task_state_id>/": EDITORS,
    "admin/pages/workflow/confirm_cancellation/<int:page_id>/": SIGNED_IN,
    "admin/pages/workflow/preview/<int:page_id>/<int:task_id>/": EDITORS_READ,
    # wagtail-modeltranslation's copy of a field's content needs the field it copies.
    "admin/pages/(?P<page_id>\\d+)/edit/copy_translation_content/$": (
        "login/login 500/500 500/500 500/500"
    ),
    "admin/bulk/wagtailcore/page/move/": EDITORS,
    "admin/choose-external-link/": "login/login ok/500 ok/500 ok/500",
    "admin/tag-autocomplete/<slug:app_name>/<slug:model_name>/": NOBODY,
    "admin/reports/locked/": EDITORS_READ,
    "admin/reports/locked/results/": EDITORS_READ,
    # Wagtail's image and document libraries, which no page of the site uses: superusers'
    # (core.roles grants them to nobody). The document library's pages break once a
    # document exists: its serving address is not routed.
    "admin/images/": SUPERUSERS_READ,
    "admin/images/results/": SUPERUSERS_READ,
    "admin/images/usage/<int:image_id>/": SUPERUSERS_READ,
    "admin/images/chooser/chosen/<str:pk>/": SUPERUSERS_READ,
    "admin/images/<int:image_id>/generate_url/": NOBODY,
    "admin/images/<int:image_id>/generate_url/output/": NOBODY,
    # Wagtail's uploads of several files refuse a POST without a file (400).
    "admin/images/multiple/add/": "login/login no/no no/no ok/400",
    "admin/images/multiple/<int:image_id>/": "login/login no/no no/no no/ok",
    "admin/images/multiple/<int:image_id>/delete/": "login/login no/no no/no no/ok",
    "admin/images/multiple/create_from_uploaded_image/<int:uploaded_file_id>/": NOBODY,
    "admin/images/multiple/delete_upload/<int:uploaded_file_id>/": NOBODY,
    "admin/images/chooser/create/": SUPERUSERS,
    "admin/images/chooser/<int:image_id>/select_format/": SUPERUSERS,
    "admin/bulk/wagtailimages/image/delete/": BULK_SUPERUSERS,
    "admin/documents/": "login/login no/no no/no 500/no",
    "admin/documents/results/": "login/login no/no no/no 500/no",
    "admin/documents/edit/<int:document_id>/": "login/login no/no no/no 500/500",
    "admin/documents/usage/<int:document_id>/": SUPERUSERS_READ,
    "admin/documents/multiple/add/": "login/login no/no no/no ok/400",
    "admin/documents/multiple/<int:doc_id>/": "login/login no/no no/no no/ok",
    "admin/documents/multiple/<int:doc_id>/delete/": "login/login no/no no/no no/ok",
    "admin/documents/multiple/create_from_uploaded_document/<int:uploaded_file_id>/": NOBODY,
    "admin/documents/multiple/delete_upload/<int:uploaded_file_id>/": NOBODY,
    "admin/documents/chooser/": "login/login ok/no ok/no 500/no",
    "admin/documents/chooser/results/": "login/login ok/no ok/no 500/no",
    "admin/documents/chooser/chosen/<str:pk>/": "login/login no/no no/no 500/no",
    "admin/documents/chooser/create/": SUPERUSERS,
    "admin/api/main/^documents/": "login/login 500/no 500/no 500/no",
    "admin/api/main/^documents/<int:pk>/": "login/login 500/no 500/no 500/no",
    "admin/bulk/wagtaildocs/document/delete/": BULK_SUPERUSERS,
    # The superusers' areas: their listings, histories and usage only read.
    "admin/collections/": SUPERUSERS_READ,
    "admin/workflows/list/": SUPERUSERS_READ,
    "admin/workflows/list/results/": SUPERUSERS_READ,
    "admin/workflows/usage/<int:pk>/": SUPERUSERS_READ,
    "admin/workflows/usage/<int:pk>/results/": SUPERUSERS_READ,
    "admin/workflows/enable/<int:pk>/": "login/login no/no no/no no/ok",
    "admin/workflows/remove/<int:page_pk>/": "login/login no/no no/no no/ok",
    "admin/workflows/remove/<int:page_pk>/<int:workflow_pk>/": "login/login no/no no/no no/ok",
    "admin/workflows/tasks/index/": SUPERUSERS_READ,
    "admin/workflows/tasks/index/results/": SUPERUSERS_READ,
    "admin/workflows/tasks/enable/<int:pk>/": "login/login no/no no/no no/ok",
    "admin/workflows/task_chooser/": SIGNED_IN_READ,
    # Its creation form refuses a POST without the task type (400); superusers may create.
    "admin/workflows/task_chooser/create/": "login/login ok/400 ok/400 ok/ok",
    "admin/workflows/task_chooser/results/": SIGNED_IN_READ,
    "admin/redirects/": SUPERUSERS_READ,
    "admin/redirects/results/": SUPERUSERS_READ,
    "admin/redirects/import/process/": "login/login no/no no/no no/500",  # needs an upload
    "admin/settings/<slug:app_name>/<slug:model_name>/<int:pk>/preview/": NOBODY,
    **{
        f"admin/{area}/{view}": SUPERUSERS_READ
        for area in ("sites", "users", "groups")
        for view in (
            "",
            "results/",
            "history/<int:pk>/",
            "history-results/<int:pk>/",
            "usage/<int:pk>/",
        )
    },
}


def rule_for(key, own):
    """The rule for the address `key`: the project's own must have a row in RULES; Wagtail's
    follow their area unless WAGTAIL_ADDRESSES names them."""
    if key in RULES:
        return RULES[key]
    if own:
        return None
    if key in WAGTAIL_ADDRESSES:
        return WAGTAIL_ADDRESSES[key]
    areas = [area for area in WAGTAIL_AREAS if key.startswith(area)]
    return WAGTAIL_AREAS[max(areas, key=len)] if areas else None


def expected(rule, role, method):
    """What `rule` says `role` gets by `method`."""
    get, post = rule.split()[ROLES.index(role)].split("/")
    return get if method == "GET" else post
