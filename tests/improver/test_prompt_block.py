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


def test_a_fact_contrary_to_a_directive_or_a_stronger_fact_is_not_served_beside_it():
    block = prompt_block(
        template="ops",
        version=2,
        directives="Rotate the logs when the disk is full.\n",
        learned_facts=[
            {"content": "No, don't rotate the logs, we need them for the audit."},
            {"content": "Expand the volume before it fills."},
            {"content": "Never expand the volume."},  # weaker than the fact above it
        ],
        anti_patterns=[],
        proven_patterns=[],
    )
    assert "don't rotate" not in block and "Never expand" not in block
    assert "- Expand the volume before it fills." in block


def test_a_fact_is_served_as_a_fact_and_never_beside_a_line_that_already_says_it():
    from language.correcting import as_fact

    assert as_fact("No, use pnpm instead of npm in this repo.") == "Use pnpm instead of npm in this repo."
    assert as_fact("Well no, the tests live in spec/.") == "The tests live in spec/."
    assert as_fact("Don't rotate the logs.") == "Don't rotate the logs."
    block = prompt_block(
        template="coder",
        version=2,
        directives="When npm_install fails, do not retry it unchanged: use pnpm instead of npm in this repo.\n",
        learned_facts=[
            {"content": "Use pnpm instead of npm in this repo."},
            {"content": "Tests live in spec/."},
        ],
        anti_patterns=[],
        proven_patterns=[],
    )
    assert block.count("pnpm") == 1 and "- Tests live in spec/." in block


def test_facts_past_the_budget_are_never_compared_with_anything(monkeypatch):
    import language.served

    compared = []
    real = language.served.similarity
    monkeypatch.setattr(language.served, "similarity", lambda a, b: compared.append(a) or real(a, b))
    facts = [{"content": f"Always file form {i} before closing the ticket."} for i in range(1000)]
    block = prompt_block(
        template="support",
        version=1,
        directives="Answer in the customer's language.\n",
        learned_facts=facts,
        anti_patterns=[],
        proven_patterns=[],
        budget=120,
    )
    placed = block.count("- Always file form")
    assert 3 <= placed < 20  # what fits in 120 tokens after the directives
    assert len(set(compared)) == placed + 1  # those, and the one that did not fit


def test_a_fact_stating_a_time_is_served_beside_a_line_naming_another_time_for_another_thing():
    """Two values of one scale (noon, a nightly copy) said of different things do not clash: the
    fact a test promoted is served, not silently left out."""
    fact = "The payroll cutoff is noon two business days before payday."
    block = prompt_block(
        template="payroll",
        version=4,
        directives="When the tax lookup times out, use the tables cached from the nightly snapshot.\n",
        learned_facts=[{"content": fact}],
        anti_patterns=[],
        proven_patterns=[],
    )
    assert f"- {fact}" in block


def test_a_fact_whose_story_holds_opposite_words_of_another_thing_is_served_beside_the_line():
    # "phone" / "writing" are opposite ways to tell someone, but the deposit and the delivery date
    # are two things: the pair reader alone would call them contrary and keep the fact back
    fact = (
        "Told the bot twice now — our deposit is £50, not £30 like it keeps telling people over the "
        "phone. Sam had a very cross customer about it this morning."
    )
    block = prompt_block(
        template="hire",
        version=4,
        directives="Never confirm a delivery date in writing, the depot decides that, not us.\n",
        learned_facts=[{"content": fact}],
        anti_patterns=[],
        proven_patterns=[],
    )
    assert f"- {fact}" in block


def test_a_line_that_says_less_than_a_fact_does_not_keep_the_fact_out():
    # every word of the line is in the fact, so a token-set measure calls them the same; the
    # line lacks the value the fact gives, and the fact is served beside it
    fact = "Please stop saying the deposit is £30 — it's £50 and has been since March."
    block = prompt_block(
        template="hire",
        version=5,
        directives="Please stop saying the deposit is £30.\n",
        learned_facts=[{"content": fact}, {"content": "Stop saying the deposit is £30."}],
        anti_patterns=[],
        proven_patterns=[],
    )
    assert f"- {fact}" in block
    assert "- Stop saying the deposit is £30." not in block  # this one the line does say
