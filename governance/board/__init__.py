"""The work board: tasks that agents and operators drive, triage of blocked work, escalations,
the improve lane's scans and the forge they read. It builds on governance's proposals (an
approved proposal becomes a task through the approval registry) and nothing in governance
outside this package imports it."""
