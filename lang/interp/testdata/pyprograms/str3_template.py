TEMPLATE = """Dear {name},

Your order #{order_id:05d} of {count} item{plural} totals ${total:,.2f}.
{items}
Expected delivery: {days} business day{days_plural}.
{footer}"""

def render_items(items):
    lines = []
    for i, (name, qty, price) in enumerate(items, 1):
        lines.append(f"  {i}. {name:<18} x{qty:<3} ${qty * price:>8.2f}")
    return "\n".join(lines)

orders = [
    ("Ada", 42, [("keyboard", 1, 49.99), ("mouse pad", 2, 7.5)], 3),
    ("Grace", 7, [("monitor", 2, 189.0)], 1),
    ("Linus", 12345, [("cable", 10, 2.25), ("adapter", 3, 11.0), ("hub", 1, 25.0)], 5),
]
for name, oid, items, days in orders:
    count = sum(q for _, q, _ in items)
    total = sum(q * p for _, q, p in items)
    print(TEMPLATE.format(name=name, order_id=oid, count=count, plural="" if count == 1 else "s",
                          total=total, items=render_items(items), days=days,
                          days_plural="" if days == 1 else "s", footer="-" * 40))
print("{0}{1}{0}".format("=", "x" * 3), "{:*^15}".format(" END "), "{!r:>8}".format("q"))
