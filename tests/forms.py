"""What a browser would submit for a form, read from the HTML the server sent."""

from bs4 import BeautifulSoup

NOT_SENT_TYPES = {"submit", "button", "reset", "image", "file"}


def browser_post_data(html, form_id):
    """The form's successful controls, as a browser builds them (HTML's form submission).

    Disabled controls and those inside a <template> are never sent, unchecked boxes are
    not sent, and buttons only when clicked. Controls that scripts build at run time (a
    StreamField's inputs) are not in the HTML: callers add what the script would send.
    """
    form = BeautifulSoup(html, "html.parser").find(id=form_id)
    data = {}
    for control in form.find_all(["input", "select", "textarea"]):
        name = control.get("name")
        if not name or control.has_attr("disabled") or control.find_parent("template"):
            continue
        if control.name == "input":
            kind = control.get("type", "text").lower()
            if kind in NOT_SENT_TYPES or (
                kind in {"checkbox", "radio"} and not control.has_attr("checked")
            ):
                continue
            value = control.get("value", "on" if kind in {"checkbox", "radio"} else "")
        elif control.name == "textarea":
            value = control.get_text()
        else:
            options = control.find_all("option")
            chosen = [o for o in options if o.has_attr("selected")] or options[:1]
            value = chosen[0].get("value", chosen[0].get_text()) if chosen else ""
        data.setdefault(name, []).append(value)
    return data
