"""Who may review a ruling (core.roles names the permission).

Reviewing a ruling is asked by the ruling form, the review queue and its bulk action
(`may_review`).
"""

from core.roles import REVIEW_RULING


def may_review(user):
    """Whether `user` may verify, correct or withdraw a ruling."""
    return bool(user and user.has_perm(REVIEW_RULING))
