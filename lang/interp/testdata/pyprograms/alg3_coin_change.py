def min_coins(coins, amount):
    INF = float("inf")
    dp = [0] + [INF] * amount
    choice = [None] * (amount + 1)
    for a in range(1, amount + 1):
        for c in coins:
            if c <= a and dp[a - c] + 1 < dp[a]:
                dp[a] = dp[a - c] + 1
                choice[a] = c
    if dp[amount] == INF:
        return None, []
    used = []
    a = amount
    while a:
        used.append(choice[a])
        a -= choice[a]
    return dp[amount], sorted(used, reverse=True)

def ways(coins, amount):
    dp = [1] + [0] * amount
    for c in coins:
        for a in range(c, amount + 1):
            dp[a] += dp[a - c]
    return dp[amount]

for coins, amount in [([1, 5, 10, 25], 63), ([1, 3, 4], 6), ([2], 3), ([186, 419, 83, 408], 6249), ([7, 3], 0)]:
    print(coins, amount, min_coins(coins, amount))
print(ways([1, 2, 5], 5), ways([1, 5, 10, 25, 50, 100], 100), ways([2], 3), ways([1, 2, 5, 10, 20, 50, 100, 200], 200))

def lcs(a, b):
    m, n = len(a), len(b)
    dp = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(m):
        for j in range(n):
            dp[i + 1][j + 1] = dp[i][j] + 1 if a[i] == b[j] else max(dp[i][j + 1], dp[i + 1][j])
    out = []
    i, j = m, n
    while i and j:
        if a[i - 1] == b[j - 1]:
            out.append(a[i - 1]); i -= 1; j -= 1
        elif dp[i - 1][j] >= dp[i][j - 1]:
            i -= 1
        else:
            j -= 1
    return "".join(reversed(out))

print(lcs("AGGTAB", "GXTXAYB"), lcs("thisisatest", "testing123testing"), repr(lcs("abc", "xyz")))

def word_break(s, words):
    ok = [True] + [False] * len(s)
    prev = [None] * (len(s) + 1)
    for i in range(1, len(s) + 1):
        for w in words:
            if i >= len(w) and ok[i - len(w)] and s[i - len(w):i] == w:
                ok[i] = True
                prev[i] = i - len(w)
                break
    if not ok[-1]:
        return None
    parts, i = [], len(s)
    while i:
        parts.append(s[prev[i]:i]); i = prev[i]
    return parts[::-1]

print(word_break("applepenapple", ["apple", "pen"]), word_break("catsandog", ["cats", "dog", "sand", "and", "cat"]))
def stairs(n, steps=(1, 2, 3)):
    memo = {0: 1}
    def go(k):
        if k < 0:
            return 0
        if k not in memo:
            memo[k] = sum(go(k - s) for s in steps)
        return memo[k]
    return go(n)
print([stairs(n) for n in range(10)], stairs(50))
