import wagtail_factories

from pages.models import HomePage, StandardPage


class HomePageFactory(wagtail_factories.PageFactory):
    title = "Rulesage"
    intro = "<p>Guides you can check.</p>"

    class Meta:
        model = HomePage


class StandardPageFactory(wagtail_factories.PageFactory):
    title = "Editorial policy"
    slug = "editorial-policy"
    intro = "<p>How we check guides.</p>"

    class Meta:
        model = StandardPage
