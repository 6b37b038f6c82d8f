# Discrete-event simulation of a bank with 2 tellers
def rng(seed):
    while True:
        seed = (seed * 69069 + 1) % 2 ** 32
        yield seed / 2 ** 32

r = rng(12345)
events = []
def schedule(time, kind, cust):
    events.append((time, kind, cust))
    events.sort()

t = 0.0
for c in range(12):
    t += round(next(r) * 4, 2)
    schedule(round(t, 2), "arrive", c)
free_tellers = 2
queue = []
waits = {}
arrived_at = {}
served = []
while events:
    now, kind, c = events.pop(0)
    if kind == "arrive":
        arrived_at[c] = now
        if free_tellers:
            free_tellers -= 1
            waits[c] = 0.0
            schedule(round(now + 2 + next(r) * 5, 2), "leave", c)
        else:
            queue.append(c)
    else:
        served.append((c, now))
        if queue:
            nxt = queue.pop(0)
            waits[nxt] = round(now - arrived_at[nxt], 2)
            schedule(round(now + 2 + next(r) * 5, 2), "leave", nxt)
        else:
            free_tellers += 1
for c, done in served:
    print(f"customer {c:>2}: arrived {arrived_at[c]:>6.2f} waited {waits[c]:>5.2f} left {done:>6.2f}")
avg = sum(waits.values()) / len(waits)
print(f"average wait {avg:.3f}, max {max(waits.values())}, served {len(served)}")
