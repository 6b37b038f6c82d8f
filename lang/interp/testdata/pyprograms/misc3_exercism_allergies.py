ITEMS = ["eggs", "peanuts", "shellfish", "strawberries", "tomatoes", "chocolate", "pollen", "cats"]

def allergic_to(score, item):
    return bool(score & (1 << ITEMS.index(item)))

def allergies(score):
    return [item for i, item in enumerate(ITEMS) if score & (1 << i)]

for score in [0, 1, 3, 5, 248, 255, 257, 509]:
    print(f"{score:>3} {score:09b} {allergies(score)}")
print(allergic_to(5, "shellfish"), allergic_to(5, "peanuts"))

def sublist(a, b):
    def contains(big, small):
        return any(big[i:i + len(small)] == small for i in range(len(big) - len(small) + 1))
    if a == b:
        return "equal"
    if contains(b, a):
        return "sublist"
    if contains(a, b):
        return "superlist"
    return "unequal"
print([sublist(x, y) for x, y in [([], []), ([1, 2], [0, 1, 2, 3]), ([1, 2, 3], [2]), ([1, 3], [1, 2, 3]), ([1, 2], [1, 2])]])

def raindrops(n):
    s = "".join(w for d, w in ((3, "Pling"), (5, "Plang"), (7, "Plong")) if n % d == 0)
    return s or str(n)
print([raindrops(n) for n in (1, 3, 5, 7, 15, 21, 35, 105, 52)])
