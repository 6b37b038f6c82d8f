# Exceptions as control flow: retrying, re-raising, chaining text
attempts = {"count": 0}

def flaky(n):
    attempts["count"] += 1
    if attempts["count"] % 3 != 0:
        raise ConnectionError(f"attempt {attempts['count']} failed")
    return n * 10

def retry(fn, arg, tries=5):
    last = None
    for i in range(tries):
        try:
            return fn(arg)
        except ConnectionError as e:
            last = e
            print("  retry after:", e)
    raise RuntimeError(f"gave up after {tries} tries") from last

print(retry(flaky, 4))
print(retry(flaky, 5))
try:
    print(retry(flaky, 6, tries=1))
except RuntimeError as e:
    print("RuntimeError:", e, "| cause:", repr(e.__cause__))

def safe_div(a, b):
    try:
        return a / b
    except (ZeroDivisionError, TypeError) as e:
        return f"{type(e).__name__}: {e}"

print(safe_div(1, 0), safe_div("1", 2), safe_div(7, 2), sep=" | ")
errors = [ValueError("v"), KeyError("k"), IndexError("i"), TypeError("t"), ZeroDivisionError("z")]
for err in errors:
    try:
        raise err
    except LookupError as e:
        print("lookup:", type(e).__name__, e)
    except ArithmeticError as e:
        print("arith:", type(e).__name__, e)
    except Exception as e:
        print("other:", type(e).__name__, e)
print(isinstance(KeyError(), LookupError), issubclass(ZeroDivisionError, ArithmeticError))
try:
    raise NotImplementedError("todo")
except RuntimeError as e:
    print("NotImplementedError is a RuntimeError:", e)
