errors = 0
for thing in [[1, 2], {"k": 1}]:
    try:
        thing[5]
    except LookupError as e:
        errors += 1
        print(type(e).__name__, isinstance(e, LookupError), isinstance(e, Exception))
print(errors)
try:
    1 / 0
except ArithmeticError as e:
    print("arith", e)
