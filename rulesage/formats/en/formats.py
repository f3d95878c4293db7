# One date style for English readers everywhere: day, month name, year ("6 October 2026"),
# the form the guides print; times on the 24-hour clock ("6 October 2026, 19:41").
DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"
TIME_FORMAT = "H:i"
SHORT_DATE_FORMAT = "j M Y"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
MONTH_DAY_FORMAT = "j F"
YEAR_MONTH_FORMAT = "F Y"
