def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)

for n in [0, 1, 5, 10, 20, 25]:
    print(n, fact(n))
print(len(str(fact(100))))
