def egcd(a, b):
    if b == 0:
        return a, 1, 0
    g, x, y = egcd(b, a % b)
    return g, y, x - (a // b) * y

def modinv(a, m):
    g, x, _ = egcd(a, m)
    if g != 1:
        raise ValueError(f"{a} has no inverse mod {m}")
    return x % m

def crt(remainders, moduli):
    total = 0
    prod = 1
    for m in moduli:
        prod *= m
    for r, m in zip(remainders, moduli):
        p = prod // m
        total += r * modinv(p, m) * p
    return total % prod

print(egcd(240, 46), egcd(17, 5), modinv(3, 11), modinv(10, 17))
print([modinv(a, 13) for a in range(1, 13)])
try:
    modinv(6, 9)
except ValueError as e:
    print("ValueError:", e)
print(crt([2, 3, 2], [3, 5, 7]), crt([1, 4, 6], [3, 5, 7]))
print(pow(2, 10 ** 18, 10 ** 9 + 7), pow(3, 200, 13), pow(7, -1, 13))

def is_probable_prime(n):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True

print([n for n in range(2, 60) if is_probable_prime(n)])
print(is_probable_prime(2 ** 61 - 1), is_probable_prime(2 ** 61 + 1), is_probable_prime(1000000007))
mersenne = [p for p in range(2, 130) if is_probable_prime(p) and is_probable_prime(2 ** p - 1)]
print(mersenne)
RSA_P, RSA_Q, E = 61, 53, 17
N = RSA_P * RSA_Q
D = modinv(E, (RSA_P - 1) * (RSA_Q - 1))
msg = [ord(c) for c in "HI!"]
enc = [pow(m, E, N) for m in msg]
print(N, D, enc, "".join(chr(pow(c, D, N)) for c in enc))
