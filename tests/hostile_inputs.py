"""Hostile payloads shared by the hostile-input tests and bench/hostile.py."""

import json

ALIAS_BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
    for i in range(9)
)
DEEP_YAML = "goals:\n" + "".join("  " * (i + 1) + "- \n" for i in range(300))
DEEP_FLOW_YAML = "goals: " + "[" * 5000 + "]" * 5000
DEEP_JSON = b"[" * 100_000 + b"]" * 100_000
DEEP_LIST = json.loads("[" * 20 + "1" + "]" * 20)
