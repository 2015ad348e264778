from improver.prompt import prompt_block


def test_the_prompt_block_joins_sections_without_repeating_the_directives():
    block = prompt_block(
        template="coder",
        version=3,
        directives="Use pnpm.\nAVOID: Big bang. Failed 3/3 times (100% failure rate)\n",
        learned_facts=[{"content": "Use pnpm."}, {"content": "Tests live in spec/."}],
        anti_patterns=[
            {"pattern": "Big bang", "line": "AVOID: Big bang. Failed 4/4 times (100% failure rate)"},
            {"pattern": "Yolo", "line": "AVOID: Yolo. Failed 3/4 times"},
        ],
        proven_patterns=["Write the failing test first"],
    )
    assert block == (
        "# Directives (coder v3)\nUse pnpm.\nAVOID: Big bang. Failed 3/3 times (100% failure rate)\n"
        "## Learned facts\n- Tests live in spec/.\n## Avoid\n- AVOID: Yolo. Failed 3/4 times\n"
        "## Proven patterns\n- Write the failing test first\n"
    )
