class Node:
    def __init__(self, value, next=None):
        self.value = value
        self.next = next

class LinkedList:
    def __init__(self, values=()):
        self.head = None
        self.size = 0
        for v in reversed(list(values)):
            self.push_front(v)

    def push_front(self, v):
        self.head = Node(v, self.head)
        self.size += 1

    def __len__(self):
        return self.size

    def __iter__(self):
        node = self.head
        while node:
            yield node.value
            node = node.next

    def __contains__(self, v):
        return any(x == v for x in self)

    def reverse(self):
        prev, node = None, self.head
        while node:
            node.next, prev, node = prev, node, node.next
        self.head = prev

    def __repr__(self):
        return "LinkedList([" + ", ".join(repr(v) for v in self) + "])"

ll = LinkedList([3, 1, 4, 1, 5])
print(ll, len(ll))
ll.push_front(9)
print(list(ll), 4 in ll, 7 in ll)
ll.reverse()
print(ll)
print(sum(ll), max(ll), sorted(ll))
words = LinkedList(["a", "bb", "ccc"])
for i, w in enumerate(words):
    print(i, w * 2)
print(LinkedList(), len(LinkedList()))
print([x for x in ll if x % 2])
