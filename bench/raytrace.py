# Ray tracer (after pyperformance's bm_raytrace): a Vector class with
# methods returning new vectors, spheres and a plane behind one interface,
# lights, Lambert shading and recursive reflection.
import math
import os

EPSILON = 0.00001


class Vector:
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def dot(self, other):
        return self.x * other.x + self.y * other.y + self.z * other.z

    def magnitude(self):
        return math.sqrt(self.dot(self))

    def plus(self, other):
        return Vector(self.x + other.x, self.y + other.y, self.z + other.z)

    def minus(self, other):
        return Vector(self.x - other.x, self.y - other.y, self.z - other.z)

    def scale(self, f):
        return Vector(self.x * f, self.y * f, self.z * f)

    def cross(self, other):
        return Vector(self.y * other.z - self.z * other.y,
                      self.z * other.x - self.x * other.z,
                      self.x * other.y - self.y * other.x)

    def normalized(self):
        return self.scale(1.0 / self.magnitude())

    def reflect_through(self, normal):
        d = normal.scale(self.dot(normal))
        return self.minus(d.scale(2.0))


class Ray:
    def __init__(self, point, vector):
        self.point = point
        self.vector = vector.normalized()

    def point_at_time(self, t):
        return self.point.plus(self.vector.scale(t))


class Sphere:
    def __init__(self, centre, radius, colour, reflect):
        self.centre = centre
        self.radius = radius
        self.colour = colour
        self.reflect = reflect

    def intersection_time(self, ray):
        cp = self.centre.minus(ray.point)
        v = cp.dot(ray.vector)
        discriminant = self.radius * self.radius - (cp.dot(cp) - v * v)
        if discriminant < 0:
            return None
        return v - math.sqrt(discriminant)

    def normal_at(self, p):
        return p.minus(self.centre).normalized()

    def colour_at(self, p):
        return self.colour


class Plane:
    def __init__(self, point, normal, reflect):
        self.point = point
        self.normal = normal.normalized()
        self.reflect = reflect

    def intersection_time(self, ray):
        v = ray.vector.dot(self.normal)
        if v == 0:
            return None
        return (self.point.minus(ray.point).dot(self.normal)) / v

    def normal_at(self, p):
        return self.normal

    def colour_at(self, p):
        check = (math.floor(p.x) + math.floor(p.z)) % 2
        if check == 0:
            return Vector(0.9, 0.9, 0.9)
        return Vector(0.1, 0.1, 0.1)


class Scene:
    def __init__(self):
        self.objects = []
        self.lights = []
        self.eye = Vector(0.0, 1.8, 10.0)
        self.look_at = Vector(0.0, 3.0, 0.0)
        self.half_fov_tan = 0.41421356237309503  # tan(22.5 degrees)

    def first_hit(self, ray):
        best_time = None
        best = None
        for obj in self.objects:
            t = obj.intersection_time(ray)
            if t is not None and t > EPSILON:
                if best_time is None or t < best_time:
                    best_time = t
                    best = obj
        if best is None:
            return None
        return (best, best_time)

    def light_visible(self, p, light):
        ray = Ray(p, light.minus(p))
        hit = self.first_hit(ray)
        if hit is None:
            return True
        return hit[1] > light.minus(p).magnitude()

    def ray_colour(self, ray, depth):
        if depth > 3:
            return Vector(0.0, 0.0, 0.0)
        hit = self.first_hit(ray)
        if hit is None:
            return Vector(0.05, 0.05, 0.1)
        obj, t = hit
        p = ray.point_at_time(t)
        normal = obj.normal_at(p)
        base = obj.colour_at(p)
        c = Vector(0.0, 0.0, 0.0)
        if obj.reflect > 0:
            r = Ray(p, ray.vector.reflect_through(normal))
            c = c.plus(self.ray_colour(r, depth + 1).scale(obj.reflect))
        lambert = 0.0
        for light in self.lights:
            if self.light_visible(p, light):
                contribution = light.minus(p).normalized().dot(normal)
                if contribution > 0:
                    lambert += contribution
        lambert = min(1.0, lambert)
        return c.plus(base.scale(lambert * (1.0 - obj.reflect)))

    def render(self, width, height):
        forward = self.look_at.minus(self.eye).normalized()
        right = forward.cross(Vector(0.0, 1.0, 0.0)).normalized()
        up = right.cross(forward).normalized()
        half_w = self.half_fov_tan
        half_h = half_w * height / width
        pixel_w = half_w * 2 / (width - 1)
        pixel_h = half_h * 2 / (height - 1)
        rows = []
        for y in range(height):
            row = []
            for x in range(width):
                xc = right.scale(x * pixel_w - half_w)
                yc = up.scale(y * pixel_h - half_h)
                ray = Ray(self.eye, forward.plus(xc).plus(yc))
                c = self.ray_colour(ray, 0)
                row.append((min(255, int(c.x * 255)), min(255, int(c.y * 255)), min(255, int(c.z * 255))))
            rows.append(row)
        return rows


SIZE = 24 if os.environ.get("DANA_BENCH_SMALL") else 150
scene = Scene()
scene.objects.append(Sphere(Vector(1.0, 3.0, -10.0), 2.0, Vector(1.0, 1.0, 0.0), 0.2))
for i in range(6):
    scene.objects.append(Sphere(Vector(-3.0 + i * 1.5, 0.5 + i * 0.4, -5.0 - i), 0.8, Vector(0.2 * i, 0.5, 1.0 - 0.1 * i), 0.4))
scene.objects.append(Plane(Vector(0.0, 0.0, 0.0), Vector(0.0, 1.0, 0.0), 0.3))
scene.lights.append(Vector(30.0, 30.0, 10.0))
scene.lights.append(Vector(-10.0, 100.0, 30.0))
image = scene.render(SIZE, SIZE)
total = [0, 0, 0]
for row in image:
    for r, g, b in row:
        total[0] += r
        total[1] += g
        total[2] += b
print("sum", total)
print("centre", image[SIZE // 2][SIZE // 2], "corner", image[0][0], image[SIZE - 1][SIZE - 1])
