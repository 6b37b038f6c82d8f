print("Celsius  Fahrenheit  Kelvin")
for c in range(-40, 101, 20):
    f = c * 9 / 5 + 32
    k = c + 273.15
    print(f"{c:7d}  {f:10.1f}  {k:6.2f}")
temps = [22.5, 19.0, 24.75, 18.25, 21.0]
avg = sum(temps) / len(temps)
print("avg", avg, round(avg, 1), f"{avg:.2f}")
var = sum((t - avg) ** 2 for t in temps) / len(temps)
print("var", var, "std", var ** 0.5)
print(sorted(temps), sorted(temps)[len(temps) // 2], min(temps), max(temps))
print([f"{t:.0f}" for t in temps], [round(t) for t in temps])
print(str(1/7)[:8], 22/7, 355/113, 3.14159 * 2 ** 2)
