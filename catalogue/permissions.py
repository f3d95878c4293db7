"""Who may take the catalogue's one-permission actions (core.roles names them).

Adding an errata card and amending one are one action, issuing errata; adding, changing and
removing glossary pairs are one action, keeping the glossary. Each is one permission
(core.roles), and every view Wagtail builds for the model (add, edit, copy, revert, the
chooser's "create", bulk delete) asks its policy, so each asks that one permission.
"""

from wagtail.permission_policies import ModelPermissionPolicy
from wagtail.permissions import register_permission_policy

from .models import ErrataCard, GlossaryTerm


class OneActionPolicy(ModelPermissionPolicy):
    """Wagtail's `writes` ("add", "change", …) on the model all ask for `action`'s
    permission (`<action>_<model>`); anything else is asked as usual."""

    def __init__(self, model, action, writes):
        super().__init__(model)
        self.action, self.writes = action, frozenset(writes)

    def asked(self, action):
        return self.action if action in self.writes else action

    def user_has_permission(self, user, action):
        return super().user_has_permission(user, self.asked(action))

    def users_with_any_permission(self, actions):
        return super().users_with_any_permission({self.asked(action) for action in actions})


def register_policies():
    register_permission_policy(
        ErrataCard, OneActionPolicy(ErrataCard, "issue", writes=("add", "change"))
    )
    register_permission_policy(
        GlossaryTerm, OneActionPolicy(GlossaryTerm, "keep", writes=("add", "change", "delete"))
    )
