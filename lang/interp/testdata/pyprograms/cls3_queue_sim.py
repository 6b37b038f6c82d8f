class Queue:
    def __init__(self):
        self.items = []
    def enqueue(self, x):
        self.items.append(x)
    def dequeue(self):
        return self.items.pop(0)
    def __len__(self):
        return len(self.items)
    def __bool__(self):
        return len(self.items) > 0

class Rand:
    def __init__(self, seed):
        self.s = seed
    def random(self):
        self.s = (self.s * 48271) % 2147483647
        return self.s / 2147483647

rng = Rand(42)
q = Queue()
served = []
waits = []
clock = 0
busy_until = 0
customer = 0
while clock < 60:
    if rng.random() < 0.3:
        customer += 1
        q.enqueue((customer, clock))
    if clock >= busy_until and q:
        cid, arrived = q.dequeue()
        waits.append(clock - arrived)
        service = 1 + int(rng.random() * 5)
        busy_until = clock + service
        served.append(cid)
    clock += 1
print("arrived:", customer, "served:", len(served), "waiting:", len(q))
print("waits:", waits)
print(f"avg wait {sum(waits) / len(waits):.3f}, max {max(waits)}")
print("queue empty?", not q, bool(Queue()))
