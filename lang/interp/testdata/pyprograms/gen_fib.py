def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b

out = []
for n in fib():
    if n > 100:
        break
    out.append(n)
print(out)
