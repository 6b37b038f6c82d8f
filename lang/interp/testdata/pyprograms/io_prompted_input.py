name = input("Name: ")
age = int(input("Age: "))
colors = input("Favourite colours (comma separated): ").split(",")
print()
print(f"Hello, {name.strip().title()}!")
print(f"In ten years you will be {age + 10}.")
print("You like", len(colors), "colours:", ", ".join(c.strip() for c in colors))
n = int(input())
rows = [input().split() for _ in range(n)]
for r in rows:
    print(r[0].ljust(8), sum(map(int, r[1:])))
