class InsufficientFunds(Exception):
    pass

def withdraw(balance, amount):
    if amount > balance:
        raise InsufficientFunds(f"need {amount - balance} more")
    return balance - amount

try:
    withdraw(10, 25)
except InsufficientFunds as e:
    print("caught:", e)
try:
    withdraw(10, 50)
except Exception as e:
    print(type(e).__name__, e)
