total = 0
lines = []
while True:
    try:
        line = input()
    except EOFError:
        break
    if not line.strip():
        continue
    lines.append(line)
    nums = [int(x) for x in line.split()]
    total += sum(nums)
    print(f"{len(nums)} numbers, line sum {sum(nums)}, running {total}")
print("lines:", len(lines), "total:", total)
print(max(lines, key=lambda l: len(l.split())))
