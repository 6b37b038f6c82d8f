def windows(seq, n):
    it = iter(seq)
    win = []
    for x in it:
        win.append(x)
        if len(win) == n:
            yield tuple(win)
            win.pop(0)
def running_mean(xs):
    total = 0
    for i, x in enumerate(xs, 1):
        total += x
        yield total / i
data = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]
print(list(windows(data, 3)))
print([round(m, 2) for m in running_mean(data)])
print(max(windows(data, 2), key=sum), sum(1 for _ in windows(data, 4)))
def chunked(xs, size):
    for i in range(0, len(xs), size):
        yield xs[i:i + size]
print(list(chunked("abcdefgh", 3)))
gen = (x * x for x in range(5))
print(next(gen), next(gen), list(gen), list(gen))
def counter():
    n = 0
    while True:
        n += 1
        yield n
c = counter()
print([next(c) for _ in range(3)], next(c))
evens = filter(lambda x: x % 2 == 0, map(lambda x: x * 3, range(10)))
print(list(evens))
print(list(zip(*[(1, 'a'), (2, 'b'), (3, 'c')])))
