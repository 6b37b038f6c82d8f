# Traffic-light / vending machine state machines with dict dispatch
TRANSITIONS = {
    ("idle", "coin"): "ready",
    ("ready", "coin"): "ready",
    ("ready", "push"): "vending",
    ("vending", "done"): "idle",
    ("ready", "refund"): "idle",
}

def run(events):
    state = "idle"
    credit = 0
    trace = []
    for ev in events:
        key = (state, ev)
        if key not in TRANSITIONS:
            trace.append(f"{state:>8} --{ev}--> (ignored)")
            continue
        new = TRANSITIONS[key]
        if ev == "coin":
            credit += 25
        elif ev == "refund":
            trace.append(f"refunding {credit} cents")
            credit = 0
        elif ev == "push":
            if credit < 50:
                trace.append(f"need {50 - credit} more cents")
                continue
            credit -= 50
        trace.append(f"{state:>8} --{ev}--> {new}")
        state = new
    return state, credit, trace

final, credit, trace = run(["push", "coin", "push", "coin", "coin", "push", "done", "coin", "refund", "done"])
print(*trace, sep="\n")
print("final:", final, "credit:", credit)

def lights(n):
    cycle = ["green", "yellow", "red"]
    durations = {"green": 3, "yellow": 1, "red": 2}
    t = 0
    i = 0
    timeline = []
    while t < n:
        color = cycle[i % 3]
        timeline.extend([color[0].upper()] * durations[color])
        t += durations[color]
        i += 1
    return "".join(timeline[:n])

print(lights(20))
print({s: lights(30).count(s) for s in "GYR"})
