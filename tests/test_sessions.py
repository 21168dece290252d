"""The site's session store (``seep_site.sessions``): Django's database sessions, read in SQL."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from seep_site.sessions import SessionStore

pytestmark = pytest.mark.django_db


def stored(data: dict[str, object]) -> str:
    store = SessionStore()
    store.update(data)
    store.create()
    assert store.session_key is not None
    return store.session_key


def test_the_site_uses_it() -> None:
    assert settings.SESSION_ENGINE == "seep_site.sessions"


def test_a_stored_session_reads_back_in_one_query() -> None:
    key = stored({"learner": 7, "places": [1, 2]})
    with CaptureQueriesContext(connection) as captured:
        again = SessionStore(key)
        assert again["learner"] == 7 and again["places"] == [1, 2]
    assert len(captured.captured_queries) == 1
    assert again.session_key == key


def test_an_expired_session_is_not_read_and_starts_afresh() -> None:
    key = stored({"learner": 7})
    Session.objects.filter(session_key=key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    again = SessionStore(key)
    assert again.get("learner") is None
    assert again.session_key is None  # a new key is made when it is saved, never the old one
    again["learner"] = 8
    again.save()
    assert again.session_key != key


def test_an_unknown_key_reads_nothing() -> None:
    assert SessionStore("x" * 32).get("learner") is None


def test_a_browser_keeps_its_session_across_requests() -> None:
    client = Client()
    client.get("/")
    session = client.session
    session["seen"] = "yes"
    session.save()
    assert SessionStore(session.session_key)["seen"] == "yes"
