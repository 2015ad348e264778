"""The documentation site opened as a file (var/site/index.html), in Chromium on a laptop and on
a phone: no request leaves the machine, no script fails, the search finds pages, and the
navigation ends above the footer instead of under it."""

import pytest

from tests.test_docs import build_site


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return build_site(tmp_path_factory.mktemp("docs"))


@pytest.mark.parametrize("width", [1280, 390])
def test_the_docs_work_opened_as_a_file(page, site, width):
    asked, problems = [], []
    page.on(
        "request",
        lambda r: asked.append(r.url) if not r.url.startswith(("file:", "data:", "blob:")) else None,
    )
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.set_viewport_size({"width": width, "height": 800})
    page.goto((site / "concepts" / "dashboard.html").as_uri())  # a short page: quick to screenshot
    page.wait_for_function("document.querySelectorAll('iframe').length > 0")  # the search's worker
    if width < 960:  # a phone opens the search from the header's icon
        page.locator('label.md-header__button[for="__search"]').first.click()
    else:
        page.click("input.md-search__input")
    page.keyboard.type("canary", delay=20)
    page.wait_for_selector(".md-search-result__item")
    assert page.locator(".md-search-result__item").count() >= 3
    href = page.locator(".md-search-result__item a").first.get_attribute("href")
    assert ".html" in href, href
    page.keyboard.press("Escape")
    if width >= 960:  # the navigation, scrolled to the end, stays above the footer
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_timeout(200)
        nav = page.locator(".md-sidebar--primary").bounding_box()
        footer = page.locator(".md-footer").bounding_box()
        last = page.locator(".md-sidebar--primary .md-nav__link").last.bounding_box()
        assert last["y"] + last["height"] <= footer["y"] + 1, (last, footer, nav)
    assert asked == [] and problems == [], (asked, problems)
