def solve(n):
    sols = []
    cols = []
    def place(r):
        if r == n:
            sols.append(list(cols))
            return
        for c in range(n):
            if all(c != cc and abs(c - cc) != r - rr for rr, cc in enumerate(cols)):
                cols.append(c)
                place(r + 1)
                cols.pop()
    place(0)
    return sols
s = solve(6)
print(len(s), s[0])
print(len(solve(8)))
