from dataclasses import dataclass
from typing import Any

@dataclass
class Tree:
    key: int
    left: Any = None
    right: Any = None

def insert(t, k):
    if t is None:
        return Tree(k)
    if k < t.key:
        t.left = insert(t.left, k)
    else:
        t.right = insert(t.right, k)
    return t

def inorder(t):
    return [] if t is None else inorder(t.left) + [t.key] + inorder(t.right)

def height(t):
    return 0 if t is None else 1 + max(height(t.left), height(t.right))

root = None
for k in [50, 30, 70, 20, 40, 60, 80, 35]:
    root = insert(root, k)
print(inorder(root), height(root))
