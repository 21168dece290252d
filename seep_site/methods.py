"""HEAD and OPTIONS on every page, so that a monitor probing with HEAD, or a client asking what
a page takes, does not see the site as down (each view declares what it takes with Django's
``require_GET``, ``require_POST`` or ``require_http_methods``, which would refuse both):

- HEAD is answered by the view's GET, as Django's class-based views do; the server (gunicorn,
  the development server, the test client) sends the headers without the body.
- OPTIONS is answered 200 with ``Allow``: the view's method decorator refuses OPTIONS before the
  view runs, naming in ``Allow`` what the view takes, to which HEAD (with GET) and OPTIONS are
  added.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse


class MethodsMiddleware:
    """HEAD as GET without the body, OPTIONS as the list of methods a page takes."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "HEAD":
            request.method = "GET"
            try:
                return self.get_response(request)
            finally:
                request.method = "HEAD"  # so that the body is left out
        response = self.get_response(request)
        if (
            request.method == "OPTIONS"
            and response.status_code == 405
            and response.has_header("Allow")
        ):
            allowed = [method.strip() for method in response["Allow"].split(",")]
            if "GET" in allowed:
                allowed.append("HEAD")
            answer = HttpResponse()
            answer["Allow"] = ", ".join([*allowed, "OPTIONS"])
            return answer
        return response
