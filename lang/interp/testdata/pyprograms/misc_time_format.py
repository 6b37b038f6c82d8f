def hms(seconds):
    h, rem = divmod(seconds, 3600)
    m, s = divmod(rem, 60)
    return f"{h:02d}:{m:02d}:{s:02d}"
for t in [0, 59, 60, 3599, 3600, 86399, 90061]:
    print(t, hms(t))
def human(seconds):
    parts = []
    for name, size in [("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)]:
        n, seconds = divmod(seconds, size)
        if n:
            parts.append(f"{n} {name}{'s' if n != 1 else ''}")
    return ", ".join(parts) or "now"
print([human(x) for x in [0, 1, 61, 3662, 90061, 172800]])
def is_leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
def day_of_year(y, m, d):
    return sum(days[:m - 1]) + d + (1 if m > 2 and is_leap(y) else 0)
print([y for y in range(1896, 1925) if is_leap(y)], day_of_year(2024, 3, 1), day_of_year(2023, 12, 31))
def weekday(y, m, d):
    t = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
    if m < 3:
        y -= 1
    return (y + y // 4 - y // 100 + y // 400 + t[m - 1] + d) % 7
names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
print(names[weekday(2000, 1, 1)], names[weekday(1969, 7, 20)], names[weekday(2024, 2, 29)])
print("%02d/%02d/%04d" % (7, 4, 1776), "{:%}".format(0.25), "{:>5}".format(hms(5)[-2:]))
