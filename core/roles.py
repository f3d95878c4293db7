"""The editorial roles, as Django groups: Editors publish, Translators translate.

Editors add, edit, publish, lock and unlock every page, maintain the rules knowledge and
work the rulings desk (passages, errata cards, rulings, which they publish). Translators
may edit pages but not publish: what they submit goes through the "Editorial review"
workflow, whose approval task belongs to Editors, and the page form keeps them to the
translated fields. They may also save drafts of rulings, whose form likewise keeps them to
the translations, for an editor to publish; both roles keep each game's glossary.

`ensure_roles(apps)` makes all of that so, and is safe to run again: the data migrations
run it with the historical app registry, and tests run it after a flushed database.
Groups keep any other permission an administrator gave them.
"""

from django.contrib.auth.management import create_permissions

EDITORS = "Editors"
TRANSLATORS = "Translators"
WORKFLOW = "Editorial review"
APPROVAL_TASK = "Editors' approval"

EDITOR_PAGE_PERMISSIONS = ["add_page", "change_page", "publish_page", "lock_page", "unlock_page"]
TRANSLATOR_PAGE_PERMISSIONS = ["change_page"]
TRANSLATION_PERMISSIONS = ["view_guidetranslation", "mark_translation_up_to_date"]
# Rulings are translated in their own form (rulings.forms.RulingForm keeps translators to
# the translated fields) and each game's glossary is the translators' own.
RULINGS_TRANSLATION_PERMISSIONS = [
    "view_ruling",
    "change_ruling",
    "view_rulingtranslation",
    "mark_translation_up_to_date",
    *(f"{action}_glossaryterm" for action in ("add", "change", "delete", "view")),
]
# Publishing a ruling makes it (or its draft) what readers see: Editors only.
RULINGS_PUBLISH_PERMISSIONS = ["publish_ruling"]
# The rulings desk: Editors add, change and view each of these (and answer readers).
RULINGS_DESK_MODELS = [
    "game",
    "edition",
    "document",
    "passage",
    "erratacard",
    "ruling",
    "readerquestion",
]


def edits_translations_only(user):
    """True for a user whose only role is Translators: English text is not theirs to change."""
    if user is None or not user.is_authenticated or user.is_superuser:
        return False
    return set(user.groups.values_list("name", flat=True)) == {TRANSLATORS}


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
    for app_label in ("wagtailcore", "guides", "rulings"):
        ensure_permissions(apps, app_label)
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")

    def permissions(app_label, codenames):
        return Permission.objects.filter(content_type__app_label=app_label, codename__in=codenames)

    access_admin = permissions("wagtailadmin", ["access_admin"])
    translation = [
        *permissions("guides", TRANSLATION_PERMISSIONS),
        *permissions("rulings", RULINGS_TRANSLATION_PERMISSIONS),
    ]
    desk = permissions(
        "rulings",
        [
            f"{action}_{model}"
            for model in RULINGS_DESK_MODELS
            for action in ("add", "change", "view")
        ]
        + RULINGS_PUBLISH_PERMISSIONS,
    )
    editors, _ = Group.objects.get_or_create(name=EDITORS)
    editors.permissions.add(*access_admin, *translation, *desk)
    translators, _ = Group.objects.get_or_create(name=TRANSLATORS)
    translators.permissions.add(*access_admin, *translation)
    ensure_page_roles(apps, editors, translators, permissions)


def ensure_page_roles(apps, editors, translators, permissions):
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
        for permission in permissions("wagtailcore", codenames):
            GroupPagePermission.objects.get_or_create(group=group, page=root, permission=permission)

    ContentType = apps.get_model("contenttypes", "ContentType")
    GroupApprovalTask = apps.get_model("wagtailcore", "GroupApprovalTask")
    Workflow = apps.get_model("wagtailcore", "Workflow")
    WorkflowTask = apps.get_model("wagtailcore", "WorkflowTask")
    WorkflowPage = apps.get_model("wagtailcore", "WorkflowPage")
    task = GroupApprovalTask.objects.filter(name=APPROVAL_TASK).first()
    if task is None:
        task = GroupApprovalTask.objects.create(
            name=APPROVAL_TASK,
            active=True,
            content_type=ContentType.objects.get_or_create(
                app_label="wagtailcore", model="groupapprovaltask"
            )[0],
        )
    task.groups.add(editors)
    workflow = Workflow.objects.filter(name=WORKFLOW).first()
    if workflow is None:
        workflow = Workflow.objects.create(name=WORKFLOW, active=True)
    WorkflowTask.objects.get_or_create(workflow=workflow, task=task, defaults={"sort_order": 0})
    # Every page inherits the workflow of the tree's root, replacing Wagtail's default.
    WorkflowPage.objects.update_or_create(page=root, defaults={"workflow": workflow})
