class Task:
    next_id = 1

    def __init__(self, title, priority=2, tags=None):
        self.id = Task.next_id
        Task.next_id += 1
        self.title = title
        self.priority = priority
        self.done = False
        self.tags = tags if tags is not None else []

    def __str__(self):
        mark = "x" if self.done else " "
        tags = " ".join("#" + t for t in self.tags)
        return f"[{mark}] {self.id:>2} {self.title} (p{self.priority}) {tags}".rstrip()

class TodoList:
    def __init__(self):
        self.tasks = []

    def add(self, title, priority=2, tags=None):
        t = Task(title, priority, tags)
        self.tasks.append(t)
        return t

    def complete(self, task_id):
        for t in self.tasks:
            if t.id == task_id:
                t.done = True
                return t
        raise LookupError(f"no task {task_id}")

    def pending(self):
        return [t for t in self.tasks if not t.done]

    def by_tag(self):
        groups = {}
        for t in self.tasks:
            for tag in t.tags:
                groups.setdefault(tag, []).append(t.id)
        return groups

todo = TodoList()
todo.add("write report", 1, ["work"])
todo.add("buy milk", tags=["home", "shop"])
todo.add("call mom", 3)
todo.add("fix bike", 2, ["home"])
todo.complete(2)
for t in todo.tasks:
    print(t)
print("pending:", [t.title for t in todo.pending()])
print("by tag:", todo.by_tag())
try:
    todo.complete(9)
except LookupError as e:
    print("error:", e)
for t in sorted(todo.pending(), key=lambda t: (t.priority, t.title)):
    print(t.priority, t.title)
print(sum(1 for t in todo.tasks if t.done), "done of", len(todo.tasks))
