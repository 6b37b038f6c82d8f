class_map = {"a": 1}
def lookup(k):
    try:
        return class_map[k]
    except KeyError as e:
        raise ValueError(f"unknown key {k}") from e

try:
    lookup("z")
except ValueError as e:
    print(e)
    print(type(e.__cause__).__name__)
