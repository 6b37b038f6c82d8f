def risky(kind):
    if kind == "key":
        return {}["missing"]
    if kind == "index":
        return [1, 2][5]
    if kind == "zero":
        return 1 // 0
    if kind == "type":
        return len(42)
    if kind == "value":
        return int("forty-two")
    if kind == "attr":
        return (1).nope
    if kind == "name":
        return undefined_variable_here
    if kind == "assert":
        assert 1 + 1 == 3, "math is broken"
    if kind == "runtime":
        raise RuntimeError("custom runtime")
    if kind == "overflow":
        return 10.0 ** 400
    if kind == "recursion":
        return risky("recursion")
    return "fine"

for kind in ["key", "index", "zero", "type", "value", "attr", "name", "assert", "runtime", "overflow", "recursion", "none"]:
    try:
        r = risky(kind)
        print(f"{kind:<10} ok: {r}")
    except (KeyError, IndexError) as e:
        print(f"{kind:<10} LookupError subclass {type(e).__name__}: {e}")
    except ArithmeticError as e:
        print(f"{kind:<10} ArithmeticError subclass {type(e).__name__}: {e}")
    except Exception as e:
        print(f"{kind:<10} {type(e).__name__}: {e}")
    finally:
        pass
print(issubclass(KeyError, LookupError), issubclass(ValueError, Exception), issubclass(bool, int))
e = ValueError("a", 1)
print(e.args, str(e), repr(e))
print(repr(KeyError("k")), str(KeyError("k")), str(KeyError()), repr(IndexError()))
