memo = {}
def fib(n):
    if n in memo:
        return memo[n]
    r = n if n < 2 else fib(n - 1) + fib(n - 2)
    memo[n] = r
    return r

print([fib(i) for i in range(15)])
print(fib(90))
