class AppError(Exception):
    pass

class NotFound(AppError):
    def __init__(self, key):
        super().__init__(f"not found: {key}")
        self.key = key

class Invalid(AppError):
    pass

DB = {"a": 1, "b": -2}

def get(key):
    if key not in DB:
        raise NotFound(key)
    if DB[key] < 0:
        raise Invalid(f"negative value for {key}: {DB[key]}")
    return DB[key]

for k in ["a", "b", "c"]:
    try:
        print(k, get(k))
    except NotFound as e:
        print("NotFound:", e, "| key =", e.key)
    except AppError as e:
        print(type(e).__name__ + ":", e)
try:
    get("zz")
except AppError as e:
    print(isinstance(e, NotFound), isinstance(e, AppError), isinstance(e, Exception), e.args)
