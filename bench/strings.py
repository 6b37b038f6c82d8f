# String processing: split, join, replace, f-strings, str.format, methods.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")
N = 500 if SMALL else 60000

names = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
lines = []
for i in range(N):
    name = names[i % 8]
    qty = (i * 7) % 23
    price = (i % 100) * 1.25
    lines.append(f"{i:05d},{name},{qty},{price:.2f},{name.upper()}-{i % 13}")
text = "\n".join(lines)

total_qty = 0
total_price = 0.0
tags = {}
out = []
for line in text.split("\n"):
    parts = line.split(",")
    total_qty += int(parts[2])
    total_price += float(parts[3])
    tag = parts[4].replace("-", "_").lower()
    tags[tag] = tags.get(tag, 0) + 1
    if parts[1].startswith("c") or parts[1].endswith("o"):
        out.append("{}:{:>8}|{:<6}".format(parts[0], parts[1].title(), parts[2].zfill(3)))

report = "; ".join(out[:3])
words = " ".join(lines[:200]).replace(",", " ").split()
caps = sum(1 for w in words if w.isupper())
digits = sum(1 for w in words if w.isdigit())
joined = "".join(w[0] for w in words)
found = text.find("hotel,") + text.count("echo") + len(text.strip())
snake = "_".join(p.strip().capitalize() for p in "  one two  three ".split())
acc = []
for i in range(N):
    s = str(i)
    acc.append(s + "x" * (i % 5) + s[::-1])
blob = "-".join(acc)

print(total_qty, f"{total_price:.2f}", len(tags), sorted(tags.items())[:3])
print(len(out), report)
print(caps, digits, len(joined), found, snake, len(blob), blob[:40])
