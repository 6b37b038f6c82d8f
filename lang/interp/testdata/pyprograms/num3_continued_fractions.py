def cf_of_fraction(p, q):
    terms = []
    while q:
        a, r = divmod(p, q)
        terms.append(a)
        p, q = q, r
    return terms

def convergents(terms):
    h0, h1 = 0, 1
    k0, k1 = 1, 0
    out = []
    for a in terms:
        h0, h1 = h1, a * h1 + h0
        k0, k1 = k1, a * k1 + k0
        out.append((h1, k1))
    return out

def cf_sqrt(n, limit=20):
    a0 = int(n ** 0.5)
    if a0 * a0 == n:
        return [a0]
    m, d, a = 0, 1, a0
    terms = [a0]
    while len(terms) < limit:
        m = d * a - m
        d = (n - m * m) // d
        a = (a0 + m) // d
        terms.append(a)
        if a == 2 * a0:
            break
    return terms

print(cf_of_fraction(415, 93), cf_of_fraction(649, 200), cf_of_fraction(1, 3))
for n in [2, 3, 7, 13, 23, 61]:
    print(n, cf_sqrt(n))
terms = [1] + [2] * 15
for h, k in convergents(terms)[-4:]:
    print(f"{h}/{k} = {h / k!r} err={abs(h / k - 2 ** 0.5):.3e}")
e_terms = [2] + [x for k in range(1, 12) for x in (1, 2 * k, 1)]
h, k = convergents(e_terms)[-1]
print(h, k, h / k)
def pell(n):
    terms = cf_sqrt(n, 200)
    period = terms[1:]
    for h, k in convergents(terms[:1] + period * 4):
        if h * h - n * k * k == 1:
            return h, k
print([pell(n) for n in (2, 3, 5, 7, 13)], pell(61))
