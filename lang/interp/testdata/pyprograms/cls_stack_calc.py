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

    def __len__(self):
        return len(self.items)

    def __str__(self):
        return "Stack(" + ", ".join(map(str, self.items)) + ")"

def rpn(expr):
    s = Stack()
    for tok in expr.split():
        if tok in "+-*/":
            b, a = s.pop(), s.pop()
            s.push({"+": a + b, "-": a - b, "*": a * b, "/": a / b}[tok])
        else:
            s.push(float(tok) if "." in tok else int(tok))
        print(f"{tok:>3} -> {s}")
    return s.pop()

print(rpn("3 4 + 2 *"))
print(rpn("5 1 2 + 4 * + 3 -"))
print(rpn("2.5 2 /"))
try:
    rpn("1 +")
except IndexError as e:
    print("error:", e)
st = Stack()
print(len(st), st)
