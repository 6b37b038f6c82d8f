nums = [-3, -1, 0, 2, 5]
print(["neg" if n < 0 else "zero" if n == 0 else "pos" for n in nums])
print([abs(n) for n in nums])
print([n for n in nums if n] or ["empty"])
print(max(nums), min(nums), sum(nums), len(nums))
