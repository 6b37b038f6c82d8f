def check_age(age):
    if age < 0:
        raise ValueError("age must be non-negative")
    if age > 150:
        raise ValueError(f"unrealistic age: {age}")
    return age

for a in [10, -1, 200]:
    try:
        print("ok", check_age(a))
    except ValueError as e:
        print("error:", e)
