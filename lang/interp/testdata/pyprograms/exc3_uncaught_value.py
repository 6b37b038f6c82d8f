lines = ["10", "20", "x30", "40"]
total = 0
for l in lines:
    total += int(l)
    print("running total", total)
