for i in range(1, 6):
    print(i, end=" ")
print()
for i in range(10, 0, -3):
    print(i, end=",")
print()
n = 5
while n > 0:
    print(n, end=" ")
    n -= 1
print("liftoff!")
for i in range(1, 4):
    for j in range(1, 4):
        print(f"{i * j:3}", end="")
    print()
for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, "is prime")
total = 0
i = 0
while True:
    i += 1
    if i % 2 == 0:
        continue
    if i > 15:
        break
    total += i
print("sum of odd numbers below 16:", total)
for row in range(5):
    print(" " * (4 - row) + "*" * (2 * row + 1))
for ch in "hey":
    print(ch.upper() * 2, end="")
print()
count = 0
for x in [3, 7, 11, 4, 8]:
    if x > 5:
        count += 1
print(count, "values above 5")
