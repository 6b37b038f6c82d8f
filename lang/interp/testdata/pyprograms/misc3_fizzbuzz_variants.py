for i in range(1, 16):
    if i % 15 == 0:
        print("FizzBuzz")
    elif i % 3 == 0:
        print("Fizz")
    elif i % 5 == 0:
        print("Buzz")
    else:
        print(i)
print(["Fizz" * (i % 3 == 0) + "Buzz" * (i % 5 == 0) or i for i in range(1, 16)])
print(" ".join(str(i) if i % 3 and i % 5 else ("Fizz" if i % 5 else "Buzz" if i % 3 else "FizzBuzz") for i in range(1, 16)))
rules = {3: "Fizz", 5: "Buzz", 7: "Bazz"}
for i in range(100, 106):
    out = "".join(w for d, w in rules.items() if i % d == 0)
    print(out or i)
counts = {"Fizz": 0, "Buzz": 0, "FizzBuzz": 0}
for i in range(1, 101):
    key = ("Fizz" if i % 3 == 0 else "") + ("Buzz" if i % 5 == 0 else "")
    if key:
        counts[key] += 1
print(counts)
