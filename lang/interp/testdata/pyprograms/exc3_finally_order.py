trace = []

def f(n):
    try:
        trace.append(f"try {n}")
        if n == 0:
            return "zero"
        if n == 1:
            raise ValueError("one")
        if n == 2:
            return 1 / 0
        trace.append("after")
    except ValueError as e:
        trace.append(f"except {e}")
        return "handled"
    else:
        trace.append("else")
        return "else-return"
    finally:
        trace.append(f"finally {n}")

for n in range(4):
    try:
        print(n, f(n))
    except ZeroDivisionError as e:
        print(n, "propagated:", e)
print(trace)

def g():
    for i in range(3):
        try:
            if i == 1:
                continue
            if i == 2:
                break
            print("body", i)
        finally:
            print("finally", i)
    return "done"
print(g())

def h():
    try:
        return "from try"
    finally:
        print("cleanup runs before return")
print(h())

def k():
    try:
        raise KeyError("a")
    except KeyError:
        try:
            raise ValueError("b")
        except ValueError as inner:
            return f"inner {inner!r}"
print(k())
count = 0
while True:
    try:
        count += 1
        if count < 3:
            raise RuntimeError(f"try {count}")
        print("succeeded after", count)
        break
    except RuntimeError as e:
        print("retrying:", e)
