class Node:
    def __init__(self, key):
        self.key = key
        self.left = None
        self.right = None

class BST:
    def __init__(self):
        self.root = None
        self.count = 0

    def insert(self, key):
        if self.root is None:
            self.root = Node(key)
            self.count += 1
            return
        cur = self.root
        while True:
            if key == cur.key:
                return
            side = "left" if key < cur.key else "right"
            nxt = getattr(cur, side)
            if nxt is None:
                setattr(cur, side, Node(key))
                self.count += 1
                return
            cur = nxt

    def inorder(self, node="start"):
        if node == "start":
            node = self.root
        if node is None:
            return []
        return self.inorder(node.left) + [node.key] + self.inorder(node.right)

    def height(self, node="start"):
        if node == "start":
            node = self.root
        if node is None:
            return 0
        return 1 + max(self.height(node.left), self.height(node.right))

    def contains(self, key):
        cur = self.root
        while cur:
            if key == cur.key:
                return True
            cur = cur.left if key < cur.key else cur.right
        return False

t = BST()
for k in [50, 30, 70, 20, 40, 60, 80, 35, 45, 65, 30]:
    t.insert(k)
print(t.inorder(), t.count, t.height())
print([k for k in (35, 36, 80, 10) if t.contains(k)])
words = BST()
for w in "the quick brown fox jumps over the lazy dog".split():
    words.insert(w)
print(words.inorder(), words.height())
