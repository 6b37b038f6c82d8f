INPUT = """1000
2000
3000

4000

5000
6000

7000
8000
9000

10000"""

def parse(text):
    return [[int(x) for x in block.split("\n")] for block in text.split("\n\n")]

def part1(elves):
    return max(sum(e) for e in elves)

def part2(elves):
    return sum(sorted((sum(e) for e in elves), reverse=True)[:3])

def main():
    elves = parse(INPUT)
    print("elves:", len(elves))
    print("part 1:", part1(elves))
    print("part 2:", part2(elves))
    for i, e in enumerate(elves, 1):
        print(f"elf {i}: {sum(e):>6} {e}")

if __name__ == "__main__":
    main()
