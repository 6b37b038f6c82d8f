data = [23, 45, 12, 67, 34, 89, 21, 45, 56, 78, 45, 34, 23, 12, 90, 67, 45, 34, 56, 78, 11, 99, 45, 23]
n = len(data)
mean = sum(data) / n
s = sorted(data)
median = (s[n // 2 - 1] + s[n // 2]) / 2 if n % 2 == 0 else s[n // 2]
counts = {}
for x in data:
    counts[x] = counts.get(x, 0) + 1
mode = max(counts, key=lambda k: (counts[k], -k))
var = sum((x - mean) ** 2 for x in data) / n
print(f"n={n} mean={mean:.3f} median={median} mode={mode} var={var:.3f} sd={var ** 0.5:.3f}")
print("min", min(data), "max", max(data), "range", max(data) - min(data))
def quantile(sorted_data, q):
    pos = (len(sorted_data) - 1) * q
    lo = int(pos)
    frac = pos - lo
    if lo + 1 < len(sorted_data):
        return sorted_data[lo] + (sorted_data[lo + 1] - sorted_data[lo]) * frac
    return sorted_data[lo]
print([quantile(s, q) for q in (0, 0.25, 0.5, 0.75, 1)])
width = 20
for lo in range(0, 100, width):
    hi = lo + width
    k = sum(1 for x in data if lo <= x < hi)
    print(f"[{lo:>2}, {hi:>3}) {k:>2} {'█' * k}")
z = [round((x - mean) / var ** 0.5, 2) for x in data[:6]]
print(z)
outliers = [x for x in data if abs(x - mean) > 1.5 * var ** 0.5]
print("outliers:", outliers)
print(sorted(counts.items(), key=lambda kv: -kv[1])[:3])
