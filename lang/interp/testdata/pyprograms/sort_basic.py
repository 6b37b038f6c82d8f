nums = [5, 2, 9, 1, 5, 6]
print(sorted(nums), sorted(nums, reverse=True))
nums.sort()
print(nums)
words = ["banana", "Apple", "cherry", "date"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=len))
print(sorted("hello"), sorted((3, 1, 2)))
