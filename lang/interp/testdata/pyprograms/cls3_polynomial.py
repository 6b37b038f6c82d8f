class Poly:
    def __init__(self, coeffs):
        c = list(coeffs)
        while len(c) > 1 and c[-1] == 0:
            c.pop()
        self.c = c

    def degree(self):
        return len(self.c) - 1

    def __call__(self, x):
        result = 0
        for a in reversed(self.c):
            result = result * x + a
        return result

    def __add__(self, o):
        n = max(len(self.c), len(o.c))
        return Poly([(self.c[i] if i < len(self.c) else 0) + (o.c[i] if i < len(o.c) else 0) for i in range(n)])

    def __mul__(self, o):
        out = [0] * (len(self.c) + len(o.c) - 1)
        for i, a in enumerate(self.c):
            for j, b in enumerate(o.c):
                out[i + j] += a * b
        return Poly(out)

    def derivative(self):
        return Poly([i * a for i, a in enumerate(self.c)][1:] or [0])

    def __eq__(self, o):
        return self.c == o.c

    def __str__(self):
        terms = []
        for i in range(len(self.c) - 1, -1, -1):
            a = self.c[i]
            if a == 0 and len(self.c) > 1:
                continue
            sign = "-" if a < 0 else "+"
            a = abs(a)
            coef = "" if a == 1 and i > 0 else str(a)
            var = "" if i == 0 else "x" if i == 1 else f"x^{i}"
            terms.append((sign, coef + var))
        s = " ".join(f"{sg} {t}" for sg, t in terms)
        return s[2:] if s.startswith("+ ") else "-" + s[2:]

p = Poly([1, -3, 0, 2])
q = Poly([-1, 1])
print(p, "|", q, "|", p.degree())
print(p + q, "|", p * q, "|", p.derivative(), "|", p.derivative().derivative())
print([p(x) for x in range(-2, 3)], q(0.5), p(1.5))
print(Poly([0, 0, 0]), Poly([5]), Poly([0, 1]) * Poly([0, 1]) == Poly([0, 0, 1]))
x = Poly([0, 1])
one = Poly([1])
expansion = one
for _ in range(5):
    expansion = expansion * (x + one)
print(expansion, expansion.c)
def newton(poly, x0, steps=30):
    d = poly.derivative()
    x = x0
    for _ in range(steps):
        x = x - poly(x) / d(x)
    return x
print(round(newton(Poly([-2, 0, 1]), 1.0), 12), newton(p, 2.0))
