class Node:
    def __init__(self, name):
        self.name = name
        self.edges = []

    def connect(self, other, weight=1):
        self.edges.append((other, weight))
        other.edges.append((self, weight))

    def __repr__(self):
        return f"Node({self.name!r})"

names = "ABCDEF"
nodes = {n: Node(n) for n in names}
for a, b, w in [("A", "B", 4), ("A", "C", 2), ("B", "C", 1), ("B", "D", 5), ("C", "D", 8), ("D", "E", 3), ("E", "F", 1)]:
    nodes[a].connect(nodes[b], w)

def dfs(start):
    seen = set()
    order = []
    def visit(n):
        seen.add(n)
        order.append(n.name)
        for m, _ in sorted(n.edges, key=lambda e: e[0].name):
            if m not in seen:
                visit(m)
    visit(start)
    return order

print(dfs(nodes["A"]), dfs(nodes["F"]))
degree = {n: len(n.edges) for n in nodes.values()}
print(degree)
print(max(degree, key=degree.get))
visited = {nodes["A"]: 0}
frontier = [nodes["A"]]
while frontier:
    nxt = []
    for n in frontier:
        for m, _ in n.edges:
            if m not in visited:
                visited[m] = visited[n] + 1
                nxt.append(m)
    frontier = nxt
print({n.name: d for n, d in visited.items()})
