def parse(s):
    try:
        return int(s)
    except ValueError as e:
        raise RuntimeError(f"cannot parse {s!r}") from e

def parse_quiet(s):
    try:
        return int(s)
    except ValueError:
        raise LookupError("no number") from None

def implicit(s):
    try:
        return int(s)
    except ValueError:
        raise KeyError(s)

for fn in (parse, parse_quiet, implicit):
    try:
        fn("x")
    except Exception as e:
        print(fn.__name__, type(e).__name__, e, "| cause:", repr(e.__cause__), "| context:", repr(e.__context__), e.__suppress_context__)
try:
    try:
        1 / 0
    finally:
        print("inner finally runs")
except ZeroDivisionError as e:
    print("outer caught", e)
def cleanup_order():
    log = []
    try:
        try:
            log.append("try")
            raise ValueError("v")
        except ValueError:
            log.append("except")
            raise
        finally:
            log.append("finally")
    except ValueError as e:
        log.append(f"outer {e}")
    return log
print(cleanup_order())
