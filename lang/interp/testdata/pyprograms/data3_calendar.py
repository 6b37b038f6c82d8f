MONTHS = ["January", "February", "March", "April", "May", "June", "July",
          "August", "September", "October", "November", "December"]
DAYS_IN = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

def is_leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)

def day_of_week(y, m, d):
    # Zeller-like (Sakamoto), 0 = Sunday
    t = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
    if m < 3:
        y -= 1
    return (y + y // 4 - y // 100 + y // 400 + t[m - 1] + d) % 7

def month_days(y, m):
    return 29 if m == 2 and is_leap(y) else DAYS_IN[m - 1]

def print_month(y, m):
    print(f"{MONTHS[m - 1]} {y}".center(20))
    print("Mo Tu We Th Fr Sa Su")
    start = (day_of_week(y, m, 1) + 6) % 7
    cells = ["  "] * start + [f"{d:2}" for d in range(1, month_days(y, m) + 1)]
    for i in range(0, len(cells), 7):
        print(" ".join(cells[i:i + 7]))

print_month(2024, 2)
print()
print_month(1969, 7)
print([y for y in range(1890, 1920) if is_leap(y)])
names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
print(names[day_of_week(2000, 1, 1)], names[day_of_week(2024, 12, 25)])
fridays = [(y, m) for y in range(2023, 2026) for m in range(1, 13) if day_of_week(y, m, 13) == 5]
print(len(fridays), fridays)

def day_of_year(y, m, d):
    return sum(month_days(y, k) for k in range(1, m)) + d
print(day_of_year(2024, 12, 31), day_of_year(2023, 3, 1), f"{day_of_year(2024, 7, 4):03d}")
