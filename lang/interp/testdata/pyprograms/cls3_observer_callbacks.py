class EventBus:
    def __init__(self):
        self.handlers = {}

    def on(self, event, fn):
        self.handlers.setdefault(event, []).append(fn)
        return fn

    def emit(self, event, *args):
        results = []
        for fn in self.handlers.get(event, []):
            results.append(fn(*args))
        return results

class Counter:
    def __init__(self):
        self.count = 0
    def __call__(self, *args):
        self.count += 1
        return self.count

bus = EventBus()
log = []
bus.on("save", lambda name: log.append(f"saved {name}") or "logged")
bus.on("save", lambda name: name.upper())
counter = Counter()
bus.on("save", counter)
bus.on("delete", counter)
print(bus.emit("save", "report.txt"))
print(bus.emit("save", "data.csv"))
print(bus.emit("delete", "old"))
print(bus.emit("unknown"))
print(log, counter.count, callable(counter), callable(bus))
