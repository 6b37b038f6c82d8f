cart = [
    ("Organic bananas", 1.29, 3),
    ("Whole milk 1L", 0.99, 2),
    ("Sourdough loaf", 4.5, 1),
    ("Free-range eggs (12)", 3.85, 1),
    ("Dark chocolate 85%", 2.79, 4),
]
TAX = 0.0825
width = 44
print("=" * width)
print("GROCERY RECEIPT".center(width))
print("=" * width)
subtotal = 0
for name, price, qty in cart:
    line = price * qty
    subtotal += line
    left = f"{name[:24]:<24} {qty:>2} x {price:>5.2f}"
    print(f"{left}{line:>{width - len(left)}.2f}")
print("-" * width)
tax = subtotal * TAX
total = subtotal + tax
for label, amount in [("Subtotal", subtotal), (f"Tax ({TAX:.2%})", tax), ("TOTAL", total)]:
    print(f"{label:<30}{amount:>14,.2f}")
paid = 50
print(f"{'Paid':<30}{paid:>14.2f}")
change = round(paid - total, 2)
print(f"{'Change':<30}{change:>14.2f}")
coins = [2000, 1000, 500, 100, 25, 10, 5, 1]
cents = round(change * 100)
breakdown = []
for c in coins:
    n, cents = divmod(cents, c)
    if n:
        breakdown.append(f"{n}x{c / 100:g}")
print("change given as:", ", ".join(breakdown))
print(f"{subtotal!r} {tax!r} {total!r}")
print("=" * width)
