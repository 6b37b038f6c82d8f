requests = [(0, 5), (3, 1), (7, 2), (2, 9), (9, 0), (4, 4), (6, 8)]
floor = 0
direction = 1
time = 0
pending = list(requests)
riding = []
log = []
delivered = 0
while pending or riding:
    boarding = [r for r in pending if r[0] == floor]
    for r in boarding:
        pending.remove(r)
        if r[1] == floor:
            log.append(f"t={time:2} floor {floor}: {r} trivial")
            delivered += 1
        else:
            riding.append(r)
            log.append(f"t={time:2} floor {floor}: pick up {r}")
    leaving = [r for r in riding if r[1] == floor]
    for r in leaving:
        riding.remove(r)
        delivered += 1
        log.append(f"t={time:2} floor {floor}: drop off {r}")
    targets = [r[0] for r in pending] + [r[1] for r in riding]
    if not targets:
        break
    if direction == 1 and not any(t > floor for t in targets):
        direction = -1
    elif direction == -1 and not any(t < floor for t in targets):
        direction = 1
    floor += direction
    time += 1
print("\n".join(log))
print(f"delivered {delivered} in {time} ticks, ended on floor {floor}")
