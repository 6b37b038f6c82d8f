def simulate(beta, gamma, days, n=1000, infected=1):
    s, i, r = n - infected, infected, 0
    history = []
    for day in range(days + 1):
        history.append((day, s, i, r))
        new_inf = beta * s * i / n
        new_rec = gamma * i
        s, i, r = s - new_inf, i + new_inf - new_rec, r + new_rec
    return history

hist = simulate(0.3, 0.1, 160)
for day, s, i, r in hist[::20]:
    bar = "*" * int(i / 10)
    print(f"day {day:3d}: S={s:7.1f} I={i:7.1f} R={r:7.1f} {bar}")
peak = max(hist, key=lambda h: h[2])
print(f"peak on day {peak[0]} with {peak[2]:.2f} infected")
print(round(hist[-1][3]), hist[-1][1] + hist[-1][2] + hist[-1][3])

def predator_prey(prey, pred, steps, dt=0.01):
    a, b, c, d = 1.1, 0.4, 0.4, 0.1
    out = []
    for k in range(steps):
        if k % 500 == 0:
            out.append((round(k * dt, 2), round(prey, 3), round(pred, 3)))
        dprey = (a * prey - b * prey * pred) * dt
        dpred = (d * prey * pred - c * pred) * dt
        prey += dprey
        pred += dpred
    return out
for row in predator_prey(10, 10, 5001):
    print(row)
