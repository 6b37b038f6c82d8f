def parse(s):
    try:
        return int(s)
    except ValueError:
        print("bad input:", s)
        raise

try:
    parse("12")
    parse("x1")
except ValueError as e:
    print("outer caught:", e)
