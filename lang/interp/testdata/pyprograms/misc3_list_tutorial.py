fruits = ["apple", "banana", "cherry"]
print(fruits, len(fruits), fruits[0], fruits[-1], fruits[1:])
fruits.append("date")
fruits.insert(1, "avocado")
print(fruits)
fruits.remove("banana")
popped = fruits.pop()
print(popped, fruits)
print(fruits.index("cherry"), "apple" in fruits, fruits.count("apple"))
fruits.extend(["fig", "grape"])
fruits.sort()
print(fruits)
fruits.reverse()
print(fruits)
nums = [5, 2, 8, 1, 9, 3]
print(sorted(nums), min(nums), max(nums), sum(nums), sum(nums) / len(nums))
squares = [n ** 2 for n in nums]
evens = [n for n in nums if n % 2 == 0]
print(squares, evens)
matrix = [[1, 2, 3], [4, 5, 6]]
print(matrix[1][2], [row[0] for row in matrix], [x for row in matrix for x in row])
copy = nums[:]
copy[0] = 100
print(nums[0], copy[0])
alias = nums
alias.append(42)
print(nums)
del nums[0]
del nums[-2:]
print(nums, nums * 2, nums + [0])
print(list(range(10))[::3], list(range(10, 0, -2)))
for i, f in enumerate(fruits):
    print(f"{i}: {f}")
print(", ".join(fruits).upper())
empty = []
print(empty, bool(empty), len(empty), [None] * 3)
