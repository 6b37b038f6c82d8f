data = [2, 4, 4, 4, 5, 5, 7, 9]
n = len(data)
mean = sum(data) / n
var = sum((x - mean) ** 2 for x in data) / n
sd = var ** 0.5
s = sorted(data)
median = (s[n // 2 - 1] + s[n // 2]) / 2 if n % 2 == 0 else s[n // 2]
mode = max(set(data), key=data.count)
print(mean, var, sd, median, mode)
print(f"{mean:.3f} {sd:.3f}")
