"""Who may do what: each action is one permission, granted here to the Editors and
Translators groups; `ensure_roles(apps)` is safe to run again (migrations, tests)."""

from django.contrib.auth.management import create_permissions
from django.db.models import Q

EDITORS = "Editors"
TRANSLATORS = "Translators"
WORKFLOW = "Editorial review"
APPROVAL_TASK = "Editors' approval"

# The actions, each one permission ("app_label.codename"). Publishing a guide is Wagtail's
# own page permission, `publish_page`, granted on the page tree (EDITOR_PAGE_PERMISSIONS)
# and asked by Wagtail's page views, bulk actions and workflow.
REVIEW_RULING = "rulings.review_ruling"  # verify, correct or withdraw a ruling
ANSWER_QUESTION = "rulings.change_readerquestion"  # answer, mark a duplicate or decline
IMPORT_RULINGS = "rulings.add_importjob"
ISSUE_ERRATA = "catalogue.issue_erratacard"  # add an errata card or amend one
# Make a ruling, or its draft, what readers see (Wagtail's permission for a snippet with drafts).
PUBLISH_RULING = "rulings.publish_ruling"
KEEP_GLOSSARY = "catalogue.keep_glossaryterm"  # add, change or remove a glossary pair
MARK_TRANSLATION = "core.mark_translation_up_to_date"  # a guide's or a ruling's

EDITOR_PAGE_PERMISSIONS = ["add_page", "change_page", "publish_page", "lock_page", "unlock_page"]
TRANSLATOR_PAGE_PERMISSIONS = ["change_page"]

# What each group may see and do besides the page tree. Rulings are translated in their
# own form (rulings.forms.RulingForm keeps translators to the translated fields).
TRANSLATOR_PERMISSIONS = [
    MARK_TRANSLATION,
    KEEP_GLOSSARY,
    "core.view_translationmark",
    "rulings.view_ruling",
    "rulings.change_ruling",
    "catalogue.view_glossaryterm",
]
# The rules knowledge Editors keep, record by record.
CATALOGUE = ["game", "edition", "document", "passage"]
EDITOR_PERMISSIONS = [
    *TRANSLATOR_PERMISSIONS,
    REVIEW_RULING,
    ANSWER_QUESTION,
    IMPORT_RULINGS,
    PUBLISH_RULING,
    ISSUE_ERRATA,
    "catalogue.view_erratacard",
    "rulings.view_readerquestion",
    "rulings.add_ruling",
    *(f"catalogue.{action}_{model}" for model in CATALOGUE for action in ("add", "change")),
    *(f"catalogue.view_{model}" for model in CATALOGUE),
]


def edits_translations_only(user):
    """True for a user whose only role is Translators: English text is not theirs to change."""
    if user is None or not user.is_authenticated or user.is_superuser:
        return False
    return set(user.groups.values_list("name", flat=True)) == {TRANSLATORS}


def public_name(user):
    """How readers are told who did something (reviewed a ruling, checked a guide)."""
    return (user.get_full_name() or user.get_username()) if user else ""


def ensure_permissions(apps, app_label):
    """Create the app's model permissions now; Django only does so after all migrations."""
    app_config = apps.get_app_config(app_label)
    models_module = getattr(app_config, "models_module", None)
    # create_permissions skips apps without a models module, as historical apps appear.
    app_config.models_module = models_module or True
    try:
        create_permissions(app_config, verbosity=0)
    finally:
        app_config.models_module = models_module


def ensure_roles(apps):
    """Create or complete the Editors and Translators groups and the review workflow."""
    # Before the catalogue's own migrations, its models were the rulings app's.
    present = {app_config.label for app_config in apps.get_app_configs()}
    for app_label in ("wagtailcore", "core", "guides", "rulings", "catalogue"):
        if app_label in present:
            ensure_permissions(apps, app_label)
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")

    def named(names):
        """The permissions "app_label.codename" of `names` that exist yet."""
        wanted = Q(pk__in=[])
        for name in names:
            app_label, codename = name.split(".")
            wanted |= Q(content_type__app_label=app_label, codename=codename)
        return Permission.objects.filter(wanted)

    editors, _ = Group.objects.get_or_create(name=EDITORS)
    editors.permissions.add(*named(["wagtailadmin.access_admin", *EDITOR_PERMISSIONS]))
    translators, _ = Group.objects.get_or_create(name=TRANSLATORS)
    translators.permissions.add(*named(["wagtailadmin.access_admin", *TRANSLATOR_PERMISSIONS]))
    ensure_page_roles(apps, editors, translators, named)


def ensure_page_roles(apps, editors, translators, named):
    """Page permissions at the tree's root, and the workflow every page inherits from it."""
    Page = apps.get_model("wagtailcore", "Page")
    root = Page.objects.filter(depth=1).first()
    if root is None:
        return
    GroupPagePermission = apps.get_model("wagtailcore", "GroupPagePermission")
    for group, codenames in (
        (editors, EDITOR_PAGE_PERMISSIONS),
        (translators, TRANSLATOR_PAGE_PERMISSIONS),
    ):
        for permission in named(f"wagtailcore.{codename}" for codename in codenames):
            GroupPagePermission.objects.get_or_create(group=group, page=root, permission=permission)

    ContentType = apps.get_model("contenttypes", "ContentType")
    GroupApprovalTask = apps.get_model("wagtailcore", "GroupApprovalTask")
    Workflow = apps.get_model("wagtailcore", "Workflow")
    WorkflowTask = apps.get_model("wagtailcore", "WorkflowTask")
    WorkflowPage = apps.get_model("wagtailcore", "WorkflowPage")
    # Names are not unique in Wagtail: an administrator may have made another of the same.
    task = GroupApprovalTask.objects.filter(name=APPROVAL_TASK).first()
    if task is None:
        task_type, _ = ContentType.objects.get_or_create(
            app_label="wagtailcore", model="groupapprovaltask"
        )
        task = GroupApprovalTask.objects.create(
            name=APPROVAL_TASK, active=True, content_type=task_type
        )
    task.groups.add(editors)
    workflow = Workflow.objects.filter(name=WORKFLOW).first() or Workflow.objects.create(
        name=WORKFLOW, active=True
    )
    WorkflowTask.objects.get_or_create(workflow=workflow, task=task, defaults={"sort_order": 0})
    # Every page inherits the workflow of the tree's root, replacing Wagtail's default.
    WorkflowPage.objects.update_or_create(page=root, defaults={"workflow": workflow})
