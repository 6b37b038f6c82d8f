principal = 10000.0
rate = 0.05
print(f"{'year':>4} {'simple':>12} {'yearly':>12} {'monthly':>12} {'daily':>12}")
for year in range(0, 31, 5):
    simple = principal * (1 + rate * year)
    yearly = principal * (1 + rate) ** year
    monthly = principal * (1 + rate / 12) ** (12 * year)
    daily = principal * (1 + rate / 365) ** (365 * year)
    print(f"{year:>4} {simple:>12,.2f} {yearly:>12,.2f} {monthly:>12,.2f} {daily:>12,.2f}")

def amortize(loan, annual_rate, years):
    r = annual_rate / 12
    n = years * 12
    payment = loan * r / (1 - (1 + r) ** -n)
    balance = loan
    total_interest = 0
    rows = []
    for month in range(1, n + 1):
        interest = balance * r
        principal_part = payment - interest
        balance -= principal_part
        total_interest += interest
        if month <= 3 or month > n - 2:
            rows.append((month, round(payment, 2), round(interest, 2), round(principal_part, 2), round(abs(balance), 2)))
    return payment, total_interest, rows

payment, interest, rows = amortize(250000, 0.065, 30)
print(f"monthly payment: {payment:.2f}, total interest: {interest:,.2f}")
for row in rows:
    print(row)
years = 0
balance = 1000
while balance < 2000:
    balance *= 1.07
    years += 1
print("doubling at 7%:", years, "years", round(balance, 2), balance)
print(72 / 7, round(72 / 7, 1))
