from enum import Enum

class Status(Enum):
    TODO = 1
    DOING = 2
    DONE = 3

tasks = [("write", Status.DONE), ("test", Status.DOING), ("ship", Status.TODO), ("docs", Status.TODO)]
for name, st in tasks:
    print(f"{name:<6} {st.name:<5} {st.value} {st}")
by_status = {}
for name, st in tasks:
    by_status.setdefault(st.name, []).append(name)
print(by_status)
print([(n, s.name) for n, s in sorted(tasks, key=lambda t: t[1].value)])
print(Status(3), Status.TODO == Status(1), Status.DONE.value - Status.TODO.value)
print([s.name for s in Status if s != Status.DOING])
