# "6 October 2026": the day-month-year form the guides print.
DATE_FORMAT = "j F Y"
SHORT_DATE_FORMAT = "j M Y"
