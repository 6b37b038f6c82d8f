class School:
    def __init__(self):
        self._db = {}
        self._added = []

    def add_student(self, name, grade):
        if any(name in names for names in self._db.values()):
            self._added.append(False)
            return
        self._db.setdefault(grade, set()).add(name)
        self._added.append(True)

    def roster(self):
        return [n for g in sorted(self._db) for n in sorted(self._db[g])]

    def grade(self, number):
        return sorted(self._db.get(number, ()))

    def added(self):
        return self._added

s = School()
for name, g in [("Aimee", 2), ("Blair", 2), ("James", 2), ("Paul", 2), ("James", 3), ("Chelsea", 3), ("Logan", 7), ("Aimee", 1)]:
    s.add_student(name, g)
print(s.roster())
print(s.grade(2), s.grade(3), s.grade(9))
print(s.added())
