headers = ["Planet", "Distance (AU)", "Moons", "Mass (Earth=1)", "Ringed"]
rows = [
    ("Mercury", 0.39, 0, 0.055, False),
    ("Venus", 0.72, 0, 0.815, False),
    ("Earth", 1.0, 1, 1.0, False),
    ("Mars", 1.52, 2, 0.107, False),
    ("Jupiter", 5.2, 95, 317.8, True),
    ("Saturn", 9.54, 146, 95.2, True),
    ("Uranus", 19.2, 28, 14.5, True),
    ("Neptune", 30.06, 16, 17.1, True),
]
def fmt(v):
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:,.3f}".rstrip("0").rstrip(".")
    return str(v)
cells = [[fmt(v) for v in r] for r in rows]
widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(headers)]
numeric = [isinstance(v, (int, float)) and not isinstance(v, bool) for v in rows[0]]
sep = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
print(sep)
print("| " + " | ".join(h.center(w) for h, w in zip(headers, widths)) + " |")
print(sep.replace("-", "="))
for c in cells:
    print("| " + " | ".join(v.rjust(w) if num else v.ljust(w) for v, w, num in zip(c, widths, numeric)) + " |")
print(sep)
total_moons = sum(r[2] for r in rows)
print(f"Total moons: {total_moons}; ringed: {', '.join(r[0] for r in rows if r[4])}")
print(f"Heaviest: {max(rows, key=lambda r: r[3])[0]}; mean distance {sum(r[1] for r in rows) / len(rows):.4f} AU")
