INPUT = """vJrwpWtwJgWrhcsFMMfFFhFp
jqHRNqRjqzjGDLGLrsFMfFZSrLrFZsSL
PmmdzqPrVvPwwTWBwg
wMqvLMZHhHMvwLHjbvcjnnSBnvTQFn
ttgJtRGJQctTZtZT
CrZsJsPPZsGzwwsLwLmpwMDw"""

def priority(ch):
    return ord(ch) - ord("a") + 1 if ch.islower() else ord(ch) - ord("A") + 27

sacks = INPUT.split()
total = 0
for s in sacks:
    half = len(s) // 2
    common = set(s[:half]) & set(s[half:])
    (item,) = common
    total += priority(item)
    print(f"{s[:half]:<17} {s[half:]:<17} {item} {priority(item):>2}")
print("part 1:", total)
groups = [sacks[i:i + 3] for i in range(0, len(sacks), 3)]
badges = []
for g in groups:
    (b,) = set(g[0]).intersection(g[1], g[2])
    badges.append(b)
print("badges:", badges, "part 2:", sum(map(priority, badges)))
