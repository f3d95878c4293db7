# One date style for Spanish readers everywhere: "6 de octubre de 2026", and with a time
# "6 de octubre de 2026 a las 19:41".
DATE_FORMAT = r"j \d\e F \d\e Y"
DATETIME_FORMAT = r"j \d\e F \d\e Y \a \l\a\s H:i"
TIME_FORMAT = "H:i"
SHORT_DATE_FORMAT = r"j \d\e M \d\e Y"
SHORT_DATETIME_FORMAT = r"j \d\e M \d\e Y \a \l\a\s H:i"
MONTH_DAY_FORMAT = r"j \d\e F"
YEAR_MONTH_FORMAT = r"F \d\e Y"
