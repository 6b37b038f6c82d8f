class InsufficientFunds(Exception):
    pass

def withdraw(balance, amount):
    if amount > balance:
        raise InsufficientFunds(f"balance {balance} is less than {amount}")
    return balance - amount

b = 100
for amt in [30, 50, 40]:
    b = withdraw(b, amt)
    print("left:", b)
