def accumulate():
    total = 0
    count = 0
    while True:
        value = yield total
        if value is None:
            break
        total += value
        count += 1
    return total, count

acc = accumulate()
print(next(acc))
for v in [10, 20, 5.5]:
    print("running:", acc.send(v))
try:
    acc.send(None)
except StopIteration as stop:
    print("final:", stop.value)

def grep(pattern):
    print(f"looking for {pattern!r}")
    matches = []
    try:
        while True:
            line = yield
            if pattern in line:
                matches.append(line)
    except GeneratorExit:
        print("closing, matched:", matches)

g = grep("py")
next(g)
for line in ["python rocks", "java", "pypy too", "c++"]:
    g.send(line)
g.close()

def echo():
    received = []
    while True:
        try:
            x = yield len(received)
            received.append(x)
        except ValueError as e:
            received.append(f"error:{e}")
        if len(received) >= 4:
            return received

e = echo()
next(e)
print(e.send("a"), e.throw(ValueError("bad")), e.send("b"))
try:
    e.send("c")
except StopIteration as stop:
    print(stop.value)
