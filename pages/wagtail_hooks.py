"""What the site gives its apps through Wagtail's hooks."""

from wagtail import hooks

from .feeds import GameFeed

# A game's feed is a route of its game page (guides), but its entries come from every app.
hooks.register("game_feed", GameFeed())
