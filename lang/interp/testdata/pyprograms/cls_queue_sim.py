from dataclasses import dataclass, field

@dataclass
class Queue:
    items: list = field(default_factory=list)

    def enqueue(self, x):
        self.items.append(x)

    def dequeue(self):
        return self.items.pop(0)

    def __len__(self):
        return len(self.items)

q = Queue()
for job in ["a", "b", "c"]:
    q.enqueue(job)
served = []
while q.items:
    served.append(q.dequeue())
print(served, q.items)
