"""Remove Wagtail's default Moderators group.

Wagtail creates Moderators (publish everywhere) and Editors on a fresh database. Rulesage
keeps Editors (0002 made it ours: its page permissions, the rulings desk and the approval
task of the "Editorial review" workflow) and has no use for Moderators: a member of it could
publish outside that workflow. Members keep their accounts; an administrator gives them a
Rulesage role.
"""

from django.db import migrations


def remove_moderators(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name="Moderators").delete()


class Migration(migrations.Migration):
    dependencies = [("rulesage", "0003_editors_review_rulings")]

    operations = [migrations.RunPython(remove_moderators, migrations.RunPython.noop)]
