def make_multiplier(n):
    def mul(x):
        return x * n
    return mul

double = make_multiplier(2)
triple = make_multiplier(3)
print(double(5), triple(5), [make_multiplier(i)(2) for i in range(4)])
def counter():
    count = [0]
    def inc():
        count[0] += 1
        return count[0]
    return inc
c = counter()
c(); c()
print(c())
