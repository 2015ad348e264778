"""The model price table: what tokens cost when an event reports usage but no cost.

The table is a versioned document named `prices` (shipped defaults in
fleet/defaults/prices.yaml). `parse_prices` is pure; `current_prices` reuses the parsed
head for KAIZEN_INGEST_CACHE_SECONDS (fleet/hot_cache.py).
"""

from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

from config.yamldoc import load
from fleet import hot_cache
from fleet.documents import document_for, document_version_append, head_version

DOCUMENT = "prices"
DEFAULTS = Path(__file__).resolve().parent / "defaults" / "prices.yaml"


@dataclass(frozen=True)
class Rate:
    input_per_mtok: float
    output_per_mtok: float

    def cost(self, input_tokens: int, output_tokens: int) -> float:
        return round((input_tokens * self.input_per_mtok + output_tokens * self.output_per_mtok) / 1e6, 8)


@dataclass(frozen=True)
class PriceTable:
    default: Rate
    models: tuple[tuple[str, Rate], ...] = ()

    def rate(self, model: str) -> Rate:
        name = (model or "").lower()
        return next((rate for pattern, rate in self.models if fnmatchcase(name, pattern)), self.default)

    def cost(self, model: str, input_tokens: int | None, output_tokens: int | None) -> float | None:
        """USD for the tokens, or None when the event reports no tokens at all."""
        if input_tokens is None and output_tokens is None:
            return None
        return self.rate(model).cost(input_tokens or 0, output_tokens or 0)


def _rate(doc, path, value) -> Rate:
    doc.mapping(path, value, required={"input_per_mtok": (int, float), "output_per_mtok": (int, float)})
    for key in ("input_per_mtok", "output_per_mtok"):
        if isinstance(value[key], bool) or value[key] < 0:
            raise doc.error((*path, key), "must be a number ≥ 0")
    return Rate(float(value["input_per_mtok"]), float(value["output_per_mtok"]))


def parse_prices(text: str, source: str = DOCUMENT) -> PriceTable:
    """Parse a price table; YamlDocError names the line and key at fault."""
    doc = load(text, source)
    root = doc.mapping((), doc.data, required={"default": dict}, optional={"models": list})
    models = []
    for i, item in enumerate(root.get("models") or []):
        path = ("models", i)
        doc.mapping(
            path,
            item,
            required={"match": str, "input_per_mtok": (int, float), "output_per_mtok": (int, float)},
        )
        rate = _rate(doc, path, {k: item[k] for k in ("input_per_mtok", "output_per_mtok")})
        models.append((item["match"].lower(), rate))
    return PriceTable(_rate(doc, ("default",), root["default"]), tuple(models))


def current_prices() -> PriceTable:
    """The head of the `prices` document (the shipped defaults until one is imported), read and
    parsed at most every KAIZEN_INGEST_CACHE_SECONDS (at once after a head move here)."""
    table = hot_cache.value_get(DOCUMENT)
    if table is None:
        version = head_version(DOCUMENT)
        text = version.text if version else DEFAULTS.read_text(encoding="utf-8")
        table = parse_prices(text, DOCUMENT)
        hot_cache.value_put(DOCUMENT, table)
    return table


def ensure_default(**_kwargs) -> None:
    """After migrate: the shipped table becomes v1 of the `prices` document when missing, so it
    can be edited in the admin like any other version."""
    if head_version(DOCUMENT) is None:
        document_version_append(
            document=document_for(DOCUMENT),
            text=DEFAULTS.read_text(encoding="utf-8"),
            reason="shipped defaults",
            provenance={"source": "defaults"},
        )
