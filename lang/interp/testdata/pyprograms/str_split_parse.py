data = """alice,30,engineer
bob,25,designer
carol,41,manager"""
people = []
for line in data.splitlines():
    name, age, job = line.split(",")
    people.append((name, int(age), job))
people.sort(key=lambda p: p[1])
for name, age, job in people:
    print(f"{name:<6}{age:>4} {job}")
print(sum(p[1] for p in people) / len(people))
