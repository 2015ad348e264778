"""The hot path's JSON encoder writes Python json's canonical bytes, so content hashes never
change with the encoder."""

import json
import random
import struct

import pytest

from config import jsonbytes


def python_canonical(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


@pytest.mark.parametrize(
    "value",
    [
        {"b": 1, "a": {"z": [1, 2.5, None, True, False], "A": "é😀"}},
        {"small": 1e-05},  # orjson writes 0.00001
        {"tiny": -9.5e-09},  # orjson writes -9.5e-9
        {"edge": 9.999e-05, "big": 1e16, "huge": 1.5e300, "neg_zero": -0.0, "third": 0.1 + 0.2},
        {"int64": 2**63 - 1, "beyond": 2**64, "negative_beyond": -(2**70)},  # orjson refuses these
        {"text": "has e- and 0.0000 in it", "control": '\x01\x1f\x7f\u2028"\\/'},
        {"ключ": "значение", "日本": ["語"], "": ""},
        [],
        "plain",
    ],
    ids=["nested", "1e-05", "1e-9", "edges", "big-ints", "false-alarms", "unicode", "empty", "str"],
)
def test_canonical_is_byte_for_byte_pythons_json(value):
    assert jsonbytes.canonical(value) == python_canonical(value)


def test_canonical_matches_for_every_character_and_random_floats():
    text = "".join(chr(c) for c in range(1, 0x3000) if not 0xD800 <= c < 0xE000)
    assert jsonbytes.canonical({"t": text}) == python_canonical({"t": text})
    rng = random.Random(16)
    floats = []
    while len(floats) < 20_000:
        value = struct.unpack("d", rng.randbytes(8))[0]
        if value == value and abs(value) != float("inf"):
            floats.append(value)
    for value in floats:
        assert jsonbytes.canonical({"v": value}) == python_canonical({"v": value}), value


def test_compact_is_valid_json_of_the_value_and_writes_datetimes_as_iso_8601():
    from datetime import UTC, datetime

    at = datetime(2026, 11, 20, 8, 30, 1, 250000, tzinfo=UTC)
    value = {"at": at, "n": 2**70, "x": [1e-05]}
    assert json.loads(jsonbytes.compact(value)) == {"at": at.isoformat(), "n": 2**70, "x": [1e-05]}
    assert json.loads(jsonbytes.compact({"at": at})) == {"at": at.isoformat()}
