class VendingMachine:
    def __init__(self, stock):
        self.stock = dict(stock)
        self.balance = 0
        self.sales = []

    def insert(self, cents):
        if cents not in (5, 10, 25, 100):
            raise ValueError(f"rejected coin: {cents}")
        self.balance += cents

    def choose(self, item):
        if item not in self.stock:
            raise KeyError(item)
        price, count = self.stock[item]
        if count == 0:
            return f"{item} sold out"
        if self.balance < price:
            return f"insert {price - self.balance} more cents"
        self.stock[item] = (price, count - 1)
        change = self.balance - price
        self.balance = 0
        self.sales.append(item)
        return f"vend {item}, change {self.make_change(change)}"

    @staticmethod
    def make_change(amount):
        coins = []
        for c in (25, 10, 5):
            n, amount = divmod(amount, c)
            coins += [c] * n
        return coins

vm = VendingMachine({"chips": (75, 2), "soda": (125, 1), "gum": (35, 0)})
script = [("insert", 100), ("choose", "chips"), ("insert", 25), ("insert", 3), ("choose", "soda"), ("insert", 100),
          ("choose", "soda"), ("choose", "soda"), ("insert", 25), ("insert", 10), ("choose", "gum"), ("choose", "tea"),
          ("insert", 100), ("choose", "chips"), ("choose", "chips")]
for action, arg in script:
    try:
        if action == "insert":
            vm.insert(arg)
            print(f"inserted {arg}, balance {vm.balance}")
        else:
            print(vm.choose(arg))
    except ValueError as e:
        print("error:", e)
    except KeyError as e:
        print("unknown item", e)
print(vm.sales, vm.stock, vm.balance)
