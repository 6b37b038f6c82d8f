monkeys = [
    {"items": [79, 98], "op": ("*", 19), "test": 23, "true": 2, "false": 3},
    {"items": [54, 65, 75, 74], "op": ("+", 6), "test": 19, "true": 2, "false": 0},
    {"items": [79, 60, 97], "op": ("*", "old"), "test": 13, "true": 1, "false": 3},
    {"items": [74], "op": ("+", 3), "test": 17, "true": 0, "false": 1},
]

def simulate(rounds, relief):
    ms = [dict(m, items=list(m["items"])) for m in monkeys]
    counts = [0] * len(ms)
    mod = 1
    for m in ms:
        mod *= m["test"]
    for _ in range(rounds):
        for i, m in enumerate(ms):
            for worry in m["items"]:
                counts[i] += 1
                op, arg = m["op"]
                val = worry if arg == "old" else arg
                worry = worry * val if op == "*" else worry + val
                worry = worry // 3 if relief else worry % mod
                target = m["true"] if worry % m["test"] == 0 else m["false"]
                ms[target]["items"].append(worry)
            m["items"] = []
    return counts, ms

counts, ms = simulate(20, True)
print(counts, [m["items"] for m in ms])
a, b = sorted(counts)[-2:]
print("part 1:", a * b)
counts, _ = simulate(10000, False)
a, b = sorted(counts)[-2:]
print("part 2:", a * b, counts)
