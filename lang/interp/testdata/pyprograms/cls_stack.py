from dataclasses import dataclass, field

@dataclass
class Stack:
    items: list = field(default_factory=list)

    def push(self, x):
        self.items.append(x)

    def pop(self):
        if not self.items:
            raise IndexError("pop from empty stack")
        return self.items.pop()

    def peek(self):
        return self.items[-1]

    def size(self):
        return len(self.items)

s = Stack()
for c in "abc":
    s.push(c)
print(s.size(), s.peek(), s.pop(), s.size())
s.pop()
s.pop()
try:
    s.pop()
except IndexError as e:
    print("error:", e)
