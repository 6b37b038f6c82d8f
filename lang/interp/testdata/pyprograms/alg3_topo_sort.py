# Kahn's algorithm: order tasks by their dependencies
deps = {
    "des_system_lib": ["std", "synopsys", "std_cell_lib", "dw02", "dw01", "ramlib", "ieee"],
    "dw01": ["ieee", "dware", "gtech"],
    "dw02": ["ieee", "dware"],
    "dw03": ["std", "synopsys", "dware", "dw02", "dw01", "ieee", "gtech"],
    "dw04": ["dw04", "ieee", "dw01", "dware", "gtech"],
    "dw05": ["dw05", "ieee", "dware"],
    "dw06": ["dw06", "ieee", "dware"],
    "dw07": ["ieee", "dware"],
    "dware": ["ieee", "dware"],
    "gtech": ["ieee", "gtech"],
    "ramlib": ["std", "ieee"],
    "std_cell_lib": ["ieee", "std_cell_lib"],
    "synopsys": [],
}

def toposort(deps):
    graph = {}
    for node, ds in deps.items():
        graph.setdefault(node, set())
        for d in ds:
            if d != node:
                graph[node].add(d)
                graph.setdefault(d, set())
    indegree = {n: len(graph[n]) for n in graph}
    users = {n: [] for n in graph}
    for n, ds in graph.items():
        for d in ds:
            users[d].append(n)
    ready = sorted(n for n, k in indegree.items() if k == 0)
    order = []
    while ready:
        n = ready.pop(0)
        order.append(n)
        for u in sorted(users[n]):
            indegree[u] -= 1
            if indegree[u] == 0:
                ready.append(u)
        ready.sort()
    if len(order) != len(graph):
        cyclic = sorted(n for n in graph if indegree[n] > 0)
        raise ValueError("cycle among: " + ", ".join(cyclic))
    return order

order = toposort(deps)
for i, name in enumerate(order, 1):
    print(f"{i:2d}. {name}")

deps["dw01"].append("dw04")
try:
    toposort(deps)
except ValueError as err:
    print("error:", err)
