grades = {"ann": [90, 85, 77], "bob": [60, 72, 58], "cy": [100, 95, 98]}
def letter(avg):
    for cutoff, l in [(90, "A"), (80, "B"), (70, "C"), (60, "D")]:
        if avg >= cutoff:
            return l
    return "F"
for name, gs in grades.items():
    avg = sum(gs) / len(gs)
    print(f"{name}: {avg:.1f} {letter(avg)}")
best = max(grades, key=lambda n: sum(grades[n]))
print("best:", best)
