def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)

def lcm(a, b):
    return a * b // gcd(a, b)

print(gcd(48, 18), gcd(17, 5), lcm(4, 6), lcm(21, 6))
