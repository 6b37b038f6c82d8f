def quicksort(a):
    if len(a) < 2:
        return a
    pivot = a[len(a) // 2]
    less = [x for x in a if x < pivot]
    equal = [x for x in a if x == pivot]
    greater = [x for x in a if x > pivot]
    return quicksort(less) + equal + quicksort(greater)

print(quicksort([3, 6, 8, 10, 1, 2, 1]))
print(quicksort([5.5, -1.25, 3.0, 2]))
