squares = [x * x for x in range(10)]
print(squares)
evens = [x for x in squares if x % 2 == 0]
print(evens)
pairs = [(x, y) for x in range(3) for y in range(3) if x != y]
print(pairs)
print({x: x ** 3 for x in range(5)})
print({x % 3 for x in range(10)})
print(sum(x for x in range(101)))
