def ways(coins, total):
    dp = [1] + [0] * total
    for c in coins:
        for t in range(c, total + 1):
            dp[t] += dp[t - c]
    return dp[total]
def fewest(coins, total):
    INF = float("inf")
    dp = [0] + [INF] * total
    for t in range(1, total + 1):
        for c in coins:
            if c <= t and dp[t - c] + 1 < dp[t]:
                dp[t] = dp[t - c] + 1
    return dp[total] if dp[total] != INF else -1
print(ways([1, 2, 5], 5), ways([2, 5, 3, 6], 10), fewest([1, 2, 5], 11), fewest([2], 3))
