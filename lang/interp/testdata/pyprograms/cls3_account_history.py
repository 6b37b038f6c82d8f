class Transaction:
    def __init__(self, kind, amount, balance_after):
        self.kind = kind
        self.amount = amount
        self.balance_after = balance_after

    def __str__(self):
        sign = "+" if self.kind == "deposit" else "-"
        return f"{self.kind:<10}{sign}{self.amount:>9.2f}{self.balance_after:>11.2f}"

class BankAccount:
    def __init__(self, owner, overdraft=0):
        self.owner = owner
        self.balance = 0.0
        self.overdraft = overdraft
        self.transactions = []

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("Deposit amount must be positive")
        self.balance += amount
        self.transactions.append(Transaction("deposit", amount, self.balance))

    def withdraw(self, amount):
        if amount > self.balance + self.overdraft:
            raise ValueError(f"Insufficient funds: balance {self.balance:.2f}, overdraft {self.overdraft}")
        self.balance -= amount
        self.transactions.append(Transaction("withdrawal", amount, self.balance))

    def statement(self):
        print(f"Statement for {self.owner}")
        print(f"{'type':<10}{'amount':>10}{'balance':>11}")
        for t in self.transactions:
            print(t)
        print(f"{'closing balance':<20}{self.balance:>11.2f}")

acct = BankAccount("Jordan", overdraft=50)
ops = [("deposit", 100), ("withdraw", 30.5), ("withdraw", 100), ("deposit", -5), ("withdraw", 20), ("deposit", 0.1), ("deposit", 0.2)]
for op, amt in ops:
    try:
        getattr(acct, op)(amt)
    except ValueError as e:
        print(f"{op}({amt}) failed: {e}")
acct.statement()
print(len(acct.transactions), round(acct.balance, 2), acct.balance)
