def parse_age(s):
    try:
        age = int(s)
    except ValueError as e:
        print("bad:", e)
        return None
    if age < 0:
        raise ValueError(f"negative age: {age}")
    return age
for s in ["42", "x", "-3", "", "4x"]:
    try:
        print(repr(s), "->", parse_age(s))
    except ValueError as e:
        print("error:", e, type(e).__name__, e.args)
def safe_div(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        return float("inf")
    finally:
        print("div", a, b)
print(safe_div(1, 0), safe_div(6, 4))
class_errors = [KeyError("k"), IndexError("i"), ValueError("v"), TypeError("t")]
for err in class_errors:
    try:
        raise err
    except LookupError as e:
        print("lookup", repr(e), str(e))
    except Exception as e:
        print("other", repr(e))
try:
    {}["missing"]
except KeyError as e:
    print("KeyError:", e, repr(e), e.args)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise RuntimeError("wrapped")
except RuntimeError as e:
    print(e, type(e).__name__)
e = ValueError("a", 2)
print(e, repr(e), e.args, str(ValueError()), repr(ValueError()))
