INPUT = """    [D]    
[N] [C]    
[Z] [M] [P]
 1   2   3 

move 1 from 2 to 1
move 3 from 1 to 3
move 2 from 2 to 1
move 1 from 1 to 2"""

drawing, moves = INPUT.split("\n\n")
lines = drawing.split("\n")
n = len(lines[-1].split())
stacks = [[] for _ in range(n)]
for line in reversed(lines[:-1]):
    for i in range(n):
        pos = 1 + 4 * i
        if pos < len(line) and line[pos] != " ":
            stacks[i].append(line[pos])
print(stacks)

def run(stacks, moves, keep_order):
    stacks = [s[:] for s in stacks]
    for line in moves.splitlines():
        _, count, _, src, _, dst = line.split()
        count, src, dst = int(count), int(src) - 1, int(dst) - 1
        moved = stacks[src][-count:]
        del stacks[src][-count:]
        stacks[dst].extend(moved if keep_order else moved[::-1])
    return stacks

for keep in (False, True):
    final = run(stacks, moves, keep)
    print(final, "".join(s[-1] for s in final if s))
print(stacks)
