stack = []
for i in range(5):
    stack.append(i * i)
while stack:
    print(stack.pop(), end=" ")
print()
queue = [1, 2, 3]
queue.append(4)
print(queue.pop(0), queue)
