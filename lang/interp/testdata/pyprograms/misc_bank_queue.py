accounts = {}
log = []
def open_account(name, deposit=0):
    if name in accounts:
        raise ValueError(f"account {name!r} exists")
    accounts[name] = deposit
    log.append(("open", name, deposit))
def transfer(src, dst, amount):
    if accounts.get(src, 0) < amount:
        raise ValueError(f"insufficient funds in {src}: {accounts.get(src, 0)} < {amount}")
    accounts[src] -= amount
    accounts[dst] = accounts.get(dst, 0) + amount
    log.append(("transfer", src, dst, amount))
open_account("ann", 100)
open_account("bob")
for args in [("ann", "bob", 30), ("bob", "ann", 50), ("ann", "cat", 70)]:
    try:
        transfer(*args)
    except ValueError as e:
        print("failed:", e)
try:
    open_account("ann")
except ValueError as e:
    print("failed:", e)
for entry in log:
    print(*entry, sep=" | ")
print(accounts, sum(accounts.values()))
print("%-5s %8s" % ("name", "balance"))
for name, bal in sorted(accounts.items()):
    print("%-5s %8.2f" % (name, bal))
