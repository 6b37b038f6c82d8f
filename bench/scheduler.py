# Task scheduler simulation (in the spirit of pyperformance's richards):
# classes with methods, linked lists, None checks and attribute writes.
import os


class Packet:
    def __init__(self, dest, kind, count, link=None):
        self.dest = dest
        self.kind = kind
        self.count = count
        self.link = link


class Task:
    def __init__(self, id, pri):
        self.id = id
        self.pri = pri
        self.head = None
        self.tail = None
        self.next = None
        self.held = False
        self.handled = 0
        self.work = 0

    def enqueue(self, p):
        p.link = None
        if self.tail is None:
            self.head = p
        else:
            self.tail.link = p
        self.tail = p

    def dequeue(self):
        p = self.head
        if p is not None:
            self.head = p.link
            if self.head is None:
                self.tail = None
        return p

    def ready(self):
        return self.head is not None and not self.held


class Scheduler:
    def __init__(self, tasks):
        self.tasks = tasks
        self.first = None

    def add(self, t):
        if self.first is None or t.pri > self.first.pri:
            t.next = self.first
            self.first = t
        else:
            cur = self.first
            while cur.next is not None and cur.next.pri >= t.pri:
                cur = cur.next
            t.next = cur.next
            cur.next = t
        self.tasks.append(t)

    def pick(self):
        t = self.first
        while t is not None:
            if t.ready():
                return t
            t = t.next
        return None

    def release(self):
        cur = self.first
        while cur is not None:
            cur.held = False
            cur = cur.next

    def run(self, steps):
        n = len(self.tasks)
        done = 0
        for step in range(steps):
            t = self.pick()
            if t is None:
                self.release()
                continue
            p = t.dequeue()
            t.handled += 1
            t.work = (t.work * 31 + p.count + p.kind) % 1000003
            p.count += 1
            if step % 7 == 0:
                t.held = True
            if step % 13 == 0:
                self.release()
            if p.count < 40:
                p.dest = (p.dest * 7 + t.id + p.kind) % n
                p.kind = (p.kind + 1) % 3
                self.tasks[p.dest].enqueue(p)
            else:
                done += 1
                q = Packet(dest=(t.id + done) % n, kind=done % 3, count=0)
                self.tasks[q.dest].enqueue(q)
        return done


STEPS = 3000 if os.environ.get("DANA_BENCH_SMALL") else 300000
s = Scheduler(tasks=[])
for i in range(24):
    s.add(Task(id=i, pri=(i * 37) % 11))
for i in range(60):
    s.tasks[i % 24].enqueue(Packet(dest=i % 24, kind=i % 3, count=i % 5))
done = s.run(STEPS)
print("done", done)
print("handled", [t.handled for t in s.tasks])
print("work", sum(t.work for t in s.tasks))
