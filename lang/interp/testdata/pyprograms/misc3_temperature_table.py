print("Celsius  Fahrenheit  Kelvin")
for c in range(-20, 41, 10):
    f = c * 9 / 5 + 32
    k = c + 273.15
    print(f"{c:7d}  {f:10.1f}  {k:6.2f}")
print()
temps = [22.5, 19.0, 24.3, 25.1, 18.7, 21.0, 23.8]
days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
avg = sum(temps) / len(temps)
print("average:", avg, round(avg, 2), f"{avg:.1f}")
for d, t in zip(days, temps):
    marker = "+" if t > avg else "-"
    print(d, t, marker, "#" * int(t - 15))
hot = [d for d, t in zip(days, temps) if t >= 24]
print("hot days:", hot)
print("max", max(temps), "on", days[temps.index(max(temps))])
diffs = [round(b - a, 1) for a, b in zip(temps, temps[1:])]
print(diffs)
print(sorted(zip(temps, days))[:3])
