"""How dates and times read in the admin and the dashboard: ISO-like and short (`2026-11-13 09:05`),
so a list's date column stays on one line and sorts the way it reads."""

DATE_FORMAT = "Y-m-d"
DATETIME_FORMAT = "Y-m-d H:i"
SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
TIME_FORMAT = "H:i"
