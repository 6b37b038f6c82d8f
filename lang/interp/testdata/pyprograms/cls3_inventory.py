class Item:
    def __init__(self, name, price, qty):
        self.name = name
        self.price = price
        self.qty = qty

    def value(self):
        return self.price * self.qty

    def __repr__(self):
        return f"Item({self.name!r}, {self.price}, {self.qty})"

class Inventory:
    def __init__(self):
        self.items = {}

    def add(self, name, price, qty=1):
        if name in self.items:
            self.items[name].qty += qty
        else:
            self.items[name] = Item(name, price, qty)

    def remove(self, name, qty):
        item = self.items.get(name)
        if item is None:
            raise KeyError(name)
        if item.qty < qty:
            raise ValueError(f"only {item.qty} {name} left")
        item.qty -= qty
        if item.qty == 0:
            del self.items[name]

    def total(self):
        return sum(i.value() for i in self.items.values())

    def report(self):
        print(f"{'item':<10}{'price':>8}{'qty':>5}{'value':>10}")
        for item in sorted(self.items.values(), key=lambda i: -i.value()):
            print(f"{item.name:<10}{item.price:>8.2f}{item.qty:>5}{item.value():>10.2f}")
        print(f"{'total':<23}{self.total():>10.2f}")

inv = Inventory()
inv.add("apple", 0.5, 40)
inv.add("pear", 0.75, 10)
inv.add("melon", 3.2, 3)
inv.add("apple", 0.5, 10)
inv.report()
inv.remove("melon", 3)
for name, qty in [("pear", 4), ("kiwi", 1), ("pear", 20)]:
    try:
        inv.remove(name, qty)
        print("removed", qty, name)
    except KeyError as e:
        print("no such item:", e)
    except ValueError as e:
        print("cannot remove:", e)
print(inv.items)
print(list(inv.items.values()))
inv.report()
