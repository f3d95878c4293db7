"""Who may do what: each action is one permission, granted to the groups by core.roles, and
Wagtail's views of errata cards and glossaries ask that one permission for every change."""

import pytest
from wagtail.permissions import policy_registry

from catalogue.models import ErrataCard, GlossaryTerm
from core import roles

pytestmark = pytest.mark.django_db

EDITORS_ONLY = [
    roles.REVIEW_RULING,
    roles.ANSWER_QUESTION,
    roles.IMPORT_RULINGS,
    roles.ISSUE_ERRATA,
]
BOTH = [roles.KEEP_GLOSSARY, roles.MARK_TRANSLATION]


def test_editors_take_every_action_and_translators_only_theirs(editor, translator):
    for action in EDITORS_ONLY + BOTH:
        assert editor.has_perm(action), action
    for action in EDITORS_ONLY:
        assert not translator.has_perm(action), action
    for action in BOTH:
        assert translator.has_perm(action), action


def test_adding_and_amending_an_errata_card_are_issuing_it(editor, translator, admin_user):
    cards = policy_registry.get_by_type(ErrataCard)
    for action in ("add", "change"):
        assert cards.user_has_permission(editor, action)
        assert not cards.user_has_permission(translator, action)
    # A card is withdrawn, not deleted: deleting one is a superuser's.
    assert not cards.user_has_permission(editor, "delete")
    assert cards.user_has_permission(admin_user, "delete")
    assert set(cards.users_with_permission("add")) == {editor, admin_user}


def test_every_change_to_a_glossary_is_keeping_it(editor, translator):
    glossary = policy_registry.get_by_type(GlossaryTerm)
    for user in (editor, translator):
        for action in ("add", "change", "delete"):
            assert glossary.user_has_permission(user, action)
