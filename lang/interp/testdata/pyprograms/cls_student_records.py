from dataclasses import dataclass

@dataclass
class Student:
    name: str
    grades: list

def average(s: Student) -> float:
    return sum(s.grades) / len(s.grades)

def letter(avg):
    if avg >= 90:
        return "A"
    elif avg >= 80:
        return "B"
    elif avg >= 70:
        return "C"
    return "F"

students = [Student("Alice", [95, 88, 92]), Student("Bob", [72, 65, 80]), Student("Cara", [85, 91, 78]), Student("Dan", [50, 60, 55])]
for s in sorted(students, key=lambda s: -average(s)):
    avg = average(s)
    print(f"{s.name:<6} {avg:6.2f} {letter(avg)}")
best = max(students, key=average)
print("Best:", best.name)
print("Class average: %.3f" % (sum(average(s) for s in students) / len(students)))
print(students[0])
