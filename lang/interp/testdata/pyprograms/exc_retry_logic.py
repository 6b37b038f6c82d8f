attempts = {"count": 0}
def flaky(n):
    attempts["count"] += 1
    if attempts["count"] % 3 != 0:
        raise ConnectionError(f"attempt {attempts['count']} failed") if False else RuntimeError(f"attempt {attempts['count']} failed")
    return n * 2
def retry(fn, arg, tries=5):
    last = None
    for i in range(tries):
        try:
            result = fn(arg)
        except RuntimeError as e:
            last = e
            print("  retry", i + 1, "after:", e)
            continue
        else:
            print("  success on try", i + 1)
            return result
        finally:
            print("  (cleanup", i + 1, ")")
    raise RuntimeError("gave up") from last
print(retry(flaky, 21))
try:
    retry(lambda x: 1 / 0 if x else 0, 1, tries=2)
except ZeroDivisionError as e:
    print("not retried:", e)
def check(values):
    errors = []
    for v in values:
        try:
            if not isinstance(v, int):
                raise TypeError(f"{v!r} is not an int")
            if v < 0:
                raise ValueError(f"{v} is negative")
        except (TypeError, ValueError) as e:
            errors.append(f"{type(e).__name__}: {e}")
    return errors
print(check([1, -2, "3", 4.0, None, 5]))
try:
    assert 1 + 1 == 3, "math is broken"
except AssertionError as e:
    print("AssertionError:", e)
