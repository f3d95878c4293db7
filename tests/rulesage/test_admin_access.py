"""Every admin address, opened by each role with GET and with POST, answers as the declared
table (tests/rulesage/admin_access.py) says: allowed, sent to sign in, or refused.

The addresses are read from Django's resolver, so one added anywhere (a hook, a viewset, a
bulk action) is opened here, and fails until the table has a rule for it. Path parameters
are filled with real records of a small site (`Records`). Each request runs in a
transaction rolled back after it: what an allowed POST changes is gone for the next.
"""

import io
import re
from dataclasses import dataclass

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.tokens import default_token_generator
from django.contrib.contenttypes.models import ContentType
from django.core.files.base import ContentFile
from django.db import transaction
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from PIL import Image
from wagtail import hooks
from wagtail.admin.models import EditingSession
from wagtail.contrib.redirects.models import Redirect
from wagtail.documents import get_document_model
from wagtail.images import get_image_model
from wagtail.models import Collection, Page, Task, UploadedFile, Workflow

from catalogue.models import ErrataCard, GlossaryTerm
from core.roles import APPROVAL_TASK, EDITORS, TRANSLATORS, WORKFLOW, ensure_roles
from rulings.models import ImportJob, ReaderQuestion
from tests.conftest import ensure_root, kept_for_the_module, make_user
from tests.guides.fixtures import make_spanish_guide
from tests.rulesage.admin_access import (
    BREAKS,
    LOGIN,
    MALFORMED,
    OK,
    REFUSED,
    ROLES,
    RULES,
    WAGTAIL_ADDRESSES,
    WAGTAIL_AREAS,
    expected,
    rule_for,
)
from tests.rulesage.fixtures import make_full_site
from tests.rulings.fixtures import import_export

PARAMETER = re.compile(r"<(?:\w+:)?(?P<name>\w+)>|\(\?P<(?P<group>\w+)>[^)]*\)")
PROJECT_APPS = {"core", "catalogue", "rulings", "guides", "pages", "rulesage"}
LANGUAGES = {f"/{code}/" for code, _name in settings.LANGUAGES}


def pixel():
    """A one-pixel PNG, for the image addresses."""
    png = io.BytesIO()
    Image.new("RGB", (1, 1)).save(png, "PNG")
    return png.getvalue()


def admin_routes(patterns=None, prefix=""):
    """(route, view) of every URL pattern under /admin/, nested includes walked, regular
    expressions anchored with "^" included."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from admin_routes(pattern.url_patterns, route)
        elif route.removeprefix("^").startswith("admin/"):
            yield route, pattern.callback


def view_model(view):
    model = getattr(view, "view_initkwargs", {}).get("model")
    return apps.get_model(model) if isinstance(model, str) else model


def is_own(view):
    """The project's own view, or a Wagtail view of one of the project's models."""
    model = view_model(view)
    return view.__module__.split(".")[0] in PROJECT_APPS or (
        model is not None and model._meta.app_label in PROJECT_APPS
    )


class Records:
    """The small site whose records fill the addresses' parameters."""

    def __init__(self):
        ensure_root()  # the workflow's page (a flushed database has none)
        ensure_roles(apps)
        self.root_collection()  # images and documents go in it
        User = get_user_model()
        groups = {name: Group.objects.get(name=name) for name in (EDITORS, TRANSLATORS)}
        self.users = {
            "anonymous": None,
            "translator": make_user(User, "tania", groups[TRANSLATORS]),
            "editor": make_user(User, "eduardo", groups[EDITORS]),
            "superuser": User.objects.create_superuser("root", "root@example.com", "pw"),
        }
        spanish_guide, _policy = make_spanish_guide()
        self.guide, self.ruling = make_full_site(spanish_guide, import_export())
        self.game_page = self.guide.get_parent().specific
        self.card = ErrataCard.objects.get(passage__citations__ruling=self.ruling)
        self.card.save_revision(user=self.users["editor"])
        edition = self.ruling.edition
        self.question = ReaderQuestion.objects.create(
            edition=edition, question="May I pass after drafting this turn?"
        )
        self.term = GlossaryTerm.objects.create(
            game=edition.game, english="tie", translation="empate"
        )
        self.import_job = ImportJob.objects.create(created_by=self.users["editor"])
        self.image = get_image_model().objects.create(
            title="Pixel", file=ContentFile(pixel(), name="pixel.png")
        )
        self.document = get_document_model().objects.create(
            title="Rules", file=ContentFile(b"rules", name="rules.txt")
        )
        self.upload = UploadedFile.objects.create(
            file=ContentFile(pixel(), name="upload.png"),
            for_content_type=ContentType.objects.get_for_model(get_image_model()),
        )
        self.redirect = Redirect.objects.create(old_path="/old", redirect_link="/en/")
        self.workflow = Workflow.objects.get(name=WORKFLOW)
        self.task = Task.objects.get(name=APPROVAL_TASK)
        self.guide.save_revision(user=self.users["translator"])
        self.workflow_state = self.workflow.start(self.guide, self.users["translator"])
        self.collection = self.root_collection().add_child(name="Rulebooks")
        self.sessions = {
            role: EditingSession.objects.create(
                user=user,
                content_type=ContentType.objects.get_for_model(Page),
                object_id=str(self.guide.pk),
                last_seen_at=timezone.now(),
            )
            for role, user in self.users.items()
            if user is not None
        }
        self.by_model = {
            type(record): record
            for record in (
                self.ruling,
                self.card,
                edition.game,
                edition,
                self.ruling.citations.get(n=1).passage,
                self.ruling.citations.get(n=1).passage.document,
                self.term,
                self.question,
                self.guide.get_site(),
                self.users["translator"],
                groups[TRANSLATORS],
                self.workflow,
                self.task.specific,
                self.image,
                self.document,
            )
        }
        self.by_model[Task] = self.task
        self.signed_in = {role: signed_in(user) for role, user in self.users.items()}

    @staticmethod
    def root_collection():
        """Wagtail's root collection: its migration makes it, a transactional test's flush
        removes it."""
        return Collection.get_first_root_node() or Collection.add_root(name="Root")

    def record_for(self, route, view):
        """The record a route's `pk` (and its revisions) names: of the view's model, or
        where the view names none, of the area the route is in."""
        model = view_model(view)
        if model is not None:
            return self.record_of(model)
        areas = {
            "admin/api/main/^images/": self.image,
            "admin/api/main/^documents/": self.document,
            "admin/api/main/^pages/": self.guide,
            "admin/pages/": self.guide,
            "admin/collections/": self.collection,
            "admin/workflows/tasks/": self.task,
            "admin/workflows/": self.workflow,
            "admin/settings/": self.guide.get_site(),
            "admin/import-rulings/": self.import_job,
            "admin/rulings/translations/": self.ruling,
        }
        return next((r for area, r in areas.items() if route.startswith(area)), None)

    def parameters(self, route, view, role):
        """{name: value} for the route's path parameters, opened by `role`."""
        record = self.record_for(route, view)
        translator = self.users["translator"]
        values = {
            "pk": getattr(record, "pk", None),
            "revision_id": getattr(record, "latest_revision_id", None),
            "page_id": self.guide.pk,
            "page_to_move_id": self.guide.pk,
            "page_pk": self.guide.pk,
            "object_id": self.guide.pk,
            "parent_page_id": self.game_page.pk,
            "destination_id": self.game_page.pk,
            "revision_id_a": "earliest",
            "revision_id_b": "latest",
            "content_type_app_name": "guides",
            "content_type_model_name": "guidepage",
            "app_label": "guides",
            "model_name": "guidepage",
            "workflow_pk": self.workflow.pk,
            "task_id": self.task.pk,
            "task_state_id": self.workflow_state.current_task_state.pk,
            "workflow_state_id": self.workflow_state.pk,
            "action_name": "approve",
            "collection_id": self.collection.pk,
            "redirect_id": self.redirect.pk,
            "document_id": self.document.pk,
            "doc_id": self.document.pk,
            "image_id": self.image.pk,
            "uploaded_file_id": self.upload.pk,
            "filter_spec": "original",
            "session_id": self.sessions[role].pk if role in self.sessions else 0,
            "language": "es",
            "uidb64": urlsafe_base64_encode(force_bytes(translator.pk)),
            "token": default_token_generator.make_token(translator),
        }
        return values | self.for_route(route)

    def for_route(self, route):
        """Where a parameter's name does not say which record type it is."""
        if route.startswith("admin/settings/"):
            return {"app_name": "pages", "model_name": "sitesettings"}
        return {
            "admin/api/main/^pages/<int:pk>/action/<str:action_name>/": {"action_name": "publish"},
            "admin/tag-autocomplete/<slug:app_name>/<slug:model_name>/": {
                "app_name": "wagtailimages",
                "model_name": "image",
            },
            "admin/workflows/tasks/add/<str:app_label>/<str:model_name>/": {
                "app_label": "wagtailcore",
                "model_name": "groupapprovaltask",
            },
            "^admin/snippets/rulings/(?P<model>game|edition|document|passage|erratacard"
            "|glossaryterm)/(?P<tail>.*)$": {"model": "game", "tail": "edit/1/"},
            "admin/editing-sessions/ping/<str:app_label>/<str:model_name>/<str:object_id>/"
            "<int:session_id>/": {"app_label": "wagtailcore", "model_name": "page"},
            "admin/glossary-suggestions/<int:pk>/<str:decision>/": {"pk": 1, "decision": "accept"},
        }.get(route, {})

    def bulk_actions(self):
        """(key, URL) of each registered bulk action, on one record of its model."""
        for action in hooks.get_hooks("register_bulk_action"):
            for model in action.models:
                record = self.record_of(model)
                if record is None:
                    continue
                opts = model._meta
                key = f"admin/bulk/{opts.app_label}/{opts.model_name}/{action.action_type}/"
                yield key, f"/{key}?id={record.pk}"

    def record_of(self, model):
        if model is None:
            return None
        if issubclass(model, Page):
            return self.guide
        if model is get_user_model():
            return self.users["translator"]
        return next((r for m, r in self.by_model.items() if issubclass(model, m)), None)


def signed_in(user):
    """The session cookie of `user` signed in once, for every request of the module (each
    request's changes to the session are rolled back with its transaction); None for
    anonymous."""
    if user is None:
        return None
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


@dataclass(frozen=True)
class Address:
    key: str  # its route, as the table names it (a bulk action: its address)
    url: str
    own: bool  # the project's view, or Wagtail's view of one of the project's models
    project_code: bool  # the project's own view


def url_of(route, values):
    """The route's address with its parameters filled from `values` ({name: value})."""

    def filled(match):
        name = match["name"] or match["group"]
        if values.get(name) is None:
            raise LookupError(f"No record for the parameter {name} of {route}: add one.")
        return str(values[name])

    path = PARAMETER.sub(filled, route)
    return "/" + path.replace("^", "").replace("$", "").replace(".*", "nowhere").replace("\\", "")


def addresses(records, role):
    """Every admin address, its parameters filled for `role`."""
    for route, view in admin_routes():
        if route.startswith("admin/bulk/"):
            for key, url in records.bulk_actions():
                own = apps.get_model(*key.split("/")[2:4])._meta.app_label in PROJECT_APPS
                yield Address(key, url, own, project_code=False)
            continue
        url = url_of(route, records.parameters(route, view, role))
        project_code = view.__module__.split(".")[0] in PROJECT_APPS
        yield Address(route, url, is_own(view), project_code)


@pytest.fixture(scope="module")
def records(django_db_setup, django_db_blocker):
    with kept_for_the_module(django_db_blocker):
        yield Records()


def outcome(response):
    """What the person was given: allowed, sent to sign in, refused, or an error."""
    status = response.status_code
    if status in (301, 302):
        location = response["Location"]
        if location.startswith(reverse("wagtailadmin_login")):
            return LOGIN
        if location.endswith(response.wsgi_request.get_full_path()) and location[:4] in LANGUAGES:
            return REFUSED  # not found: the language middleware tries /en/… instead
        told = [m for m in messages.get_messages(response.wsgi_request) if m.level_tag == "error"]
        if location == reverse("wagtailadmin_home") and told:
            return REFUSED
        return OK
    if status in (403, 404, 405):
        return REFUSED
    if status == 400:
        return MALFORMED
    if status >= 500:
        return BREAKS
    context = response.context
    if context is not None and "items_with_no_access" in context and not context["items"]:
        return REFUSED  # a bulk action's confirmation: nothing listed that they may act on
    return OK


def opened(session, method, url):
    """(outcome, detail) of one request, in a transaction rolled back after it, from a
    browser of its own holding only the role's session cookie (no messages left by the one
    before; what the request changes in the session is rolled back)."""
    client = Client()
    if session is not None:
        client.cookies[settings.SESSION_COOKIE_NAME] = session
    with transaction.atomic():
        try:
            response = getattr(client, method.lower())(url)
            result = outcome(response), response.status_code
        except Exception as error:
            result = BREAKS, f"{type(error).__name__}: {error}"[:200]
        transaction.set_rollback(True)
    return result


def unlisted(address):
    where = "RULES" if address.own else "RULES or WAGTAIL_ADDRESSES (or an area)"
    return (
        f"no rule for {address.key!r}: add its row to {where} in "
        f'tests/rulesage/admin_access.py, e.g. "{address.key}": EDITORS,'
    )


@pytest.mark.parametrize("role", ROLES)
def test_every_admin_address_answers_each_role_as_declared(db, records, role):
    session = records.signed_in[role]
    wrong = []
    for address in addresses(records, role):
        rule = rule_for(address.key, address.own)
        if rule is None:
            wrong.append(unlisted(address))
            continue
        for method in ("GET", "POST"):
            got, detail = opened(session, method, address.url)
            if got != expected(rule, role, method) or (got == BREAKS and address.project_code):
                wrong.append(
                    f"{method} {address.url} [{address.key}]: {got} ({detail}), "
                    f"declared {expected(rule, role, method)}"
                )
    assert not wrong, f"{len(wrong)} answers differ from the table:\n" + "\n".join(wrong)


def test_the_table_names_only_addresses_there_are(db, records):
    keys = {address.key for address in addresses(records, "editor")}
    assert not set(RULES) - keys, "rows for addresses that are gone"
    assert not set(WAGTAIL_ADDRESSES) - keys, "rows for addresses that are gone"
    assert all(any(key.startswith(area) for key in keys) for area in WAGTAIL_AREAS)
