def risky(kind):
    if kind == 1:
        return int("abc")
    if kind == 2:
        return [1, 2][5]
    if kind == 3:
        return {"a": 1}["b"]
    if kind == 4:
        return None + 1
    return "ok"

for k in range(5):
    try:
        print(risky(k))
    except ValueError as e:
        print("ValueError:", e)
    except (IndexError, KeyError) as e:
        print("lookup:", type(e).__name__, e)
    except TypeError as e:
        print("TypeError:", e)
