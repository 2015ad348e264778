# ruff: noqa: E501  (sentences as their author wrote them, one string each)
"""Held-out fleets for the directive-learning efficacy benchmark.

Each fleet describes two kinds of AI agent working in one company (not travel):
an "upstream" agent that hands each piece of work to a "downstream" agent.
Each fleet also has the short negative feedback that end users and reviewers
write about those agents. The system under test has to learn the right
standing instructions ("directives") from this feedback alone.

Feedback keys (every value is two sentences: a complaint, then one ask):
  before    about the downstream agent; asks for behaviour X
  after     about the downstream agent after a policy change; asks for not-X
  loud      about the upstream agent from one demanding person; asks for Y
  majority  about the upstream agent from most people; asks for not-Y
  handoff   a downstream failure caused by something missing from the
            upstream agent's hand-off; asks that it always be included

The text is written to sound like real people in each business. It is not
tuned to any particular learner, so that the test stays held-out.
"""

FLEETS = {
    "itsupport": {
        "upstream": {
            "name": "tier 1",
            "role": "tier 1 help desk agent of a corporate IT department",
            "tool": "create_ticket",
            "skill": "triage_ticket",
        },
        "downstream": {
            "name": "tier 2",
            "role": "tier 2 support engineer of a corporate IT department",
            "tool": "run_remote_fix",
            "skill": "resolve_escalation",
        },
        "before": "Rebooted my laptop in the middle of a client presentation with zero warning. "
        "Message the user and wait for their OK before any remote restart.",
        "after": "The critical security patch sat unapplied on half the finance team's machines for two days because the engineer was waiting for people to answer a chat message. "
        "Don't wait for user approval; restart the machine as soon as the fix is staged.",
        "loud": "Every time I log a ticket the help desk asks me whether I've tried turning it off and on again, and frankly I don't have time for that. "
        "Skip the basic troubleshooting questions and send my tickets straight to tier 2.",
        "majority": "Most of our escalations last week bounced around for a day and were then fixed by clearing the browser cache. "
        "Go through the basic troubleshooting checklist before escalating anything to tier 2.",
        "handoff": "Tier 2 spent an hour working on the wrong laptop because the tier 1 hand-off didn't include which machine was actually affected. "
        "Include the asset tag of the affected device in every hand-off to tier 2.",
    },
    "furniture": {
        "upstream": {
            "name": "sales chat",
            "role": "sales chat assistant of an online furniture store",
            "tool": "create_order",
            "skill": "take_order",
        },
        "downstream": {
            "name": "fulfilment",
            "role": "fulfilment agent of an online furniture store's warehouse",
            "tool": "book_shipment",
            "skill": "ship_order",
        },
        "before": "Half my order arrived on Monday and the rest trickled in over three weeks, with three separate delivery slots I had to take time off work for. "
        "Hold the order until everything is in stock and ship it together in one delivery.",
        "after": "I've been waiting a month for a dining table that's been sitting in your warehouse the whole time, apparently held back for two chairs on backorder. "
        "Ship whatever is in stock right away instead of holding the whole order.",
        "loud": "I furnish entire rental flats for a living and your chat only ever tells me about the single chair I asked about, which is useless to me. "
        "List every matching piece from the same collection whenever someone asks about a product.",
        "majority": "I asked whether the oak bookcase would fit in a 40 cm alcove and got a wall of side tables, lamps and rugs instead of an answer. "
        "Stick to the product I asked about and don't push the matching collection.",
        "handoff": "The wardrobe came back to the depot because the sales chat hand-off never mentioned that we're on the fourth floor with no lift. "
        "Pass on building access details like stairs and lifts in every order sent to fulfilment.",
    },
    "homeclaims": {
        "upstream": {
            "name": "claims intake",
            "role": "first notice of loss agent of a home and motor insurer",
            "tool": "open_claim",
            "skill": "record_loss_report",
        },
        "downstream": {
            "name": "adjuster",
            "role": "claims adjuster agent of a home and motor insurer",
            "tool": "assess_claim",
            "skill": "settle_claim",
        },
        "before": "My water damage claim was settled without anyone coming to look at the ceiling, and now the payout doesn't come close to covering the repair. "
        "Book an in-person inspection before settling any water damage claim.",
        "after": "Three weeks after a leaking pipe I'm still living with buckets on the floor because you're waiting for an inspector who never turns up. "
        "Settle water damage claims from the customer's photos; don't send an inspector out anymore.",
        "loud": "I sat through twenty minutes of questions when all I wanted was to report a cracked windscreen, and I've been a customer for fifteen years. "
        "Just log the claim from my one-line description and skip the questionnaire.",
        "majority": "I reported my burst pipe on Monday and then got four separate emails asking things that could have been covered on the first call. "
        "Please ask all the standard questions during the first report, not in follow-ups.",
        "handoff": "My storm claim was turned down as late, but only because the claims intake hand-off used the day I phoned instead of the day the roof was damaged. "
        "Include the actual date of loss in every claim passed to the adjuster.",
    },
}
