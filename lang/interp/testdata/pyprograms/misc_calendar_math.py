def is_leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
def day_of_year(y, m, d):
    return sum(days[:m - 1]) + d + (1 if m > 2 and is_leap(y) else 0)
print([y for y in range(1896, 1920) if is_leap(y)])
print(day_of_year(2024, 3, 1), day_of_year(2023, 12, 31), day_of_year(2000, 12, 31))
