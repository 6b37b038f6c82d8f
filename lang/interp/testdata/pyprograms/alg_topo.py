deps = {"app": ["lib", "utils"], "lib": ["core"], "utils": ["core"], "core": []}
def topo(deps):
    out, state = [], {}
    def visit(n):
        if state.get(n) == "done":
            return
        if state.get(n) == "active":
            raise ValueError("cycle at " + n)
        state[n] = "active"
        for d in deps[n]:
            visit(d)
        state[n] = "done"
        out.append(n)
    for n in sorted(deps):
        visit(n)
    return out
print(topo(deps))
try:
    topo({"a": ["b"], "b": ["a"]})
except ValueError as e:
    print(e)
