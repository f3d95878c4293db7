"""The editorial roles: Editors publish, Translators edit translations and submit them.

Editors may add, edit, publish, lock and unlock every page and maintain the rules knowledge
(games, editions, documents). Translators may edit pages but not publish: what they submit
goes through the "Editorial review" workflow, whose approval task belongs to Editors. The
page form keeps a Translators-only user to the translated fields (guides.forms).

Safe to run again (tests call `create_roles` to restore a flushed database): everything is
got or created, and existing groups keep any other permission an administrator gave them.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

EDITORS = "Editors"
TRANSLATORS = "Translators"
WORKFLOW = "Editorial review"
APPROVAL_TASK = "Editors' approval"

EDITOR_PAGE_PERMISSIONS = ["add_page", "change_page", "publish_page", "lock_page", "unlock_page"]
TRANSLATOR_PAGE_PERMISSIONS = ["change_page"]
TRANSLATION_PERMISSIONS = ["view_guidetranslation", "mark_translation_up_to_date"]
RULES_MODELS = ["game", "edition", "document"]


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


def create_roles(apps, schema_editor):
    for app_label in ("wagtailcore", "guides", "rulings"):
        ensure_permissions(apps, app_label)
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    Page = apps.get_model("wagtailcore", "Page")
    GroupPagePermission = apps.get_model("wagtailcore", "GroupPagePermission")
    GroupApprovalTask = apps.get_model("wagtailcore", "GroupApprovalTask")
    Workflow = apps.get_model("wagtailcore", "Workflow")
    WorkflowTask = apps.get_model("wagtailcore", "WorkflowTask")
    WorkflowPage = apps.get_model("wagtailcore", "WorkflowPage")

    def permissions(app_label, codenames):
        return Permission.objects.filter(
            content_type__app_label=app_label, codename__in=codenames
        )

    access_admin = permissions("wagtailadmin", ["access_admin"])
    translation = permissions("guides", TRANSLATION_PERMISSIONS)
    rules = permissions(
        "rulings",
        [f"{action}_{model}" for model in RULES_MODELS for action in ("add", "change", "view")],
    )

    editors, _ = Group.objects.get_or_create(name=EDITORS)
    editors.permissions.add(*access_admin, *translation, *rules)
    translators, _ = Group.objects.get_or_create(name=TRANSLATORS)
    translators.permissions.add(*access_admin, *translation)

    root = Page.objects.filter(depth=1).first()
    if root is None:
        return
    for group, codenames in (
        (editors, EDITOR_PAGE_PERMISSIONS),
        (translators, TRANSLATOR_PAGE_PERMISSIONS),
    ):
        for permission in permissions("wagtailcore", codenames):
            GroupPagePermission.objects.get_or_create(
                group=group, page=root, permission=permission
            )

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


class Migration(migrations.Migration):
    dependencies = [
        ("rulesage", "0001_initial"),
        ("guides", "0003_translation_freshness"),
        ("rulings", "0002_game_setup_figures"),
        ("wagtailadmin", "0001_create_admin_access_permissions"),
        ("wagtailcore", "0098_apitoken"),
    ]

    operations = [migrations.RunPython(create_roles, migrations.RunPython.noop)]
