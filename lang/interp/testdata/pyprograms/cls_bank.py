from dataclasses import dataclass

@dataclass
class Account:
    owner: str
    balance: int = 0

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount
        return self.balance

    def withdraw(self, amount):
        if amount > self.balance:
            raise ValueError(f"insufficient funds: {self.balance} < {amount}")
        self.balance -= amount
        return self.balance

acct = Account("ann")
print(acct.deposit(100), acct.withdraw(30))
for op, amt in [("deposit", -5), ("withdraw", 500), ("deposit", 5)]:
    try:
        if op == "deposit":
            print(acct.deposit(amt))
        else:
            print(acct.withdraw(amt))
    except ValueError as e:
        print("rejected:", e)
print(acct)
