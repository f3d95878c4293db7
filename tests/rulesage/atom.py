"""A structural check of an Atom feed, as RFC 4287 states it (sections 4.1.1, 4.1.2, 4.2.6,
4.2.15, 3.2 and 3.3), for tests: what a feed validator would refuse, named one by one."""

import re
from urllib.parse import urlsplit
from xml.etree import ElementTree

ATOM = "{http://www.w3.org/2005/Atom}"
# RFC 3339 date-time (section 5.6), as Atom's date constructs require (3.3).
RFC3339 = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})")
SCHEME = re.compile(r"[a-z][a-z0-9+.-]*")


def exactly_one(element, name, where, problems):
    found = element.findall(f"{ATOM}{name}")
    if len(found) != 1:
        problems.append(f"{where} has {len(found)} atom:{name}, not exactly one")
    return found[0] if len(found) == 1 else None


def check_date(element, where, problems):
    if element is not None and not RFC3339.fullmatch((element.text or "").strip()):
        problems.append(f"{where}: {element.text!r} is not an RFC 3339 date-time")


def check_id(element, hosts, where, problems):
    """An IRI, absolute (4.2.6), that does not name the host the feed was read on."""
    if element is None:
        return
    value = (element.text or "").strip()
    scheme = urlsplit(value).scheme
    if not SCHEME.fullmatch(scheme) or value == f"{scheme}:" or re.search(r"\s", value):
        problems.append(f"{where}: id {value!r} is not an absolute IRI")
    for host in hosts:
        if host.lower() in value.lower():
            problems.append(f"{where}: id {value!r} names the host {host!r}")


def check_authors(element, where, problems):
    """Each author is a person construct with exactly one atom:name (3.2)."""
    authors = element.findall(f"{ATOM}author")
    for author in authors:
        exactly_one(author, "name", f"{where}'s atom:author", problems)
    return authors


def atom_problems(content, hosts=()):
    """What makes `content` (a feed's bytes) an invalid Atom feed; empty when nothing does.
    `hosts` are the hosts it was read on, which no id may contain."""
    problems = []
    feed = ElementTree.fromstring(content)
    if feed.tag != f"{ATOM}feed":
        return [f"the document is {feed.tag}, not atom:feed"]
    check_id(exactly_one(feed, "id", "atom:feed", problems), hosts, "atom:feed", problems)
    exactly_one(feed, "title", "atom:feed", problems)
    check_date(exactly_one(feed, "updated", "atom:feed", problems), "atom:feed", problems)
    feed_authors = check_authors(feed, "atom:feed", problems)
    ids = []
    for n, entry in enumerate(feed.findall(f"{ATOM}entry"), start=1):
        where = f"entry {n}"
        entry_id = exactly_one(entry, "id", where, problems)
        check_id(entry_id, hosts, where, problems)
        if entry_id is not None:
            ids.append(entry_id.text)
        exactly_one(entry, "title", where, problems)
        check_date(exactly_one(entry, "updated", where, problems), where, problems)
        for published in entry.findall(f"{ATOM}published"):
            check_date(published, where, problems)
        if not check_authors(entry, where, problems) and not feed_authors:
            problems.append(f"{where} has no atom:author, nor has the feed")
        alternates = [
            link
            for link in entry.findall(f"{ATOM}link")
            if link.get("rel", "alternate") == "alternate"
        ]
        if entry.find(f"{ATOM}content") is None and not alternates:
            problems.append(f"{where} has neither atom:content nor an alternate atom:link")
        kinds = [(link.get("type"), link.get("hreflang")) for link in alternates]
        if len(set(kinds)) != len(kinds):
            problems.append(f"{where} has two alternate links of the same type and language")
    if len(set(ids)) != len(ids):
        problems.append("two entries share an id")
    return problems
