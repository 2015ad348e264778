"""Admin pages whose model moved to another app: the old address leads to the new one.

A model's admin pages are addressed by its app (`/admin/<app>/<model>/…`); rollouts moved from
the improver to the experiments app and feedback items to the learning app, while links to their
old addresses live on in notes, mails and bookmarks. Each old address answers with a permanent
redirect to the same page (and query) under the model's app now."""

from django.http import HttpResponsePermanentRedirect
from django.urls import path

MOVED = {("improver", "rollout"): "experiments", ("improver", "feedbackitem"): "learning"}


def moved_admin_page(request, app: str, model: str, rest: str = ""):
    """The same admin page under the app the model belongs to now."""
    query = request.META.get("QUERY_STRING", "")
    target = f"/admin/{MOVED[(app, model)]}/{model}/{rest}" + (f"?{query}" if query else "")
    return HttpResponsePermanentRedirect(target)


def moved_admin_urls() -> list:
    """The old addresses of every moved model's admin pages: its list and every page under it."""
    urls = []
    for app, model in MOVED:
        names = {"app": app, "model": model}
        urls.append(path(f"admin/{app}/{model}/", moved_admin_page, names))
        urls.append(path(f"admin/{app}/{model}/<path:rest>", moved_admin_page, names))
    return urls
