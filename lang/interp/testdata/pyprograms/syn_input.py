name = input()
n = int(input("count? "))
nums = [int(x) for x in input().split()]
print()
print(f"hello {name}", n * 2, sum(nums))
