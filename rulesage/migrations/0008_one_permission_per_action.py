"""Each action is one permission (see core.roles): reviewing a ruling, issuing an errata card
and keeping the glossary get permissions of their own, granted to the groups here.

The add/change/delete permissions of errata cards and glossary pairs are replaced by those
and removed, so that the group editor offers nothing that no view asks. Going back leaves
them removed: a `migrate` with the earlier code creates them again (Django's
`create_permissions`), and an administrator gives them back to the groups in the admin.
"""

from django.db import migrations

REPLACED = {
    "erratacard": ["add", "change", "delete"],
    "glossaryterm": ["add", "change", "delete"],
}


def grant_actions(apps, schema_editor):
    from core.roles import ensure_roles

    ensure_roles(apps)
    Permission = apps.get_model("auth", "Permission")
    for model, actions in REPLACED.items():
        Permission.objects.filter(
            content_type__app_label="rulings",
            content_type__model=model,
            codename__in=[f"{action}_{model}" for action in actions],
        ).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("rulesage", "0007_translators_translate_rulings"),
        ("rulings", "0024_one_permission_per_action"),
    ]

    operations = [migrations.RunPython(grant_actions, migrations.RunPython.noop)]
