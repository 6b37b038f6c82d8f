from dataclasses import dataclass

@dataclass
class Item:
    name: str
    price: float
    qty: int

items = [Item("pen", 1.5, 10), Item("book", 12.25, 2), Item("bag", 30.0, 1)]
total = sum(i.price * i.qty for i in items)
print(f"total: {total:.2f}")
for i in sorted(items, key=lambda i: i.price * i.qty, reverse=True):
    print(f"{i.name:<6}{i.price:>8.2f}{i.qty:>4}")
cheap = [i.name for i in items if i.price < 20]
print(cheap)
