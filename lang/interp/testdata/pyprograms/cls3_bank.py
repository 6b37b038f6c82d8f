class InsufficientFunds(Exception):
    pass

class Account:
    interest = 0.02

    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        self.history = []

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount
        self.history.append(("deposit", amount))
        return self.balance

    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(f"{self.owner} has only {self.balance}, needs {amount}")
        self.balance -= amount
        self.history.append(("withdraw", amount))
        return self.balance

    def __str__(self):
        return f"Account({self.owner}, balance={self.balance:.2f})"

accounts = [Account("alice", 100), Account("bob"), Account("carol", 250.5)]
accounts[0].deposit(50)
accounts[1].deposit(20)
for a in accounts:
    print(a)
try:
    accounts[1].withdraw(100)
except InsufficientFunds as e:
    print("failed:", e)
try:
    accounts[2].deposit(-5)
except ValueError as e:
    print("failed:", e)
accounts[2].withdraw(0.5)
for a in accounts:
    a.balance += a.balance * Account.interest
    print(f"{a.owner:>6}: {a.balance:10.2f} {a.history}")
total = sum(a.balance for a in accounts)
print("total", round(total, 2))
richest = max(accounts, key=lambda a: a.balance)
print("richest:", richest.owner)
