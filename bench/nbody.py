# N-body simulation (benchmarks game): float arithmetic on object attributes.
import os


class Body:
    def __init__(self, x, y, z, vx, vy, vz, mass):
        self.x = x
        self.y = y
        self.z = z
        self.vx = vx
        self.vy = vy
        self.vz = vz
        self.mass = mass

PI = 3.141592653589793
SOLAR_MASS = 4 * PI * PI
DAYS = 365.24

def make_bodies():
    sun = Body(x=0.0, y=0.0, z=0.0, vx=0.0, vy=0.0, vz=0.0, mass=SOLAR_MASS)
    jupiter = Body(x=4.84143144246472090e+00, y=-1.16032004402742839e+00, z=-1.03622044471123109e-01,
        vx=1.66007664274403694e-03 * DAYS, vy=7.69901118419740425e-03 * DAYS, vz=-6.90460016972063023e-05 * DAYS,
        mass=9.54791938424326609e-04 * SOLAR_MASS)
    saturn = Body(x=8.34336671824457987e+00, y=4.12479856412430479e+00, z=-4.03523417114321381e-01,
        vx=-2.76742510726862411e-03 * DAYS, vy=4.99852801234917238e-03 * DAYS, vz=2.30417297573763929e-05 * DAYS,
        mass=2.85885980666130812e-04 * SOLAR_MASS)
    uranus = Body(x=1.28943695621391310e+01, y=-1.51111514016986312e+01, z=-2.23307578892655734e-01,
        vx=2.96460137564761618e-03 * DAYS, vy=2.37847173959480950e-03 * DAYS, vz=-2.96589568540237556e-05 * DAYS,
        mass=4.36624404335156298e-05 * SOLAR_MASS)
    neptune = Body(x=1.53796971148509165e+01, y=-2.59193146099879641e+01, z=1.79258772950371181e-01,
        vx=2.68067772490389322e-03 * DAYS, vy=1.62824170038242295e-03 * DAYS, vz=-9.51592254519715870e-05 * DAYS,
        mass=5.15138902046611451e-05 * SOLAR_MASS)
    return [sun, jupiter, saturn, uranus, neptune]

def offset_momentum(bodies):
    px = 0.0
    py = 0.0
    pz = 0.0
    for b in bodies:
        px += b.vx * b.mass
        py += b.vy * b.mass
        pz += b.vz * b.mass
    sun = bodies[0]
    sun.vx = -px / SOLAR_MASS
    sun.vy = -py / SOLAR_MASS
    sun.vz = -pz / SOLAR_MASS

def energy(bodies):
    e = 0.0
    n = len(bodies)
    for i in range(n):
        b = bodies[i]
        e += 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz)
        for j in range(i + 1, n):
            b2 = bodies[j]
            dx = b.x - b2.x
            dy = b.y - b2.y
            dz = b.z - b2.z
            e -= (b.mass * b2.mass) / ((dx * dx + dy * dy + dz * dz) ** 0.5)
    return e

def advance(bodies, dt, steps):
    n = len(bodies)
    for s in range(steps):
        for i in range(n):
            b = bodies[i]
            for j in range(i + 1, n):
                b2 = bodies[j]
                dx = b.x - b2.x
                dy = b.y - b2.y
                dz = b.z - b2.z
                d2 = dx * dx + dy * dy + dz * dz
                mag = dt / (d2 * d2 ** 0.5)
                bm = b.mass * mag
                b2m = b2.mass * mag
                b.vx -= dx * b2m
                b.vy -= dy * b2m
                b.vz -= dz * b2m
                b2.vx += dx * bm
                b2.vy += dy * bm
                b2.vz += dz * bm
        for b in bodies:
            b.x += dt * b.vx
            b.y += dt * b.vy
            b.z += dt * b.vz

STEPS = 1000 if os.environ.get("DANA_BENCH_SMALL") else 100000
bodies = make_bodies()
offset_momentum(bodies)
print(f"{energy(bodies):.9f}")
advance(bodies, 0.01, STEPS)
print(f"{energy(bodies):.9f}")
