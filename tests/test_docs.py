"""The documentation site builds with no warning, and what it generates from the code leaves no
setting or endpoint undocumented."""

import os
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]


def build_site(into: Path) -> Path:
    """`mkdocs build --strict` into `into`/site, as `make docs` builds var/site/."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.pop("DATABASE_URL", None)
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(into / "site")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "WARNING" not in result.stderr, result.stderr[-3000:]
    return into / "site"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return build_site(tmp_path_factory.mktemp("docs"))


def test_the_site_builds_strictly_with_every_setting_and_endpoint(site):
    settings_page = (site / "configuration.html").read_text()
    from config.kaizen import SETTINGS
    from config.variables import GUNICORN_VARIABLES, VARIABLES

    for name in [*(f"KAIZEN_{key}" for key in SETTINGS), *VARIABLES, *GUNICORN_VARIABLES]:
        assert name in settings_page, name
    sdk_page = (site / "wiring" / "sdk.html").read_text()
    assert "Nothing lost" in sdk_page and "--8&lt;--" not in sdk_page  # the SDK's README, brought in
    api_page = (site / "api.html").read_text()
    for path in ("/api/v1/ingest", "/v1/traces", "/api/v1/agents/me/directives", "/api/v1/rollouts"):
        assert path in api_page, path


class Page(HTMLParser):
    """The links, the assets and the elements of one built page."""

    def __init__(self):
        super().__init__()
        self.links, self.assets, self.tags = [], [], set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.add(tag)
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        elif tag in ("script", "img") and attrs.get("src"):
            self.assets.append(attrs["src"])
        elif tag == "link" and attrs.get("rel") in ("stylesheet", "preconnect", "icon") and attrs.get("href"):
            self.assets.append(attrs["href"])


def read(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text())
    return page


# What a page may contain: a word in angle brackets written in the prose (`<result>`) would be
# read as an element and swallow the rest of the page, its scripts with it (no search, no menu).
ELEMENT_NAMES = """
html head body title meta link script style noscript header footer nav main article aside section div
span a p ul ol li dl dt dd table thead tbody tfoot tr th td caption colgroup col pre code kbd samp em
strong b i u s small sub sup mark abbr br hr img svg path g circle rect line polyline polygon form
input label button select option textarea details summary blockquote h1 h2 h3 h4 h5 h6 figure
figcaption iframe del ins q cite time var wbr
"""
ELEMENTS = set(ELEMENT_NAMES.split())


def test_the_site_works_opened_as_a_file_with_no_network(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    for path in pages:
        page = read(path)
        where = str(path.relative_to(site))
        for href in page.links if where != "404.html" else ():  # a server's page, linked from its root
            target = urlsplit(href)
            if target.scheme or not target.path:  # another site, or a place on this page
                continue
            assert target.path.endswith(".html") or Path(target.path).suffix, (where, href)  # a file
            assert (path.parent / target.path).resolve().exists(), (where, href)
        assert not [a for a in page.assets if urlsplit(a).scheme], where  # nothing from the network
        assert page.tags <= ELEMENTS, (where, page.tags - ELEMENTS)
    every = "".join(p.read_text() for p in [*pages, *site.rglob("*.css")])
    assert "fonts.googleapis" not in every and "fonts.gstatic" not in every and "unpkg.com" not in every
    assert not list(site.rglob("hooks.py"))  # the build's own code is not published
    index = (site / "search" / "search_index.js").read_text()
    assert index.startswith("var __index = ") and '"location":"concepts/ritual.html' in index


def test_every_variable_gunicorn_reads_is_documented():
    import re

    from config.variables import GUNICORN_VARIABLES

    source = (ROOT / "gunicorn.conf.py").read_text()
    read = set(re.findall(r"\b(?:GUNICORN|PROMETHEUS)_[A-Z_]+\b", source))
    assert "GUNICORN_WORKERS" in read
    assert not read - set(GUNICORN_VARIABLES)
    assert all(meaning.strip() for _, meaning in GUNICORN_VARIABLES.values())


@pytest.mark.django_db
def test_every_endpoint_says_what_it_does():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    silent = [
        f"{method.upper()} {path}"
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if not (operation.get("description") or operation.get("summary") or "").strip()
    ]
    assert not silent
