# Python: digits of other scripts — str.isdigit/isdecimal/isnumeric/isalnum by Unicode's
# numeric type (² and ① are digits, 一 is numeric), and int()/float() reading ٣ or ०१२.
for s in ["²", "①", "٣", "١٢", "一", "万", "Ⅻ", "½", "12", "1²", "x", "", "𝟘𝟙", " ٤٢ ", "०१२"]:
    print(repr(s), s.isdigit(), s.isdecimal(), s.isnumeric(), s.isalnum(), s.isalpha())
    for conv in (int, float):
        try:
            print("  ", conv.__name__, conv(s))
        except ValueError as e:
            print("  ", conv.__name__, "ValueError", e)
print(int("٣", 16), int("۱۰", 2))
