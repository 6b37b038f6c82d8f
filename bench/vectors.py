# Method-heavy float code (a tiny ray-marcher): a Vec class whose methods
# return new objects, None checks.
import os

class Vec:
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def add(self, o):
        return Vec(x=self.x + o.x, y=self.y + o.y, z=self.z + o.z)

    def sub(self, o):
        return Vec(x=self.x - o.x, y=self.y - o.y, z=self.z - o.z)

    def scale(self, k):
        return Vec(x=self.x * k, y=self.y * k, z=self.z * k)

    def dot(self, o):
        return self.x * o.x + self.y * o.y + self.z * o.z

    def norm(self):
        n = self.dot(self) ** 0.5
        return self.scale(1.0 / n)

class Sphere:
    def __init__(self, center, radius, shade):
        self.center = center
        self.radius = radius
        self.shade = shade

    def intersect(s, origin, d):
        oc = origin.sub(s.center)
        b = oc.dot(d)
        c = oc.dot(oc) - s.radius * s.radius
        disc = b * b - c
        if disc < 0.0:
            return -1.0
        return -b - disc ** 0.5

class Hit:
    def __init__(self, t, sphere=None):
        self.t = t
        self.sphere = sphere

def trace(spheres, origin, d):
    hit = Hit(t=1e30)
    for s in spheres:
        t = s.intersect(origin, d)
        if t > 0.001 and t < hit.t:
            hit.t = t
            hit.sphere = s
    return hit

SMALL = os.environ.get("DANA_BENCH_SMALL")
W = 24 if SMALL else 200
H = 16 if SMALL else 130
spheres = [Sphere(center=Vec(x=0.0, y=-1000.5, z=3.0), radius=1000.0, shade=0.3)]
for i in range(6):
    spheres.append(Sphere(center=Vec(x=-2.5 + i, y=0.0, z=3.0 + (i % 3)), radius=0.45 + 0.05 * i, shade=0.5 + 0.08 * i))
light = Vec(x=-1.0, y=1.0, z=-1.0).norm()
eye = Vec(x=0.0, y=0.0, z=0.0)
rows = []
total = 0.0
misses = 0
for j in range(H):
    row = ""
    for i in range(W):
        d = Vec(x=(i - W / 2) / H, y=(H / 2 - j) / H, z=1.0).norm()
        hit = trace(spheres, eye, d)
        if hit.sphere is None:
            misses += 1
            row += " "
            continue
        p = eye.add(d.scale(hit.t))
        n = p.sub(hit.sphere.center).norm()
        lum = n.dot(light)
        if lum < 0.0:
            lum = 0.0
        shadow = trace(spheres, p.add(n.scale(0.01)), light)
        if shadow.sphere is not None:
            lum *= 0.3
        v = lum * hit.sphere.shade
        total += v
        row += " .:-=+*#%@"[int(v * 9.99)]
    rows.append(row)
for r in rows[:: max(1, H // 8)]:
    print(r[:: max(1, W // 60)])
print(misses, f"{total:.6f}")
