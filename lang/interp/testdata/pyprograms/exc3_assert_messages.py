def mean(xs):
    assert len(xs) > 0, "mean of empty list"
    return sum(xs) / len(xs)

print(mean([1, 2, 3]))
try:
    mean([])
except AssertionError as e:
    print("AssertionError:", e)
try:
    assert 2 + 2 == 5
except AssertionError as e:
    print("bare assert:", repr(e), str(e) == "")
def validate(age):
    assert isinstance(age, int), f"age must be int, got {type(age).__name__}"
    assert 0 <= age < 150, f"age out of range: {age}"
    return age
for a in [30, "30", 200, -1]:
    try:
        print(validate(a))
    except AssertionError as e:
        print(e)
