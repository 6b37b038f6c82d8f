from dataclasses import dataclass
from typing import Optional

@dataclass
class Node:
    value: int
    next: Optional["Node"] = None

def build(xs):
    head = None
    for x in reversed(xs):
        head = Node(x, head)
    return head

def to_list(node):
    out = []
    while node is not None:
        out.append(node.value)
        node = node.next
    return out

def reverse(node):
    prev = None
    while node:
        nxt = node.next
        node.next = prev
        prev = node
        node = nxt
    return prev

h = build([1, 2, 3, 4])
print(to_list(h))
print(to_list(reverse(h)))
