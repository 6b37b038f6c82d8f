def greet(word, times):
    return word * times

tests = [
    lambda: greet("a"),
    lambda: greet("a", 2, 3),
    lambda: int("3.5x"),
    lambda: [1][3],
    lambda: {}["missing"],
    lambda: "a" + 1 if False else "a" - 1,
    lambda: undefined_name,
    lambda: 1 / 0,
    lambda: 5 % 0,
    lambda: [].pop(),
    lambda: float("abc"),
    lambda: (1, 2).x,
    lambda: len(5),
]
for t in tests:
    try:
        t()
    except Exception as e:
        print(type(e).__name__ + ":", e)
