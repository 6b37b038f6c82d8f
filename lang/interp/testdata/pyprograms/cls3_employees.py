from dataclasses import dataclass

@dataclass(order=True)
class Employee:
    dept: str
    name: str
    salary: int
    years: int = 0

    def raise_pct(self, pct):
        self.salary = round(self.salary * (1 + pct / 100))

staff = [
    Employee("eng", "Zoe", 120000, 5),
    Employee("eng", "Adam", 95000, 2),
    Employee("ops", "Mia", 70000, 7),
    Employee("sales", "Li", 65000, 1),
    Employee("ops", "Raj", 72000, 3),
    Employee("eng", "Ola", 105000, 9),
]
for e in sorted(staff):
    print(e)
by_dept = {}
for e in staff:
    by_dept.setdefault(e.dept, []).append(e)
for dept, people in sorted(by_dept.items()):
    avg = sum(p.salary for p in people) / len(people)
    senior = max(people, key=lambda p: p.years)
    print(f"{dept:<6} n={len(people)} avg={avg:,.1f} senior={senior.name}")
for e in staff:
    if e.years >= 5:
        e.raise_pct(3.5)
print([(e.name, e.salary) for e in staff])
print(min(staff).name, max(staff).name)
print(Employee("eng", "Zoe", 1) < Employee("eng", "Zoe", 2))
payroll = sum(e.salary for e in staff)
print(f"payroll: ${payroll:,}")
print(f"{'name':<5}|{'share':>7}")
for e in sorted(staff, key=lambda e: e.salary, reverse=True):
    print(f"{e.name:<5}|{e.salary / payroll:>7.2%}")
