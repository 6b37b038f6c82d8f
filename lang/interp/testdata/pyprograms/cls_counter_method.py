from dataclasses import dataclass

@dataclass
class Counter:
    count: int = 0

def increment(c, by=1):
    c.count += by
    return c.count

c = Counter()
increment(c)
increment(c, 5)
print(c.count, c)
