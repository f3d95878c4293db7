"""Issuing errata and keeping the glossary are one permission each (core.roles), asked by
every view Wagtail builds for the model."""

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
