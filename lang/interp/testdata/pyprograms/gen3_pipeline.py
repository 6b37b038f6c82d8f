# Generator pipeline over log lines
LOG = """\
2024-01-03 10:00:01 INFO  user=alice action=login
2024-01-03 10:00:05 WARN  user=bob action=login failed=1
2024-01-03 10:01:00 INFO  user=alice action=view page=/home
2024-01-03 10:02:30 ERROR user=carol action=pay amount=19.99 code=502
2024-01-03 10:03:00 INFO  user=bob action=login
2024-01-03 10:04:10 INFO  user=bob action=pay amount=5.00
2024-01-03 10:05:00 ERROR user=alice action=pay amount=120.50 code=402

2024-01-03 10:06:00 INFO  user=carol action=logout
"""

def lines(text):
    for line in text.splitlines():
        if line.strip():
            yield line

def parse(lines):
    for line in lines:
        date, time, level, *rest = line.split()
        fields = dict(item.split("=", 1) for item in rest)
        yield {"time": time, "level": level, **fields}

def only(level, records):
    return (r for r in records if r["level"] == level)

records = list(parse(lines(LOG)))
print(len(records), "records")
for r in only("ERROR", records):
    print(r["time"], r["user"], r.get("code", "?"), float(r["amount"]))
levels = {}
for r in records:
    levels[r["level"]] = levels.get(r["level"], 0) + 1
print(levels)
paid = sum(float(r["amount"]) for r in records if r["action"] == "pay" and r["level"] == "INFO")
print(f"paid: {paid:.2f}")
users = sorted({r["user"] for r in records})
print(users)
per_user = {u: [r["action"] for r in records if r["user"] == u] for u in users}
for u, acts in per_user.items():
    print(f"{u:>6}: {', '.join(acts)}")
print(records[1])
print(max(records, key=lambda r: len(r))["time"])
