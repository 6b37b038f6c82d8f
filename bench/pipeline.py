# Coroutine-style generator pipelines: a log-record source, chained
# filter/map/window/group stages written as generator functions, generator
# expressions feeding sum/max/any, yield from for flattening, a running
# aggregate consumed lazily and stopped early.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")

LEVELS = ["debug", "info", "info", "warn", "error"]
SERVICES = ["api", "db", "cache", "auth", "queue", "web"]


def source(n):
    seed = 7
    for i in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        yield (i, SERVICES[seed % 6], LEVELS[(seed >> 8) % 5], (seed >> 4) % 1000)


def only(records, levels):
    for rec in records:
        if rec[2] in levels:
            yield rec


def with_latency_class(records):
    for i, svc, level, ms in records:
        cls = "slow" if ms > 800 else "ok" if ms > 100 else "fast"
        yield i, svc, level, ms, cls


def window(records, size):
    buf = []
    for rec in records:
        buf.append(rec)
        if len(buf) == size:
            yield buf
            buf = []
    if buf:
        yield buf


def flatten(batches):
    for batch in batches:
        yield from batch


def running_mean(values):
    total = 0
    count = 0
    for v in values:
        total += v
        count += 1
        yield total / count


def take_while_below(values, limit):
    for v in values:
        if v >= limit:
            return
        yield v


N = 3000 if SMALL else 150000

counts = {}
for i, svc, level, ms, cls in with_latency_class(only(source(N), {"warn", "error"})):
    key = (svc, cls)
    counts[key] = counts.get(key, 0) + 1
print("classes", sorted(counts.items())[:5], len(counts))

batch_sums = [sum(r[3] for r in b) for b in window(source(N), 64)]
print("batches", len(batch_sums), max(batch_sums), min(batch_sums))

flat = sum(1 for r in flatten(window(only(source(N), {"error"}), 10)) if r[3] % 2 == 0)
print("flat", flat)

means = list(take_while_below(running_mean(r[3] for r in source(N)), 600))
print("means", len(means), f"{means[-1]:.3f}" if means else None)

slowest = max((r for r in source(N) if r[1] == "db"), key=lambda r: (r[3], -r[0]))
print("slowest db", slowest)
print("any auth error", any(r[1] == "auth" and r[2] == "error" and r[3] > 995 for r in source(N)))
per_service = {s: sum(1 for r in source(N // 4) if r[1] == s) for s in SERVICES}
print("per service", per_service)
