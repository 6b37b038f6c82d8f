# Float kernels: Mandelbrot and Julia escape counts with complex numbers
# written out as float pairs, and a chaos game (Sierpinski / Barnsley fern)
# driven by a linear congruential generator.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")


def mandelbrot(w, h, max_iter):
    total = 0
    rows = []
    for py in range(h):
        y0 = (py / h) * 2.4 - 1.2
        line = []
        for px in range(w):
            x0 = (px / w) * 3.5 - 2.5
            x = 0.0
            y = 0.0
            i = 0
            while x * x + y * y <= 4.0 and i < max_iter:
                x, y = x * x - y * y + x0, 2.0 * x * y + y0
                i += 1
            total += i
            line.append("#" if i == max_iter else ".")
        rows.append("".join(line))
    return total, rows


def julia(w, h, cr, ci, max_iter):
    hist = [0] * 8
    for py in range(h):
        for px in range(w):
            zr = -1.5 + 3.0 * px / w
            zi = -1.0 + 2.0 * py / h
            n = 0
            while n < max_iter:
                zr2 = zr * zr
                zi2 = zi * zi
                if zr2 + zi2 > 4.0:
                    break
                zi = 2.0 * zr * zi + ci
                zr = zr2 - zi2 + cr
                n += 1
            hist[n % 8] += 1
    return hist


class Rng:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return self.state

    def uniform(self):
        return self.next() / 2147483648.0


def chaos_game(n):
    rng = Rng(42)
    corners = [(0.0, 0.0), (1.0, 0.0), (0.5, 0.8660254037844386)]
    x, y = 0.3, 0.3
    grid = [[0] * 16 for _ in range(16)]
    for _ in range(n):
        cx, cy = corners[rng.next() % 3]
        x = (x + cx) / 2
        y = (y + cy) / 2
        grid[min(15, int(y * 16))][min(15, int(x * 16))] += 1
    return sum(1 for row in grid for c in row if c > 0), round(x, 6), round(y, 6)


def fern(n):
    rng = Rng(7)
    x, y = 0.0, 0.0
    minx, maxx, maxy = 0.0, 0.0, 0.0
    for _ in range(n):
        r = rng.uniform()
        if r < 0.01:
            x, y = 0.0, 0.16 * y
        elif r < 0.86:
            x, y = 0.85 * x + 0.04 * y, -0.04 * x + 0.85 * y + 1.6
        elif r < 0.93:
            x, y = 0.2 * x - 0.26 * y, 0.23 * x + 0.22 * y + 1.6
        else:
            x, y = -0.15 * x + 0.28 * y, 0.26 * x + 0.24 * y + 0.44
        minx = min(minx, x)
        maxx = max(maxx, x)
        maxy = max(maxy, y)
    return f"{minx:.4f} {maxx:.4f} {maxy:.4f}"


W = 40 if SMALL else 120
ITER = 50 if SMALL else 200
total, rows = mandelbrot(W, W // 2, ITER)
print("mandelbrot", total)
print(rows[len(rows) // 2])
print("julia", julia(W, W // 2, -0.8, 0.156, ITER))
print("chaos", chaos_game(2000 if SMALL else 100000))
print("fern", fern(2000 if SMALL else 100000))
