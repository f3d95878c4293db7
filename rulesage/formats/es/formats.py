DATE_FORMAT = r"j \d\e F \d\e Y"
SHORT_DATE_FORMAT = "d/m/Y"
