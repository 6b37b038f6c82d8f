from dataclasses import dataclass, field

@dataclass
class Order:
    item: str
    unit_price: float
    quantity: int = 1
    discount: float = 0.0
    total: float = field(init=False)

    def __post_init__(self):
        if self.quantity <= 0:
            raise ValueError(f"bad quantity for {self.item}: {self.quantity}")
        self.total = round(self.unit_price * self.quantity * (1 - self.discount), 2)

orders = [Order("pen", 1.5, 10), Order("book", 12.99, 2, 0.1), Order("bag", 30.0)]
for o in orders:
    print(o)
print(sum(o.total for o in orders))
try:
    Order("ghost", 1.0, 0)
except ValueError as e:
    print("error:", e)
print(sorted(orders, key=lambda o: o.total)[0].item)
