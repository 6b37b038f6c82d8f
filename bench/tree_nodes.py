# Binary trees with node objects (the class-based variant many Python
# translations of the benchmarks-game program use): allocation of small
# objects with optional children, recursive check/count/depth methods,
# a binary search tree with insert/lookup, in-order traversal by generator.
import os


class Node:
    def __init__(self, left, right):
        self.left = left
        self.right = right

    def check(self):
        if self.left is None:
            return 1
        return 1 + self.left.check() + self.right.check()


def make_tree(depth):
    if depth == 0:
        return Node(None, None)
    depth -= 1
    return Node(make_tree(depth), make_tree(depth))


class BSTNode:
    def __init__(self, key, value):
        self.key = key
        self.value = value
        self.left = None
        self.right = None


class BST:
    def __init__(self):
        self.root = None
        self.size = 0

    def insert(self, key, value):
        if self.root is None:
            self.root = BSTNode(key, value)
            self.size += 1
            return
        node = self.root
        while True:
            if key < node.key:
                if node.left is None:
                    node.left = BSTNode(key, value)
                    self.size += 1
                    return
                node = node.left
            elif key > node.key:
                if node.right is None:
                    node.right = BSTNode(key, value)
                    self.size += 1
                    return
                node = node.right
            else:
                node.value = value
                return

    def get(self, key, default=None):
        node = self.root
        while node is not None:
            if key < node.key:
                node = node.left
            elif key > node.key:
                node = node.right
            else:
                return node.value
        return default

    def height(self, node):
        if node is None:
            return 0
        return 1 + max(self.height(node.left), self.height(node.right))


def inorder(node):
    if node is not None:
        yield from inorder(node.left)
        yield node.key
        yield from inorder(node.right)


SMALL = os.environ.get("DANA_BENCH_SMALL")
MAX_DEPTH = 8 if SMALL else 12
MIN_DEPTH = 4
print("stretch", make_tree(MAX_DEPTH + 1).check())
long_lived = make_tree(MAX_DEPTH)
for d in range(MIN_DEPTH, MAX_DEPTH + 1, 2):
    iters = 2 ** (MAX_DEPTH - d + MIN_DEPTH)
    total = 0
    for i in range(iters):
        total += make_tree(d).check()
    print(iters, "trees of depth", d, "check", total)
print("long lived", long_lived.check())

bst = BST()
seed = 99
N = 2000 if SMALL else 30000
for i in range(N):
    seed = (seed * 1103515245 + 12345) % 2147483648
    bst.insert(seed % (N * 4), i)
hits = sum(1 for k in range(0, N * 4, 3) if bst.get(k) is not None)
keys = list(inorder(bst.root))
print("bst", bst.size, hits, bst.height(bst.root), keys[:3], keys == sorted(keys))
