print(sum(i * i for i in range(1, 200001) if i % 7 == 3))
print(any(i * i == 144 for i in range(10 ** 12)))
print(next(i for i in range(10 ** 12) if i * i > 10 ** 6))
