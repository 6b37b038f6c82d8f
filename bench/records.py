# A table of records as dicts: sorting with key lambdas and multi-key
# tuples (descending via negation, stable multi-pass sorts), grouping into
# dicts of lists, ranking, top-k with sorted()[:k], dict-of-dict reports,
# sorted(d, key=d.get), set algebra over groups.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")

DEPTS = ["eng", "ops", "sales", "hr", "legal", "design", "support"]
CITIES = ["Oslo", "Lima", "Pune", "Kyiv", "Perth", "Quito", "Accra", "Hanoi"]
FIRST = ["ana", "bo", "cy", "di", "ed", "flo", "gus", "hal", "ida", "jo", "kai", "lu"]


def make_people(n):
    people = []
    seed = 4242
    for i in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        people.append({
            "id": i,
            "name": FIRST[seed % 12].capitalize() + " " + FIRST[(seed >> 5) % 12].upper(),
            "dept": DEPTS[(seed >> 9) % 7],
            "city": CITIES[(seed >> 13) % 8],
            "age": 20 + (seed >> 3) % 45,
            "salary": 30000 + (seed >> 7) % 90000,
            "score": ((seed >> 11) % 1000) / 10,
        })
    return people


def summarize(people):
    by_dept = {}
    for p in people:
        by_dept.setdefault(p["dept"], []).append(p)
    rows = []
    for dept, group in by_dept.items():
        total = sum(p["salary"] for p in group)
        oldest = max(group, key=lambda p: (p["age"], -p["id"]))
        rows.append((dept, len(group), total // len(group), oldest["name"]))
    rows.sort(key=lambda r: (-r[2], r[0]))
    return rows


def rank(people):
    ordered = sorted(people, key=lambda p: (-p["score"], p["age"], p["name"], p["id"]))
    ranks = {}
    prev = None
    r = 0
    for i, p in enumerate(ordered):
        if p["score"] != prev:
            r = i + 1
            prev = p["score"]
        ranks[p["id"]] = r
    return ranks


def multipass(people):
    out = sorted(people, key=lambda p: p["name"])
    out.sort(key=lambda p: p["age"], reverse=True)
    out.sort(key=lambda p: p["city"])
    return [p["id"] for p in out[:5]]


N = 1500 if SMALL else 30000
people = make_people(N)
for row in summarize(people):
    print(f"{row[0]:<8}{row[1]:>6}{row[2]:>8}  {row[3]}")
ranks = rank(people)
print("rank of 0..4", [ranks[i] for i in range(5)])
print("multipass", multipass(people))
city_counts = {}
for p in people:
    city_counts[p["city"]] = city_counts.get(p["city"], 0) + 1
print("cities", sorted(city_counts, key=city_counts.get, reverse=True)[:3])
top = sorted(people, key=lambda p: p["salary"] * (1 + p["score"] / 100), reverse=True)[:3]
print("top", [(p["name"], p["salary"]) for p in top])
young_eng = {p["name"] for p in people if p["dept"] == "eng" and p["age"] < 30}
old_ops = {p["name"] for p in people if p["dept"] == "ops" and p["age"] > 50}
print("sets", len(young_eng & old_ops), len(young_eng | old_ops), sorted(young_eng - old_ops)[:3])
names = sorted({p["name"] for p in people}, key=lambda s: (len(s), s.lower()))
print("names", len(names), names[:3], names[-1])
by_age_city = sorted(((p["age"] // 10, p["city"]) for p in people))
print("age/city", by_age_city[N // 2], by_age_city[-1])
