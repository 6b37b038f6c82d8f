def find(xs, t):
    for i, x in enumerate(xs):
        if x == t:
            print("found at", i)
            break
    else:
        print("not found")

find([1, 2, 3], 2)
find([1, 2, 3], 9)
n = 0
while n < 3:
    n += 1
else:
    print("while finished", n)
