nums = [3, 1, 4, 1, 5, 9, 2, 6]
print(", ".join(str(n) for n in nums))
print(" ".join(map(str, sorted(nums))))
print("".join(str(n) for n in nums if n % 2 == 0))
print(str(nums), repr("it's"), repr('say "hi"'), str(None))
