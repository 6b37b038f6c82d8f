calls = []

def trace(fn):
    def wrapper(*args, **kwargs):
        arg_text = ", ".join([repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()])
        calls.append(f"{fn.__name__}({arg_text})")
        result = fn(*args, **kwargs)
        calls.append(f"  -> {result!r}")
        return result
    return wrapper

def repeat(times):
    def deco(fn):
        def wrapper(*args):
            return [fn(*args) for _ in range(times)]
        return wrapper
    return deco

@trace
def greet(name, punctuation="!"):
    return "Hello, " + name + punctuation

@repeat(3)
def shout(word):
    return word.upper()

@trace
def add(a, b=0):
    return a + b

greet("Ann")
greet("Bob", punctuation="?")
add(2, 3)
add(a=1)
print("\n".join(calls))
print(shout("hey"))

def validate(**types):
    def deco(fn):
        def wrapper(**kwargs):
            for k, t in types.items():
                if not isinstance(kwargs.get(k), t):
                    raise TypeError(f"{k} must be {t.__name__}")
            return fn(**kwargs)
        return wrapper
    return deco

@validate(name=str, age=int)
def register(name, age):
    return f"{name} ({age})"

print(register(name="Eve", age=30))
try:
    register(name="Eve", age="30")
except TypeError as e:
    print("TypeError:", e)
print(greet.__name__)
