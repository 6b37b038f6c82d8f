scores = [72, 85, 90, 66, 78, 95, 88, 59, 73, 81, 100, 47, 68, 77, 92]
bins = {}
for s in scores:
    b = min(s // 10 * 10, 90)
    bins[b] = bins.get(b, 0) + 1
for b in sorted(bins):
    label = f"{b}-{b + 9 if b < 90 else 100}"
    print(f"{label:>7} | {'*' * bins[b]:<6}| {bins[b] / len(scores):6.1%}")
mean = sum(scores) / len(scores)
s = sorted(scores)
median = s[len(s) // 2] if len(s) % 2 else (s[len(s) // 2 - 1] + s[len(s) // 2]) / 2
mode_count = max(scores.count(x) for x in scores)
print(f"n={len(scores)} mean={mean:.2f} median={median} min={s[0]} max={s[-1]} range={s[-1] - s[0]}")
above = [x for x in scores if x > mean]
print(len(above), "above mean:", above)
grades = ["A" if x >= 90 else "B" if x >= 80 else "C" if x >= 70 else "D" if x >= 60 else "F" for x in scores]
print("".join(grades), {g: grades.count(g) for g in "ABCDF"})
