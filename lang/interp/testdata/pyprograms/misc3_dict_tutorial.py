person = {"name": "Alice", "age": 25, "city": "Paris"}
print(person)
print(person["name"], person.get("email"), person.get("email", "n/a"))
person["email"] = "alice@example.com"
person["age"] += 1
print(person)
for key in person:
    print(key, "=>", person[key])
for key, value in person.items():
    print(f"{key:>6}: {value}")
print(list(person.keys()), list(person.values()))
print(len(person), "age" in person, "phone" in person)
removed = person.pop("city")
print(removed, person)
person.update({"city": "Lyon", "age": 27})
print(person)
inventory = {"apples": 3, "pears": 0, "plums": 12}
restock = [k for k, v in inventory.items() if v < 5]
print(restock)
squares = {x: x * x for x in range(6)}
print(squares)
print(sorted(inventory.items(), key=lambda item: item[1]))
students = {"math": ["ann", "bob"], "art": ["cid"]}
students["math"].append("dee")
students.setdefault("music", []).append("eve")
print(students)
print({k: len(v) for k, v in students.items()})
person.clear()
print(person, len(person))
