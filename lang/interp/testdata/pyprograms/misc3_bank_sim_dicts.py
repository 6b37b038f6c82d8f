accounts = {}

def open_account(owner, initial=0.0):
    acct_id = f"AC{len(accounts) + 1:04d}"
    accounts[acct_id] = {"owner": owner, "balance": initial, "tx": []}
    return acct_id

def transfer(src, dst, amount):
    if src not in accounts or dst not in accounts:
        raise KeyError(f"unknown account {src if src not in accounts else dst}")
    if accounts[src]["balance"] < amount:
        raise ValueError(f"insufficient funds in {src}: {accounts[src]['balance']:.2f} < {amount:.2f}")
    accounts[src]["balance"] -= amount
    accounts[dst]["balance"] += amount
    accounts[src]["tx"].append(-amount)
    accounts[dst]["tx"].append(amount)

a = open_account("Ana", 100)
b = open_account("Ben")
c = open_account("Cy", 55.5)
ops = [(a, b, 30), (b, c, 10.25), (c, a, 100), (a, "AC9999", 1), (c, b, 65.75)]
for src, dst, amt in ops:
    try:
        transfer(src, dst, amt)
        print(f"ok   {src} -> {dst} {amt:>7.2f}")
    except (KeyError, ValueError) as e:
        print(f"fail {src} -> {dst} {amt:>7.2f}: {e}")
for k, v in accounts.items():
    print(k, v["owner"].ljust(4), f"{v['balance']:8.2f}", v["tx"])
print(round(sum(v["balance"] for v in accounts.values()), 2))
print(accounts[b])
