"""Each action is one permission (see core.roles): reviewing a ruling, issuing an errata card
and keeping the glossary get permissions of their own, granted to the groups here, and
core.roles declares every grant.

The add/change/delete permissions of errata cards and glossary pairs are replaced by those
and removed, so that the group editor offers nothing that no view asks. Wagtail's own
migrations give any group named Editors its image and document libraries; Rulesage shows
neither an image nor a Wagtail document anywhere, so Editors lose those grants too.

Going back leaves all that removed: a `migrate` with the earlier code creates the
permissions again (Django's `create_permissions`), and an administrator gives them back to
the groups in the admin.
"""

from django.db import migrations

REPLACED = {
    "erratacard": ["add", "change", "delete"],
    "glossaryterm": ["add", "change", "delete"],
}
LIBRARIES = ["wagtailimages", "wagtaildocs"]


def grant_actions(apps, schema_editor):
    from core.roles import EDITORS, ensure_roles

    ensure_roles(apps)
    Permission = apps.get_model("auth", "Permission")
    for model, actions in REPLACED.items():
        Permission.objects.filter(
            content_type__app_label="rulings",
            content_type__model=model,
            codename__in=[f"{action}_{model}" for action in actions],
        ).delete()
    editors = apps.get_model("auth", "Group").objects.get(name=EDITORS)
    editors.permissions.remove(*Permission.objects.filter(content_type__app_label__in=LIBRARIES))
    apps.get_model("wagtailcore", "GroupCollectionPermission").objects.filter(
        group=editors, permission__content_type__app_label__in=LIBRARIES
    ).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("rulesage", "0007_translators_translate_rulings"),
        ("rulings", "0026_one_permission_per_action"),
        ("wagtailimages", "0027_image_description"),
        ("wagtaildocs", "0014_alter_document_file_size"),
    ]

    operations = [migrations.RunPython(grant_actions, migrations.RunPython.noop)]
