class LRUCache:
    def __init__(self, capacity):
        self.capacity = capacity
        self.data = {}
        self.hits = 0
        self.misses = 0

    def get(self, key):
        if key not in self.data:
            self.misses += 1
            return None
        self.hits += 1
        value = self.data.pop(key)
        self.data[key] = value
        return value

    def put(self, key, value):
        if key in self.data:
            self.data.pop(key)
        elif len(self.data) >= self.capacity:
            oldest = next(iter(self.data))
            del self.data[oldest]
            print(f"  evict {oldest!r}")
        self.data[key] = value

cache = LRUCache(3)
ops = [("put", "a", 1), ("put", "b", 2), ("get", "a"), ("put", "c", 3), ("put", "d", 4), ("get", "b"),
       ("get", "c"), ("put", "a", 10), ("put", "e", 5), ("get", "d"), ("get", "a"), ("get", "e")]
for op in ops:
    if op[0] == "put":
        cache.put(op[1], op[2])
        print(f"put {op[1]}={op[2]} -> {list(cache.data)}")
    else:
        print(f"get {op[1]} -> {cache.get(op[1])}")
print(cache.data, cache.hits, cache.misses, f"{cache.hits / (cache.hits + cache.misses):.1%}")
