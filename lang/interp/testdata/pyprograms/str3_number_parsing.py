def parse_number(text):
    t = text.strip().replace(",", "").replace("_", "")
    if not t:
        raise ValueError("empty")
    neg = t.startswith("-")
    if t[0] in "+-":
        t = t[1:]
    if t.lower().startswith("0x"):
        value = int(t[2:], 16)
    elif t.lower().startswith("0b"):
        value = int(t[2:], 2)
    elif t.endswith("%"):
        value = float(t[:-1]) / 100
    elif any(c in t for c in ".eE"):
        value = float(t)
    else:
        value = int(t)
    return -value if neg else value

for s in ["42", "-17", "3.5", "1,234,567", "0x1F", "-0b101", "12.5%", "1e3", "  7  ", "1_000", "", "abc", "0xZZ", "+8"]:
    try:
        v = parse_number(s)
        print(f"{s!r:<14} -> {v!r:<12} {type(v).__name__}")
    except ValueError as e:
        print(f"{s!r:<14} -> error: {e}")
print(float("1e-3"), float("-.5"), float("+inf"), int("-0"), float("1_0.5"), int(" 0012 "))
