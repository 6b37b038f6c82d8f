def divide(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        print("cannot divide by zero")
        return None
    finally:
        print("done", a, b)

print(divide(6, 3))
print(divide(1, 0))
