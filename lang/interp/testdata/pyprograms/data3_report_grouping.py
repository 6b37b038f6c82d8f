records = [
    {"name": "Ana", "dept": "Sales", "region": "EU", "q1": 120.5, "q2": 98.0},
    {"name": "Bo", "dept": "Sales", "region": "US", "q1": 88.0, "q2": 130.25},
    {"name": "Cy", "dept": "R&D", "region": "EU", "q1": 0.0, "q2": 0.0},
    {"name": "Di", "dept": "Sales", "region": "EU", "q1": 150.0, "q2": 149.5},
    {"name": "Ed", "dept": "Ops", "region": "US", "q1": 60.75, "q2": 61.25},
    {"name": "Fa", "dept": "Ops", "region": "APAC", "q1": 70.0, "q2": 90.0},
]

def group_by(rows, *keys):
    out = {}
    for r in rows:
        k = tuple(r[key] for key in keys) if len(keys) > 1 else r[keys[0]]
        out.setdefault(k, []).append(r)
    return out

for dept, rows in sorted(group_by(records, "dept").items()):
    total = sum(r["q1"] + r["q2"] for r in rows)
    print(f"{dept:<6} {len(rows)} people  total {total:>8.2f}  best {max(rows, key=lambda r: r['q1'] + r['q2'])['name']}")
pivot = group_by(records, "dept", "region")
regions = sorted({r["region"] for r in records})
print(f"{'':<6}" + "".join(f"{reg:>8}" for reg in regions))
for dept in sorted({r["dept"] for r in records}):
    cells = []
    for reg in regions:
        rows = pivot.get((dept, reg), [])
        cells.append(f"{sum(r['q2'] for r in rows):>8.1f}" if rows else f"{'-':>8}")
    print(f"{dept:<6}" + "".join(cells))
growth = {r["name"]: (r["q2"] - r["q1"]) / r["q1"] if r["q1"] else None for r in records}
for name, g in sorted(growth.items(), key=lambda kv: (kv[1] is None, -(kv[1] or 0))):
    print(f"{name}: {'n/a' if g is None else format(g, '+.1%')}")
print(list(pivot.keys()))
