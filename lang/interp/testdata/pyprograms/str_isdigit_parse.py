tokens = "12 apples and 7 oranges cost 3.50 dollars -4".split()
ints = [int(t) for t in tokens if t.isdigit()]
print(ints, sum(ints))
def try_float(t):
    try:
        return float(t)
    except ValueError:
        return None
print([try_float(t) for t in tokens])
print([t for t in tokens if try_float(t) is not None])
