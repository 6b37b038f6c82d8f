sales = [
    ("2024-01-15", "north", "widget", 12, 3.5),
    ("2024-01-20", "south", "gadget", 3, 12.0),
    ("2024-02-02", "north", "gadget", 5, 12.0),
    ("2024-02-14", "east", "widget", 40, 3.25),
    ("2024-02-28", "south", "widget", 7, 3.5),
    ("2024-03-03", "east", "doohickey", 1, 99.99),
    ("2024-03-09", "north", "widget", 15, 3.5),
    ("2024-03-30", "west", "gadget", 9, 11.5),
]
by_month = {}
by_region = {}
by_product = {}
for date, region, product, qty, price in sales:
    month = date[:7]
    amount = qty * price
    by_month[month] = by_month.get(month, 0) + amount
    by_region.setdefault(region, []).append(amount)
    p = by_product.setdefault(product, {"qty": 0, "revenue": 0.0})
    p["qty"] += qty
    p["revenue"] += amount

print("Monthly totals")
for month, total in sorted(by_month.items()):
    bar = "#" * int(total // 10)
    print(f"  {month}  {total:8.2f}  {bar}")
print("By region")
for region, amounts in sorted(by_region.items(), key=lambda kv: -sum(kv[1])):
    print(f"  {region:<6} n={len(amounts)} total={sum(amounts):7.2f} avg={sum(amounts) / len(amounts):6.2f}")
print("By product")
for product, stats in by_product.items():
    print(f"  {product:<10} {stats}")
grand = sum(by_month.values())
print(f"Grand total: {grand:,.2f}")
best_month = max(by_month, key=by_month.get)
print("Best month:", best_month, round(by_month[best_month] / grand * 100, 1), "%")
print(sorted(by_product, key=lambda p: by_product[p]["qty"]))
big = [s for s in sales if s[3] * s[4] > 50]
print(len(big), big[0])
print({r: round(sum(a), 2) for r, a in by_region.items()})
