nums = [5, 3, 8, 1, 9, 2]
nums.sort()
print(nums, nums.index(8), nums.count(3))
nums.sort(reverse=True)
print(nums)
nums.insert(0, 100)
nums.insert(-1, 50)
nums.insert(99, 7)
print(nums, nums.pop(), nums.pop(0), nums.pop(-2))
nums.remove(8)
nums.extend([4, 4])
nums.extend(range(2))
print(nums, len(nums))
nums.reverse()
print(nums, nums[::2], nums[1::3], nums[-2:], nums[:-4])
copy = nums.copy()
copy[0] = -1
print(nums[0], copy[0], nums == copy, nums is copy)
nums[1:3] = ["a", "b", "c"]
print(nums)
del nums[::2]
print(nums)
nested = [[0] * 3 for _ in range(2)]
nested[0][0] = 1
bad = [[0] * 3] * 2
bad[0][0] = 1
print(nested, bad)
print([1, 2] * 3, [[]] * 2, [1, 2] + [3], 3 in [1, 2, 3], [1, [2, 3]] == [1, [2, 3]], [1, 2] < [1, 3], [2] > [1, 9])
words = ["banana", "Apple", "cherry", "apple"]
print(sorted(words), sorted(words, key=len), sorted(words, key=lambda w: (w.lower(), w)), min(words), max(words, key=len))
print(list(enumerate(words, start=1))[:2], list(range(10, 0, -3)), list(map(len, words)), sum([[1], [2, 3]], []))
a = [3, 1, 2]
b = sorted(a)
print(a, b, a.sort(), a)
