company = {
    "name": "Acme",
    "departments": [
        {"name": "R&D", "budget": 1.5e6, "teams": [
            {"name": "core", "members": ["ann", "bo"], "lead": "ann"},
            {"name": "ml", "members": ["cy"], "lead": None}]},
        {"name": "Sales", "budget": 750000, "teams": [
            {"name": "emea", "members": ["di", "ed", "fay"], "lead": "ed"}]},
        {"name": "Legal", "budget": 0, "teams": []},
    ],
}

def walk(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from walk(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, path + (i,))
    else:
        yield path, node

leaves = list(walk(company))
print(len(leaves))
for path, value in leaves[:8]:
    print("/".join(map(str, path)), "=", repr(value))
members = [m for d in company["departments"] for t in d["teams"] for m in t["members"]]
print(members, len(members))
leads = {t["name"]: t["lead"] or "(vacant)" for d in company["departments"] for t in d["teams"]}
print(leads)
budgets = {d["name"]: d["budget"] for d in company["departments"]}
print(budgets, sum(budgets.values()), max(budgets, key=budgets.get))
def depth(node):
    if isinstance(node, dict):
        return 1 + max((depth(v) for v in node.values()), default=0)
    if isinstance(node, list):
        return 1 + max((depth(v) for v in node), default=0)
    return 0
print(depth(company), depth({}), depth([[[]]]))
import_free = {k: (len(v) if isinstance(v, list) else v) for k, v in company.items()}
print(import_free)
