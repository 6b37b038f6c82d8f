# Bank and inventory simulation: objects with methods that validate and
# raise, try/except/else/finally in the main loop, a transaction log,
# per-account history lists, dict lookups that miss (KeyError), and
# f-string statements.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")


class InsufficientFunds(Exception):
    pass


class Account:
    def __init__(self, ident, owner, balance):
        self.ident = ident
        self.owner = owner
        self.balance = balance
        self.history = []
        self.frozen = False

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError(f"bad amount {amount}")
        self.balance += amount
        self.history.append(amount)

    def withdraw(self, amount):
        if self.frozen:
            raise PermissionError(f"account {self.ident} is frozen")
        if amount > self.balance:
            raise InsufficientFunds(f"{self.owner} has {self.balance}, needs {amount}")
        self.balance -= amount
        self.history.append(-amount)


class Bank:
    def __init__(self):
        self.accounts = {}
        self.log = []
        self.failures = {}

    def open(self, ident, owner, balance):
        acct = Account(ident, owner, balance)
        self.accounts[ident] = acct
        return acct

    def get(self, ident):
        return self.accounts[ident]

    def transfer(self, src, dst, amount):
        a = self.get(src)
        b = self.get(dst)
        a.withdraw(amount)
        try:
            b.deposit(amount)
        except ValueError:
            a.deposit(amount)
            raise
        self.log.append((src, dst, amount))

    def note_failure(self, kind):
        self.failures[kind] = self.failures.get(kind, 0) + 1


class Inventory:
    def __init__(self):
        self.stock = {}
        self.reserved = {}

    def add(self, item, qty):
        self.stock[item] = self.stock.get(item, 0) + qty

    def reserve(self, item, qty):
        have = self.stock[item] - self.reserved.get(item, 0)
        if have < qty:
            raise ValueError(f"only {have} {item} left")
        self.reserved[item] = self.reserved.get(item, 0) + qty

    def ship(self, item):
        qty = self.reserved.pop(item)
        self.stock[item] -= qty
        return qty


def simulate(n_accounts, steps):
    bank = Bank()
    for i in range(n_accounts):
        bank.open(i, f"owner{i}", 100 + (i * 37) % 400)
    inv = Inventory()
    items = ["widget", "gadget", "doohickey", "gizmo", "thingamajig"]
    for k, item in enumerate(items):
        inv.add(item, 50 + k * 10)
    seed = 99
    shipped = 0
    finally_runs = 0
    for step in range(steps):
        seed = (seed * 1103515245 + 12345) % 2147483648
        src = seed % (n_accounts + 3)
        dst = (seed // 7) % n_accounts
        amount = (seed // 11) % 300 - 5
        try:
            if step % 97 == 0:
                bank.get(dst).frozen = not bank.get(dst).frozen
            bank.transfer(src, dst, amount)
        except InsufficientFunds:
            bank.note_failure("funds")
        except KeyError as e:
            bank.note_failure("no such account")
        except ValueError as e:
            bank.note_failure("bad amount")
        except PermissionError:
            bank.note_failure("frozen")
        else:
            if step % 5 == 0:
                item = items[step % len(items)]
                try:
                    inv.reserve(item, 1 + step % 3)
                    shipped += inv.ship(item)
                except ValueError:
                    inv.add(item, 20)
                    bank.note_failure("restock")
                finally:
                    finally_runs += 1
    return bank, inv, shipped, finally_runs


N = 2000 if SMALL else 160000
bank, inv, shipped, finally_runs = simulate(50, N)
total = sum(a.balance for a in bank.accounts.values())
richest = max(bank.accounts.values(), key=lambda a: (a.balance, a.ident))
busiest = max(bank.accounts.values(), key=lambda a: (len(a.history), -a.ident))
print("transfers", len(bank.log), "total", total)
print("failures", sorted(bank.failures.items()))
print("richest", richest.owner, richest.balance, "busiest", busiest.owner, len(busiest.history))
print("stock", inv.stock, "shipped", shipped, "finally", finally_runs)
