"""The agent card document (`card:<agent>`): declared skills plus tuning settings."""

from config.webhooks import UnsafeUrl, checked_address
from config.yamldoc import Doc, load

BLAST = ("low", "medium", "high", "critical")
HITL = ("autonomous", "notification", "veto", "gated", "compound")
TUNING_KEYS = ("model", "max_cost_usd")
SKILL_TUNING_KEYS = ("model", "max_cost_usd")


def parse_card(text: str, source: str) -> dict:
    doc: Doc = load(text, source)
    root = doc.mapping(
        (),
        doc.data,
        required={"skills": list},
        optional={"model": str, "max_cost_usd": (int, float), "webhook_url": str},
    )
    skills, seen = [], set()
    for i, item in enumerate(root["skills"]):
        path = ("skills", i)
        doc.mapping(
            path,
            item,
            required={"name": str, "confidence": (int, float)},
            optional={"blast_radius": str, "hitl_mode": str, "model": str, "max_cost_usd": (int, float)},
        )
        if item["name"] in seen:
            raise doc.error((*path, "name"), f"skill '{item['name']}' is declared twice")
        seen.add(item["name"])
        if not 0 <= item["confidence"] <= 1:
            raise doc.error((*path, "confidence"), "must be between 0 and 1")
        if item.get("blast_radius", "low") not in BLAST:
            raise doc.error((*path, "blast_radius"), f"must be one of {', '.join(BLAST)}")
        if item.get("hitl_mode", "autonomous") not in HITL:
            raise doc.error((*path, "hitl_mode"), f"must be one of {', '.join(HITL)}")
        skills.append(
            {
                "name": item["name"],
                "confidence": float(item["confidence"]),
                "blast_radius": item.get("blast_radius", "low"),
                "hitl_mode": item.get("hitl_mode", "autonomous"),
                **{k: item[k] for k in SKILL_TUNING_KEYS if k in item},
            }
        )
    if len(root.get("webhook_url", "")) > 200:
        raise doc.error(("webhook_url",), "must be at most 200 characters")
    if root.get("webhook_url"):
        try:
            checked_address(root["webhook_url"], resolve=False)
        except UnsafeUrl as exc:
            raise doc.error(("webhook_url",), str(exc)) from exc
    card = {"skills": skills}
    card.update({k: root[k] for k in (*TUNING_KEYS, "webhook_url") if k in root})
    return card


def tuned_skills(before: dict, after: dict) -> set[str]:
    """Skills whose model, cost or skill settings the change touches (the evidence rule applies)."""
    old = {s["name"]: s for s in before.get("skills", [])}
    touched = {s["name"] for s in after.get("skills", []) if old.get(s["name"]) != s and s["name"] in old}
    if any(before.get(k) != after.get(k) for k in TUNING_KEYS):
        touched |= {s["name"] for s in after.get("skills", [])}
    return touched
