class Stack:
    def __init__(self):
        self._items = []

    def push(self, item):
        self._items.append(item)

    def pop(self):
        if not self._items:
            raise IndexError("pop from empty stack")
        return self._items.pop()

    def peek(self):
        return self._items[-1] if self._items else None

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(reversed(self._items))

    def __bool__(self):
        return bool(self._items)

def eval_postfix(expr):
    s = Stack()
    for tok in expr.split():
        if tok in "+-*/":
            b, a = s.pop(), s.pop()
            s.push({"+": a + b, "-": a - b, "*": a * b, "/": a / b}[tok])
        else:
            s.push(int(tok))
    return s.pop()

s = Stack()
for w in "to be or not".split():
    s.push(w)
print(len(s), list(s), s.peek())
while s:
    print(s.pop(), end=" ")
print()
print(bool(s), len(s), s.peek())
for e in ["3 4 +", "5 1 2 + 4 * + 3 -", "2 3 4 * +", "10 4 /"]:
    print(e, "=", eval_postfix(e))
try:
    eval_postfix("1 +")
except IndexError as err:
    print("error:", err)
