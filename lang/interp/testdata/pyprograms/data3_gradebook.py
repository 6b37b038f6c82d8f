raw = """name,math,physics,chemistry,english
Alice,88,92,79,95
Bob,72,65,80,70
Chandra,95,98,91,85
Dmitri,60,75,58,82
Eve,,88,90,77
Farah,100,100,99,100"""

lines = raw.split("\n")
header = lines[0].split(",")
subjects = header[1:]
students = {}
for line in lines[1:]:
    name, *marks = line.split(",")
    students[name] = {s: (int(m) if m else None) for s, m in zip(subjects, marks)}

def average(marks):
    vals = [m for m in marks if m is not None]
    return sum(vals) / len(vals) if vals else 0.0

def letter(avg):
    for cutoff, grade in ((90, "A"), (80, "B"), (70, "C"), (60, "D")):
        if avg >= cutoff:
            return grade
    return "F"

print(f"{'Student':<10}" + "".join(f"{s[:4]:>6}" for s in subjects) + f"{'avg':>8}  grade")
for name, marks in students.items():
    avg = average(marks.values())
    cells = "".join(f"{'-' if m is None else m:>6}" for m in marks.values())
    print(f"{name:<10}{cells}{avg:>8.2f}  {letter(avg)}")
print()
for s in subjects:
    col = [m[s] for m in students.values() if m[s] is not None]
    best = max(students, key=lambda n: students[n][s] or 0)
    print(f"{s:<10} mean={sum(col) / len(col):6.2f} min={min(col):3} max={max(col):3} top={best}")
ranking = sorted(students, key=lambda n: average(students[n].values()), reverse=True)
print("ranking:", ranking)
dist = {}
for n in students:
    g = letter(average(students[n].values()))
    dist[g] = dist.get(g, 0) + 1
print(dict(sorted(dist.items())))
print(students["Eve"])
