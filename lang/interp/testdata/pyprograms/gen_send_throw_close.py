def acc():
    total = 0
    while True:
        x = yield total
        if x is None:
            break
        total += x
    return total
g = acc()
print(next(g), g.send(5), g.send(10))
try:
    g.send(None)
except StopIteration as e:
    print("done", e.args)
def f():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")
h = f()
print(next(h))
h.close()
print("closed", list(h))
def catcher():
    while True:
        try:
            yield "ok"
        except ValueError as e:
            print("caught", e)
            yield "recovered"
c = catcher()
print(next(c), c.throw(ValueError("boom")), next(c))
try:
    c.throw(KeyError, "k")
except KeyError as e:
    print("propagated", repr(e))
def stubborn():
    while True:
        try:
            yield 1
        except GeneratorExit:
            yield 2
s = stubborn()
next(s)
try:
    s.close()
except RuntimeError as e:
    print(e)
def nums():
    for i in range(10):
        yield i
n = nums()
try:
    for x in n:
        if x == 3:
            raise ValueError("stop at 3")
except ValueError:
    pass
print(next(n), list(n))
def echo():
    received = []
    try:
        while True:
            received.append((yield len(received)))
    except GeneratorExit:
        print("got", received)
e = echo()
next(e)
e.send("a")
e.send("b")
e.close()
g2 = acc()
try:
    g2.send(1)
except TypeError as ex:
    print(ex)
